import assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { call, chatB, fimB, USER } from './simHttp';

const base = { model: 'beta-v4-flash', messages: [USER('hello')] };
const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'function',
  function: { name, parameters: { type: 'object', properties: {} }, ...extra },
});

const CASES: Array<[string, unknown, number, string, string]> = [
  ['missing model', { messages: [USER('x')] }, 400, 'invalid_request', 'model: required'],
  ['unknown model', { ...base, model: 'beta-v5' }, 404, 'model_not_found', 'does not exist'],
  ['beta-chat went offline', { ...base, model: 'beta-chat' }, 404, 'model_not_found', '2026-07-24'],
  ['beta-reasoner went offline', { ...base, model: 'beta-reasoner' }, 404, 'model_not_found', 'beta-v4-flash'],
  ['developer role is A only', { ...base, messages: [{ role: 'developer', content: 'x' }] }, 400, 'invalid_request', 'messages[0].role'],
  [
    'array content',
    { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] },
    400,
    'invalid_request',
    'messages[0].content: must be a string',
  ],
  ['thinking.type invalid', { ...base, thinking: { type: 'on' } }, 400, 'invalid_request', 'thinking.type'],
  ['reasoning_effort invalid', { ...base, reasoning_effort: 'extreme' }, 400, 'invalid_request', 'reasoning_effort'],
  ['max_tokens 0', { ...base, max_tokens: 0 }, 400, 'invalid_request', 'max_tokens: must be an integer in [1, 393216]'],
  ['max_tokens over 384K', { ...base, max_tokens: 393217 }, 400, 'invalid_request', 'max_tokens'],
  ['max_completion_tokens is not a B field', { ...base, max_completion_tokens: 5 }, 400, 'invalid_request', 'use max_tokens'],
  ['temperature > 2', { ...base, temperature: 2.1 }, 400, 'invalid_request', 'temperature: must be a number in [0, 2]'],
  ['top_p 0', { ...base, top_p: 0 }, 400, 'invalid_request', 'top_p: must be a number in (0, 1]'],
  ['top_p > 1', { ...base, top_p: 1.01 }, 400, 'invalid_request', 'top_p'],
  [
    '17 stop sequences',
    { ...base, stop: Array.from({ length: 17 }, (_, i) => `s${i}`) },
    400,
    'invalid_request',
    'stop: at most 16 sequences',
  ],
  [
    '129 tools',
    { ...base, tools: Array.from({ length: 129 }, (_, i) => tool(`t${i}`)) },
    400,
    'invalid_request',
    'tools: at most 128 tools',
  ],
  ['web_search tool is A only', { ...base, tools: [{ type: 'web_search' }] }, 400, 'invalid_request', 'tools[0].type'],
  ['tool_choice invalid string', { ...base, tools: [tool('a')], tool_choice: 'any' }, 400, 'invalid_request', 'tool_choice'],
  [
    'tool_choice names an unknown tool',
    { ...base, tools: [tool('a')], tool_choice: { type: 'function', function: { name: 'b' } } },
    400,
    'invalid_request',
    '"b" is not one of the tools',
  ],
  ['tool_choice required without tools', { ...base, tool_choice: 'required' }, 400, 'invalid_request', 'tool_choice'],
  ['response_format type invalid', { ...base, response_format: { type: 'json_schema' } }, 400, 'invalid_request', 'response_format.type'],
  [
    'json_object without "json" in messages',
    { ...base, response_format: { type: 'json_object' } },
    400,
    'invalid_request',
    'requires the word "json"',
  ],
  ['logprobs not boolean', { ...base, logprobs: 1 }, 400, 'invalid_request', 'logprobs: must be a boolean'],
  ['top_logprobs 21', { ...base, logprobs: true, top_logprobs: 21 }, 400, 'invalid_request', 'top_logprobs: must be an integer in [0, 20]'],
  ['top_logprobs without logprobs', { ...base, top_logprobs: 2 }, 400, 'invalid_request', 'requires logprobs'],
  ['user_id not a string', { ...base, user_id: 7 }, 400, 'invalid_request', 'user_id'],
  ['stream_options without stream', { ...base, stream_options: { include_usage: true } }, 400, 'invalid_request', 'stream_options'],
  ['strict outside /beta', { ...base, tools: [tool('a', { strict: true })] }, 400, 'invalid_request', '/beta/chat/completions'],
  ['content filter', { ...base, messages: [USER('FORBIDDEN_TOPIC please')] }, 400, 'content_filter', 'safety filter'],
];

