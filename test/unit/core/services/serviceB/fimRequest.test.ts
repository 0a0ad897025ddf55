import assert from 'node:assert/strict';
import { buildFimRequest } from '../../../../../src/core/services/serviceB/fimRequest';
import { expectInvalid, expectServiceError } from '../expectServiceError';

describe('buildFimRequest', () => {
  it('defaults to beta-v4-pro on /beta/completions', () => {
    assert.deepEqual(buildFimRequest({ prompt: 'def add(a, b):\n    ' }), {
      path: '/beta/completions',
      body: { model: 'beta-v4-pro', prompt: 'def add(a, b):\n    ' },
    });
  });

  it('full request, with no reasoning field ever (docs/contracts.md#b-fim-non-reasoning)', () => {
    const req = buildFimRequest({
      model: 'beta-v4-flash',
      prompt: 'const x = ',
      suffix: ';\nexport { x };',
      maxTokens: 4096,
      stop: ['\n\n'],
      stream: true,
      temperature: 0.2,
      topP: 0.95,
    });
    assert.deepEqual(req, {
      path: '/beta/completions',
      body: {
        model: 'beta-v4-flash',
        prompt: 'const x = ',
        suffix: ';\nexport { x };',
        max_tokens: 4096,
        stop: ['\n\n'],
        stream: true,
        temperature: 0.2,
        top_p: 0.95,
      },
    });
    for (const field of ['thinking', 'reasoning_effort', 'messages']) assert.equal(field in req.body, false);
  });

  it('an empty prompt (cursor at file start) is allowed', () => {
    assert.equal(buildFimRequest({ prompt: '', suffix: 'rest' }).body.prompt, '');
  });

  it('max_tokens 1..4096, stop ≤ 16, model checks', () => {
    expectInvalid(
      'B',
      () => buildFimRequest({ prompt: 'x', maxTokens: 4097 }),
      'Service B max_tokens must be an integer from 1 to 4096 (got 4097)',
    );
    expectInvalid(
      'B',
      () => buildFimRequest({ prompt: 'x', maxTokens: 0 }),
      'Service B max_tokens must be an integer from 1 to 4096 (got 0)',
    );
    expectInvalid(
      'B',
      () => buildFimRequest({ prompt: 'x', stop: Array.from({ length: 17 }, (_, i) => `${i}`) }),
      'Service B allows at most 16 stop sequences (got 17)',
    );
    expectInvalid(
      'B',
      () => buildFimRequest({ prompt: 'x', temperature: 3 }),
      'Service B temperature must be a number from 0 to 2 (got 3)',
    );
    expectInvalid(
      'B',
      () => buildFimRequest({ model: 'alpha-v2.5', prompt: 'x' }),
      '"alpha-v2.5" cannot do fill-in-the-middle on Service B',
    );
    expectInvalid(
      'B',
      () => buildFimRequest({ prompt: undefined as unknown as string }),
      'Service B fill-in-the-middle needs a prompt string',
    );
    expectServiceError(() => buildFimRequest({ model: 'beta-chat', prompt: 'x' }), {
      service: 'B',
      code: 'model_not_found',
      message: /beta-chat/,
    });
  });
});
