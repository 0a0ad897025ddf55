import assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { call, chatA, USER } from './simHttp';

const base = { model: 'alpha-v2.5', messages: [USER('hello')] };
const tts = { model: 'alpha-v2.5-tts', messages: [USER('read this'), { role: 'assistant', content: 'Hello there.' }] };

/** [name, body, status, code, message fragment] */
const CASES: Array<[string, unknown, number, string, string]> = [
  ['missing model', { messages: [USER('x')] }, 400, 'invalid_request', 'model: required'],
  ['unknown model', { ...base, model: 'gpt-9' }, 404, 'model_not_found', 'gpt-9'],
  ['retired alpha-v2', { ...base, model: 'alpha-v2' }, 404, 'model_not_found', 'retired'],
  ['retired alpha-v1.5-pro', { ...base, model: 'alpha-v1.5-pro' }, 404, 'model_not_found', '2026-06-30'],
  ['missing messages', { model: 'alpha-v2.5' }, 400, 'invalid_request', 'messages: required'],
  ['empty messages', { ...base, messages: [] }, 400, 'invalid_request', 'at least one message'],
  ['bad role', { ...base, messages: [{ role: 'robot', content: 'x' }] }, 400, 'invalid_request', 'messages[0].role'],
  ['content not string/array', { ...base, messages: [{ role: 'user', content: 5 }] }, 400, 'invalid_request', 'messages[0].content'],
  [
    'unknown content part',
    { ...base, messages: [{ role: 'user', content: [{ type: 'file', file: {} }] }] },
    400,
    'invalid_request',
    'content[0].type',
  ],
  [
    'image part without url',
    { ...base, messages: [{ role: 'user', content: [{ type: 'image_url', image_url: {} }] }] },
    400,
    'invalid_request',
    'image_url.url',
  ],
  [
    'max_completion_tokens 0',
    { ...base, max_completion_tokens: 0 },
    400,
    'invalid_request',
    'max_completion_tokens: must be an integer in [1, 131072]',
  ],
  ['max_completion_tokens too big', { ...base, max_completion_tokens: 131073 }, 400, 'invalid_request', 'max_completion_tokens'],
  ['max_completion_tokens not integer', { ...base, max_completion_tokens: 1.5 }, 400, 'invalid_request', 'max_completion_tokens'],
  ['speech max_completion_tokens > 8192', { ...tts, max_completion_tokens: 8193 }, 400, 'invalid_request', '[1, 8192]'],
  ['temperature > 1.5', { ...base, temperature: 1.6 }, 400, 'invalid_request', 'temperature: must be a number in [0, 1.5]'],
  ['temperature < 0', { ...base, temperature: -0.1 }, 400, 'invalid_request', 'temperature'],
  ['top_p < 0.01', { ...base, top_p: 0 }, 400, 'invalid_request', 'top_p: must be a number in [0.01, 1]'],
  ['frequency_penalty > 2', { ...base, frequency_penalty: 2.5 }, 400, 'invalid_request', 'frequency_penalty'],
  ['presence_penalty < -2', { ...base, presence_penalty: -3 }, 400, 'invalid_request', 'presence_penalty'],
  ['5 stop sequences', { ...base, stop: ['a', 'b', 'c', 'd', 'e'] }, 400, 'invalid_request', 'stop: at most 4 sequences'],
  ['stream not boolean', { ...base, stream: 'yes' }, 400, 'invalid_request', 'stream: must be a boolean'],
  ['bad tool type', { ...base, tools: [{ type: 'code_interpreter' }] }, 400, 'invalid_request', 'tools[0].type'],
  [
    'bad function name',
    { ...base, tools: [{ type: 'function', function: { name: 'read file' } }] },
    400,
    'invalid_request',
    'tools[0].function.name',
  ],
  [
    'function name of 65 chars',
    { ...base, tools: [{ type: 'function', function: { name: 'a'.repeat(65) } }] },
    400,
    'invalid_request',
    'at most 64',
  ],
  ['thinking.type invalid', { ...base, thinking: { type: 'auto' } }, 400, 'invalid_request', 'thinking.type'],
  ['audio on a text model', { ...base, audio: { format: 'wav' } }, 400, 'invalid_request', 'audio: only supported by the speech models'],
  ['max_tokens is not an A field', { ...base, max_tokens: 10 }, 400, 'invalid_request', 'use max_completion_tokens'],
  ['speech + thinking', { ...tts, thinking: { type: 'disabled' } }, 400, 'invalid_request', 'thinking: not supported by speech model'],
  ['speech + tools', { ...tts, tools: [{ type: 'web_search' }] }, 400, 'invalid_request', 'tools: not supported'],
  ['speech + tool_choice', { ...tts, tool_choice: 'auto' }, 400, 'invalid_request', 'tool_choice: not supported'],
  ['speech + response_format', { ...tts, response_format: { type: 'text' } }, 400, 'invalid_request', 'response_format: not supported'],
  ['speech + stop', { ...tts, stop: ['x'] }, 400, 'invalid_request', 'stop: not supported'],
  ['tts without assistant text', { model: 'alpha-v2.5-tts', messages: [USER('say hi')] }, 400, 'invalid_request', 'assistant'],
  ['tts unknown voice', { ...tts, audio: { voice: 'Bob' } }, 400, 'invalid_request', 'audio.voice: must be one of the preset voices'],
  ['audio.format invalid', { ...tts, audio: { format: 'ogg' } }, 400, 'invalid_request', 'audio.format'],
  ['mp3 is not encodable here', { ...tts, audio: { format: 'mp3' } }, 400, 'invalid_request', 'mp3 is not supported by the simulator'],
  [
    'optimize_text_preview on tts',
    { ...tts, audio: { optimize_text_preview: true } },
    400,
    'invalid_request',
    'only supported by alpha-v2.5-tts-voicedesign',
  ],
  [
    'voicedesign with audio.voice',
    {
      model: 'alpha-v2.5-tts-voicedesign',
      messages: [USER('a calm voice'), { role: 'assistant', content: 'Hi.' }],
      audio: { voice: 'Mia' },
    },
    400,
    'invalid_request',
    'audio.voice: not supported',
  ],
  [
    'voicedesign without text or optimize',
    { model: 'alpha-v2.5-tts-voicedesign', messages: [USER('a calm voice')] },
    400,
    'invalid_request',
    'optimize_text_preview',
  ],
  [
    'voiceclone without voice',
    { model: 'alpha-v2.5-tts-voiceclone', messages: [{ role: 'assistant', content: 'Hi.' }] },
    400,
    'invalid_request',
    'audio.voice: required',
  ],
  ['content filter', { ...base, messages: [USER('tell me about FORBIDDEN_TOPIC')] }, 400, 'content_filter', 'safety filter'],
  ['body not an object', [1, 2], 400, 'invalid_request', 'request body'],
];

