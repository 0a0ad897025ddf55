import assert from 'node:assert/strict';
import { MODELS, SERVICE_LIMITS, completionModels, modelIdList, modelsFor } from '../../../../src/core/services/modelCatalog';
import { buildServiceAChatRequest } from '../../../../src/core/services/serviceA/serviceAChatRequest';
import { buildSpeechRequest } from '../../../../src/core/services/serviceA/speechRequest';
import { buildServiceBChatRequest } from '../../../../src/core/services/serviceB/serviceBChatRequest';
import { buildFimRequest } from '../../../../src/core/services/serviceB/fimRequest';
import { expectServiceError, expectInvalid } from './expectServiceError';

const hi = [{ role: 'user' as const, content: 'hi' }];
const stops = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`);

// Each builder's token cap is the model's own catalog entry, at the cap and one past it.
describe('request builders take their limits from the catalog', () => {
  for (const m of modelsFor('A', 'text')) {
    it(`${m.id}: max_completion_tokens up to maxOutputTokens (${m.maxOutputTokens})`, () => {
      assert.equal(
        buildServiceAChatRequest({ model: m.id, messages: hi, maxCompletionTokens: m.maxOutputTokens }).body.max_completion_tokens,
        m.maxOutputTokens,
      );
      expectInvalid(
        'A',
        () => buildServiceAChatRequest({ model: m.id, messages: hi, maxCompletionTokens: m.maxOutputTokens + 1 }),
        new RegExp(`from 1 to ${m.maxOutputTokens} `),
      );
    });
  }

  for (const m of modelsFor('A', 'speech')) {
    it(`${m.id}: max_completion_tokens up to maxOutputTokens (${m.maxOutputTokens})`, () => {
      const voice =
        m.speech === 'preset'
          ? {}
          : m.speech === 'voicedesign'
            ? { voiceDescription: 'calm' }
            : { voiceSampleBase64: 'AAAA', voiceSampleSeconds: 5 };
      assert.equal(
        buildSpeechRequest({ model: m.id, text: 'hi', maxCompletionTokens: m.maxOutputTokens, ...voice }).body.max_completion_tokens,
        m.maxOutputTokens,
      );
      expectInvalid(
        'A',
        () => buildSpeechRequest({ model: m.id, text: 'hi', maxCompletionTokens: m.maxOutputTokens + 1, ...voice }),
        new RegExp(`from 1 to ${m.maxOutputTokens} `),
      );
    });
  }

  for (const m of modelsFor('B', 'text')) {
    it(`${m.id}: chat max_tokens up to maxOutputTokens (${m.maxOutputTokens}), FIM max_tokens up to fimMaxTokens (${m.fimMaxTokens})`, () => {
      assert.equal(
        buildServiceBChatRequest({ model: m.id, messages: hi, maxTokens: m.maxOutputTokens }).body.max_tokens,
        m.maxOutputTokens,
      );
      expectInvalid(
        'B',
        () => buildServiceBChatRequest({ model: m.id, messages: hi, maxTokens: m.maxOutputTokens + 1 }),
        new RegExp(`from 1 to ${m.maxOutputTokens} `),
      );
      assert.ok(m.fimMaxTokens !== undefined);
      assert.equal(buildFimRequest({ model: m.id, prompt: 'x', maxTokens: m.fimMaxTokens }).body.max_tokens, m.fimMaxTokens);
      expectInvalid(
        'B',
        () => buildFimRequest({ model: m.id, prompt: 'x', maxTokens: m.fimMaxTokens! + 1 }),
        new RegExp(`from 1 to ${m.fimMaxTokens} `),
      );
    });
  }

  it('stop sequences: each service’s count from SERVICE_LIMITS, FIM included', () => {
    const a = SERVICE_LIMITS.A.maxStopSequences;
    const b = SERVICE_LIMITS.B.maxStopSequences;
    assert.deepEqual([a, b], [4, 16]);
    buildServiceAChatRequest({ model: 'alpha-v2.5', messages: hi, stop: stops(a) });
    expectInvalid(
      'A',
      () => buildServiceAChatRequest({ model: 'alpha-v2.5', messages: hi, stop: stops(a + 1) }),
      `Service A allows at most ${a} stop sequences (got ${a + 1})`,
    );
    buildServiceBChatRequest({ model: 'beta-v4-flash', messages: hi, stop: stops(b) });
    expectInvalid(
      'B',
      () => buildServiceBChatRequest({ model: 'beta-v4-flash', messages: hi, stop: stops(b + 1) }),
      `Service B allows at most ${b} stop sequences (got ${b + 1})`,
    );
    buildFimRequest({ prompt: 'x', stop: stops(b) });
    expectInvalid(
      'B',
      () => buildFimRequest({ prompt: 'x', stop: stops(b + 1) }),
      `Service B allows at most ${b} stop sequences (got ${b + 1})`,
    );
  });

  it('Service B tools: at most SERVICE_LIMITS.B.maxTools', () => {
    const max = SERVICE_LIMITS.B.maxTools;
    assert.equal(max, 128);
    const tools = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'function' as const, function: { name: `f${i}` } }));
    assert.equal(
      (buildServiceBChatRequest({ model: 'beta-v4-flash', messages: hi, tools: tools(max) }).body.tools as unknown[]).length,
      max,
    );
    expectInvalid(
      'B',
      () => buildServiceBChatRequest({ model: 'beta-v4-flash', messages: hi, tools: tools(max + 1) }),
      `Service B allows at most ${max} tools (got ${max + 1})`,
    );
  });

  it('FIM limits belong to exactly the FIM models; the completion picker lists them default first', () => {
    for (const m of MODELS) assert.equal(m.fimMaxTokens !== undefined, m.fim, m.id);
    assert.deepEqual(
      completionModels().map((m) => m.id),
      ['beta-v4-pro', 'beta-v4-flash'],
    );
    assert.ok(completionModels().every((m) => typeof m.completionNote === 'string' && m.completionNote !== ''));
  });

  it('an unknown model’s hint lists the catalog’s models for that request', () => {
    const hint = (service: 'A' | 'B', fn: () => unknown, expected: string) =>
      expectServiceError(fn, { service, code: 'invalid_request', message: /./, hint: expected });
    hint('A', () => buildServiceAChatRequest({ model: 'nope', messages: hi }), 'Choose alpha-v2.5-pro or alpha-v2.5.');
    hint(
      'A',
      () => buildSpeechRequest({ model: 'alpha-v2.5', text: 'hi' }),
      'Use alpha-v2.5-tts, alpha-v2.5-tts-voicedesign or alpha-v2.5-tts-voiceclone.',
    );
    hint('B', () => buildServiceBChatRequest({ model: 'nope', messages: hi }), 'Choose beta-v4-flash or beta-v4-pro.');
    hint('B', () => buildFimRequest({ model: 'alpha-v2.5', prompt: 'x' }), 'Use beta-v4-pro or beta-v4-flash.');
    assert.deepEqual([modelIdList([]), modelIdList(MODELS.slice(0, 1))], ['', 'alpha-v2.5-pro']);
  });
});
