import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Simulator } from '../../../../sim/simulator';
import { chatButtonAction, errorView } from '../../../../src/core/chat/chatErrors';
import {
  errorFix,
  FEATURES,
  finishFix,
  fixCommand,
  fixText,
  MAPPED_CODES,
  MODEL_SETTINGS,
  type Feature,
  type FixAction,
} from '../../../../src/core/errors/errorFixes';
import { english, type Localise } from '../../../../src/core/errors/phrase';
import { isServiceError, ServiceError, type ErrorCode } from '../../../../src/core/errors/serviceError';
import { normalizeBaseUrl } from '../../../../src/core/services/endpoints';
import { chatHarness, type Harness, simulatorForChats } from '../chat/chatHarness';

/** Every code errorMapping can produce; a Record, so a code added to ErrorCode fails to compile here until listed. */
const ALL_CODES: Record<ErrorCode, true> = {
  invalid_api_key: true,
  rate_limit_exceeded: true,
  invalid_request: true,
  context_length_exceeded: true,
  content_filter: true,
  server_error: true,
  model_not_found: true,
  insufficient_balance: true,
  missing_key: true,
  missing_base_url: true,
  origin_not_approved: true,
  network_error: true,
  timeout: true,
  stream_truncated: true,
  invalid_response: true,
  aborted: true,
};

const errorOf = (code: ErrorCode, service: 'A' | 'B' = 'B') =>
  new ServiceError({ service, code, message: `Service ${service} failed (${code})` });

function normalizeError(call: () => unknown): ServiceError {
  try {
    call();
  } catch (error) {
    if (isServiceError(error)) return error;
  }
  throw new Error('expected a ServiceError');
}

/** Actions only the chat can run (it owns the answer); everywhere else they would be a dead button. */
const CHAT_ONLY: ReadonlySet<FixAction['kind']> = new Set(['retry', 'newChatWithSummary']);