describe('sim: Service A validation', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  for (const [name, body, status, code, fragment] of CASES) {
    it(`${name} → ${status} ${code}`, async () => {
      const res = await chatA(sim, body);
      assert.equal(res.status, status, res.text);
      assert.equal(res.json.error.code, code);
      assert.ok(res.json.error.message.includes(fragment), `"${res.json.error.message}" should mention "${fragment}"`);
    });
  }

  it('accepts every valid field at its limits', async () => {
    const res = await chatA(sim, {
      ...base,
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'developer', content: 'use markdown', name: 'dev' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'describe this' },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
            { type: 'video_url', video_url: { url: 'https://example.com/v.mp4' } },
          ],
        },
      ],
      max_completion_tokens: 131072,
      temperature: 1.5,
      top_p: 0.01,
      frequency_penalty: -2,
      presence_penalty: 2,
      stop: ['a', 'b', 'c', 'd'],
      stream: null,
      response_format: { type: 'text' },
      thinking: { type: 'enabled' },
      tools: [
        { type: 'web_search' },
        { type: 'function', function: { name: 'A-b_9', description: 'd', parameters: { type: 'object' }, strict: true } },
      ],
      tool_choice: 'required',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.usage.prompt_tokens_details.image_tokens, 256);
    assert.equal(res.json.usage.prompt_tokens_details.video_tokens, 1024);
  });

  it('tool_choice other than auto is removed, not rejected (docs/contracts.md#a-tool-choice)', async () => {
    const res = await chatA(sim, {
      ...base,
      tools: [{ type: 'function', function: { name: 'x' } }],
      tool_choice: { type: 'function', function: { name: 'x' } },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.choices[0].finish_reason, 'stop');
  });

  it('context_length_exceeded over contextTokensA', async () => {
    const small = await startSimulator({ contextTokensA: 50 });
    try {
      const res = await chatA(small, { ...base, messages: [USER('word '.repeat(100))] });
      assert.equal(res.status, 400);
      assert.equal(res.json.error.code, 'context_length_exceeded');
      assert.match(res.json.error.message, /context window of 50 tokens/);
    } finally {
      await small.close();
    }
  });

  it('body that is not JSON → 400 invalid_request; wrong content type → 400', async () => {
    const notJson = await call(`${sim.urlA}/v1/chat/completions`, { body: '{nope', headers: { 'api-key': sim.keyA } });
    assert.equal(notJson.status, 400);
    assert.equal(notJson.json.error.code, 'invalid_request');
    const text = await call(`${sim.urlA}/v1/chat/completions`, {
      body: JSON.stringify(base),
      headers: { 'api-key': sim.keyA, 'content-type': 'text/plain' },
    });
    assert.equal(text.status, 400);
    assert.match(text.json.error.message, /Content-Type/);
  });

  it('unknown path → 404, wrong method → 405', async () => {
    const unknown = await call(`${sim.urlA}/v1/completions`, { body: base, headers: { 'api-key': sim.keyA } });
    assert.equal(unknown.status, 404);
    const wrong = await call(`${sim.urlA}/v1/chat/completions`, { headers: { 'api-key': sim.keyA } });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'POST');
  });
});
