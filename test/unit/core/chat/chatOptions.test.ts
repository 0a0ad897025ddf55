import * as assert from 'node:assert/strict';
import { modelChoices, normalizeOptions } from '../../../../src/core/chat/chatController';
import { errorView } from '../../../../src/core/chat/chatErrors';
import { ServiceError } from '../../../../src/core/errors/serviceError';
import { chatTools } from '../../../../src/core/tools/toolDefinitions';
import type { ChatOptions } from '../../../../src/shared/protocol';

const base: ChatOptions = { service: 'B', model: 'beta-v4-pro', thinking: true, reasoningEffort: 'max', webSearch: false };

describe('chat options and error actions', () => {
  it('keeps the model with its service and web search with Service A', () => {
    assert.deepEqual(normalizeOptions(base, false), base);
    assert.equal(normalizeOptions({ ...base, service: 'A' }, true).model, 'alpha-v2.5-pro', 'a switched service gets its own model');
    assert.equal(
      normalizeOptions({ ...base, model: 'alpha-v2.5' }, false).model,
      'beta-v4-flash',
      'a model of the other service is replaced',
    );
    assert.equal(normalizeOptions({ ...base, model: 'alpha-v2.5-tts' }, false).model, 'beta-v4-flash', 'speech models are not chat models');
    assert.equal(normalizeOptions({ ...base, webSearch: true }, false).webSearch, false, 'Service B has no web search');
    assert.equal(normalizeOptions({ ...base, service: 'A', model: 'alpha-v2.5', webSearch: true }, false).webSearch, true);
  });

  it('narrows the picker to the models the account lists, never to nothing', () => {
    assert.deepEqual(
      modelChoices().map((m) => m.id),
      ['alpha-v2.5-pro', 'alpha-v2.5', 'beta-v4-flash', 'beta-v4-pro'],
    );
    assert.deepEqual(
      modelChoices({ B: ['beta-v4-flash', 'other'] })
        .filter((m) => m.service === 'B')
        .map((m) => m.id),
      ['beta-v4-flash'],
    );
    assert.equal(modelChoices({ B: ['unrelated'] }).filter((m) => m.service === 'B').length, 2);
  });

  it('offers run_command only in trusted workspaces', () => {
    const names = (trusted: boolean) => chatTools({ trusted }).map((t) => t.function.name);
    assert.ok(names(true).includes('run_command'));
    assert.ok(!names(false).includes('run_command'));
    assert.ok(names(false).includes('apply_edit'));
  });

  it('gives each failure the action that fixes it', () => {
    const e = (code: ConstructorParameters<typeof ServiceError>[0]['code']) => new ServiceError({ service: 'A', code, message: code });
    assert.equal(errorView(e('invalid_api_key'), 'A', false).action, 'setKey');
    assert.equal(errorView(e('missing_base_url'), 'A', false).action, 'openSettings');
    assert.equal(errorView(e('network_error'), 'A', false).action, 'openSettings');
    assert.equal(errorView(e('network_error'), 'A', true).action, 'retry', 'a connection lost mid-answer is a cut stream');
    assert.equal(errorView(e('context_length_exceeded'), 'A', false).action, 'newChatWithSummary');
    assert.equal(errorView(e('stream_truncated'), 'A', true).action, 'retry');
    assert.equal(errorView(e('content_filter'), 'A', false).action, undefined);
    assert.equal(errorView(new Error('boom'), 'B', false).action, 'retry');
  });
});