describe('error fixes: one mapping from an error to its message and fix', () => {
  it('maps every error code for every feature, each with what went wrong and what to do', () => {
    assert.deepEqual([...MAPPED_CODES].sort(), Object.keys(ALL_CODES).sort(), 'the mapping covers exactly the error codes');
    for (const code of Object.keys(ALL_CODES) as ErrorCode[]) {
      for (const feature of FEATURES) {
        for (const partial of [false, true]) {
          const where = `${code} in ${feature}${partial ? ' (partial)' : ''}`;
          const fix = errorFix(errorOf(code), { feature, service: 'B', partial });
          assert.equal(fix.code, code, where);
          assert.equal(fix.service, 'B', where);
          assert.ok(fix.message, `${where}: a message`);
          if (feature !== 'completion') assert.equal(fix.notice, undefined, `${where}: only completion failures are notices`);
          if (code === 'aborted') {
            assert.equal(fix.action, undefined, `${where}: a cancel has nothing to fix`);
            continue;
          }
          assert.ok(fix.hint, `${where}: a hint says what to do`);
          if (!fix.action) continue;
          if (feature === 'chat') {
            assert.ok(fix.action.kind !== 'showLog' && fix.action.kind !== 'snooze', `${where}: the chat has no ${fix.action.kind} button`);
            // The webview sends back only the button's name: it must stand for the same action.
            const button = errorView(errorOf(code), 'B', partial).action;
            assert.ok(button, `${where}: the chat shows the action`);
            assert.deepEqual(chatButtonAction(button, 'B'), fix.action, `${where}: the chat button runs the mapped action`);
          } else {
            assert.ok(!CHAT_ONLY.has(fix.action.kind), `${where}: ${fix.action.kind} is the chat's own`);
            assert.ok(fixCommand(fix.action), `${where}: the action runs a command`);
          }
          if (fix.action.kind === 'snooze') assert.equal(feature, 'completion', `${where}: only completions snooze`);
        }
      }
    }
  });

  it("model_not_found's fix opens the model setting of the feature, not the base URL", () => {
    const expected: Record<Exclude<Feature, 'connection'>, string> = {
      completion: 'tandem.completion.model',
      chat: 'tandem.chat.model',
      speech: 'tandem.speech.model',
    };
    assert.deepEqual(MODEL_SETTINGS, expected);
    for (const [feature, setting] of Object.entries(expected) as Array<[keyof typeof expected, string]>) {
      const fix = errorFix(errorOf('model_not_found'), { feature, service: 'B' });
      assert.deepEqual(fix.action, { kind: 'pickModel', feature, setting });
      assert.deepEqual(fixCommand(fix.action!), { command: 'workbench.action.openSettings', args: [setting] });
      assert.match(fix.hint, /Pick another Service B model/, "the service's own advice is kept");
      assert.ok(fix.hint.includes(setting), `${feature}: the hint names ${setting}`);
      assert.doesNotMatch(fixText(fix), /baseUrl/);
      // Every completion fails the same way: one (throttled) notice, not only the status bar.
      assert.equal(fix.notice, feature === 'completion' ? 'unknown_model' : undefined);
    }
  });

  it('keeps the other fixes: key, base URL, snooze, new chat, log', () => {
    const action = (code: ErrorCode, feature: Feature, partial = false) =>
      errorFix(errorOf(code, 'A'), { feature, service: 'A', partial }).action;
    assert.deepEqual(action('invalid_api_key', 'speech'), { kind: 'setKey', service: 'A' });
    assert.deepEqual(action('origin_not_approved', 'connection'), { kind: 'setKey', service: 'A' });
    assert.deepEqual(action('network_error', 'completion'), { kind: 'openSettings', setting: 'tandem.serviceA.baseUrl' });
    assert.deepEqual(action('network_error', 'chat', true), { kind: 'retry' }, 'a connection lost mid-answer is a cut stream');
    assert.deepEqual(action('rate_limit_exceeded', 'completion'), { kind: 'snooze', minutes: 5 });
    assert.deepEqual(action('context_length_exceeded', 'chat'), { kind: 'newChatWithSummary' });
    assert.deepEqual(action('server_error', 'speech'), { kind: 'showLog' });
    assert.deepEqual(fixCommand({ kind: 'setKey', service: 'A' }), { command: 'tandem.setApiKey', args: ['A'] });
    assert.deepEqual(fixCommand({ kind: 'showLog' }), { command: 'tandem.showLog', args: [] });
    assert.deepEqual(fixCommand({ kind: 'snooze', minutes: 5 }), { command: 'tandem.completion.snooze', args: [5] });
  });

  it('says which service, what went wrong and what to do in one line', () => {
    const fix = errorFix(errorOf('invalid_api_key'), { feature: 'connection', service: 'B' });
    assert.equal(fixText(fix), 'Service B: Service B failed (invalid_api_key) — Set your Service B key (Tandem: Set API Key…)');
    const own = errorFix(new TypeError('boom'), { feature: 'chat', service: 'A' });
    assert.deepEqual([own.code, own.message, own.action], ['internal_error', 'Tandem failed: boom', { kind: 'retry' }]);
  });

  it('puts every hint, finish notice and line it shows through the translator, and the l10n bundle holds each template', () => {
    const bundle = JSON.parse(readFileSync(join(__dirname, '../../../../l10n/bundle.l10n.json'), 'utf8')) as Record<string, string>;
    const seen: string[] = [];
    // A "translation" that marks its text, so English that skipped the translator shows.
    const localise: Localise = (p) => {
      seen.push(p.template);
      return `«${english(p)}»`;
    };
    const errors = [
      ...(Object.keys(ALL_CODES) as ErrorCode[]).map((code) => errorOf(code)),
      normalizeError(() => normalizeBaseUrl('B', 'http://example.com')),
      normalizeError(() => normalizeBaseUrl('A', '')),
    ];
    for (const error of errors) {
      for (const feature of FEATURES) {
        for (const partial of [false, true]) {
          const fix = errorFix(error, { feature, service: 'B', partial, localise });
          const where = `${error.code} in ${feature}${partial ? ' (partial)' : ''}`;
          if (error.code !== 'aborted') assert.match(fix.hint, /^«.*»$/s, `${where}: the hint is translated`);
          assert.match(fixText(fix, localise), /^«.*»$/s, `${where}: the one-line text is translated`);
        }
      }
    }
    for (const reason of ['length', 'content_filter', 'repetition_truncation']) {
      const fix = finishFix(reason, 'B', localise);
      assert.match(`${fix?.message}|${fix?.hint}`, /^«.*»\|«.*»$/s, `${reason}: message and hint are translated`);
    }
    const own = errorFix(new TypeError('boom'), { feature: 'chat', service: 'A', localise });
    assert.equal(own.message, '«Tandem failed: boom»');
    for (const template of new Set(seen)) assert.ok(Object.hasOwn(bundle, template), `the l10n bundle holds "${template}"`);
  });

  describe('the chat path, with the real clients', () => {
    let sim: Simulator;
    let h: Harness | undefined;
    simulatorForChats(
      (started) => (sim = started),
      () => h,
    );

    it('a retired model offers "Choose model", which opens tandem.chat.model', async () => {
      h = chatHarness(sim, { options: { thinking: false } });
      // A chat saved before its model was retired (the picker no longer offers it).
      h.controller.chat.options.model = 'beta-chat';
      await h.controller.send('Hi');
      const error = h.lastAssistant().error!;
      assert.deepEqual([error.code, error.action], ['model_not_found', 'pickModel']);
      assert.match(error.hint, /tandem\.chat\.model/);
      const action = chatButtonAction(error.action!, error.service);
      assert.deepEqual(fixCommand(action), { command: 'workbench.action.openSettings', args: ['tandem.chat.model'] });
    });
  });
});