describe('sim: Service B validation', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  for (const [name, body, status, code, fragment] of CASES) {
    it(`${name} → ${status} ${code}`, async () => {
      const res = await chatB(sim, body);
      assert.equal(res.status, status, res.text);
      assert.equal(res.json.error.code, code);
      assert.ok(res.json.error.message.includes(fragment), `"${res.json.error.message}" should mention "${fragment}"`);
    });
  }

  it('accepts every valid field at its limits, and maps reasoning_effort aliases', async () => {
    for (const effort of ['low', 'medium', 'high', 'max', 'xhigh']) {
      const res = await chatB(sim, {
        ...base,
        messages: [{ role: 'system', content: 'Reply in JSON.' }, USER('hi')],
        thinking: { type: 'enabled' },
        reasoning_effort: effort,
        max_tokens: 393216,
        temperature: 2,
        top_p: 1,
        presence_penalty: 2,
        frequency_penalty: -2,
        stop: Array.from({ length: 16 }, (_, i) => `zz${i}`),
        tools: Array.from({ length: 128 }, (_, i) => tool(`t${i}`)),
        tool_choice: 'none',
        response_format: { type: 'json_object' },
        logprobs: true,
        top_logprobs: 20,
        user_id: 'u-1',
      });
      assert.equal(res.status, 200, res.text);
      assert.doesNotThrow(() => JSON.parse(res.json.choices[0].message.content), 'json_object content parses');
      assert.equal(res.json.choices[0].logprobs.content[0].top_logprobs.length, 20);
    }
  });

  it('strict is allowed on /beta/chat/completions (docs/contracts.md#b-strict-beta)', async () => {
    const res = await chatB(sim, { ...base, tools: [tool('a', { strict: true })] }, {}, '/beta/chat/completions');
    assert.equal(res.status, 200, res.text);
  });

  it('a tool-call turn without reasoning_content is rejected in reasoning mode only (docs/contracts.md#b-reasoning-content)', async () => {
    const messages = [
      USER('read the file a.txt'),
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'hello' },
    ];
    const rejected = await chatB(sim, { ...base, messages });
    assert.equal(rejected.status, 400);
    assert.equal(rejected.json.error.code, 'invalid_request');
    assert.match(rejected.json.error.message, /messages\[1\]\.reasoning_content.*must be passed back/);
    const withReasoning = structuredClone(messages) as Array<Record<string, unknown>>;
    withReasoning[1].reasoning_content = 'I should read it.';
    assert.equal((await chatB(sim, { ...base, messages: withReasoning })).status, 200);
    assert.equal((await chatB(sim, { ...base, messages, thinking: { type: 'disabled' } })).status, 200);
  });

  it('context_length_exceeded over contextTokensB (configurable)', async () => {
    sim.configure({ contextTokensB: 40 });
    try {
      const res = await chatB(sim, { ...base, messages: [USER('many words '.repeat(40))] });
      assert.equal(res.status, 400);
      assert.equal(res.json.error.code, 'context_length_exceeded');
    } finally {
      sim.reset();
    }
  });

  it('GET /models and /user/balance', async () => {
    const auth = { authorization: `Bearer ${sim.keyB}` };
    const models = await call(`${sim.urlB}/models`, { headers: auth });
    assert.deepEqual(
      models.json.data.map((m: { id: string }) => m.id),
      ['beta-v4-flash', 'beta-v4-pro'],
    );
    assert.equal(models.json.object, 'list');
    for (const m of models.json.data) {
      assert.equal(m.object, 'model');
      assert.equal(typeof m.owned_by, 'string');
    }
    const balance = await call(`${sim.urlB}/user/balance`, { headers: auth });
    assert.equal(balance.json.is_available, true);
    assert.deepEqual(Object.keys(balance.json.balance_infos[0]).sort(), [
      'currency',
      'granted_balance',
      'topped_up_balance',
      'total_balance',
    ]);
    const custom = await startSimulator({ balance: { currency: 'USD', total: '0.00', granted: '0.00', toppedUp: '0.00' } });
    try {
      const res = await call(`${custom.urlB}/user/balance`, { headers: { authorization: `Bearer ${custom.keyB}` } });
      assert.equal(res.json.is_available, false);
      assert.equal(res.json.balance_infos[0].currency, 'USD');
    } finally {
      await custom.close();
    }
  });

  it('unknown paths → 404 (including /v1 prefix and /anthropic), wrong method → 405', async () => {
    const auth = { authorization: `Bearer ${sim.keyB}` };
    assert.equal((await call(`${sim.urlB}/v1/chat/completions`, { body: base, headers: auth })).status, 404);
    assert.equal((await call(`${sim.urlB}/anthropic/v1/messages`, { body: {}, headers: auth })).status, 404);
    const wrong = await call(`${sim.urlB}/models`, { body: {}, headers: auth });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'GET');
  });
});

const fim = { model: 'beta-v4-pro', prompt: 'const x = ' };
const FIM_CASES: Array<[string, unknown, string]> = [
  ['missing prompt', { model: 'beta-v4-pro' }, 'prompt: required'],
  ['prompt not a string', { ...fim, prompt: 3 }, 'prompt: must be a string'],
  ['suffix not a string', { ...fim, suffix: 3 }, 'suffix'],
  ['max_tokens over 4K', { ...fim, max_tokens: 4097 }, 'max_tokens: must be an integer in [1, 4096]'],
  ['max_tokens 0', { ...fim, max_tokens: 0 }, 'max_tokens'],
  ['17 stops', { ...fim, stop: Array.from({ length: 17 }, (_, i) => `${i}`) }, 'stop: at most 16'],
  ['temperature 3', { ...fim, temperature: 3 }, 'temperature'],
  ['top_p 0', { ...fim, top_p: 0 }, 'top_p'],
  ['thinking enabled', { ...fim, thinking: { type: 'enabled' } }, 'non-reasoning mode'],
  ['reasoning_effort', { ...fim, reasoning_effort: 'high' }, 'non-reasoning mode'],
];

describe('sim: Service B FIM validation', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  for (const [name, body, fragment] of FIM_CASES) {
    it(`${name} → 400`, async () => {
      const res = await fimB(sim, body);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error.code, 'invalid_request');
      assert.ok(res.json.error.message.includes(fragment), res.json.error.message);
    });
  }

  it('missing model → 400, retired model → 404', async () => {
    assert.equal((await fimB(sim, { prompt: 'x' })).status, 400);
    assert.equal((await fimB(sim, { ...fim, model: 'beta-chat' })).status, 404);
  });

  it('accepts both model ids, thinking disabled, and a string stop', async () => {
    for (const model of ['beta-v4-pro', 'beta-v4-flash']) {
      const res = await fimB(sim, {
        ...fim,
        model,
        thinking: { type: 'disabled' },
        stop: '\n',
        suffix: ';\n',
        max_tokens: 4096,
        temperature: 0,
        top_p: 1,
      });
      assert.equal(res.status, 200, res.text);
    }
  });
});
