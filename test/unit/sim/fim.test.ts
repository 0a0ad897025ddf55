import assert from 'node:assert/strict';
import { completeFim, generateFim } from '../../../sim/fim';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { countTokens } from '../../../sim/tokens';
import { fimB, parseSse } from './simHttp';

const TWO_FUNCS =
  'function add(a: number, b: number): number {\n  return a + b;\n}\n\nfunction sub(a: number, b: number): number {\n  return ';

describe('sim: FIM engine', () => {
  it('finishes a mid-line prompt from an earlier occurrence in the prompt', () => {
    assert.equal(generateFim(TWO_FUNCS, '\n}\n'), 'a + b;');
  });

  it('does not repeat what the suffix already has on the cursor line', () => {
    const out = generateFim('const a = Math.max(1, 2);\nconst b = Math.max(', ');\n');
    assert.equal(out, '1, 2');
  });

  it('continues from the built-in corpus', () => {
    assert.equal(generateFim('import { readFile } from ', ''), "'node:fs/promises';");
    assert.equal(generateFim('const total = ', '\n'), 'items.reduce((acc, item) => acc + item.price, 0);');
  });

  it('an empty line after a block opener gets indented lines, closed when the suffix does not close it', () => {
    const open = generateFim('export function clamp(value: number, min: number, max: number): number {\n', '');
    assert.equal(open, '  return Math.min(max, Math.max(min, value));\n}');
    const closed = generateFim('export function clamp(value: number, min: number, max: number): number {\n', '}\n');
    assert.ok(!closed.includes('}'), 'the suffix already closes the block');
    assert.ok(closed.startsWith('  return'));
  });

  it('falls back to a language-appropriate body when nothing matches', () => {
    const py = generateFim('def frobnicate_widgets(count):\n', '');
    assert.match(py, /^ {4}\S/);
    assert.match(py, /frobnicate_widgets/);
    const go = generateFim('package main\n\nfunc quuxify(n int) int {\n', '}\n');
    assert.match(go, /^\t/);
  });

  it('stops before repeating the first non-blank line of the suffix', () => {
    const prompt = 'const f = () => {\n  const a = 1;\n  const b = 2;\n  return a + b;\n};\n\nconst g = () => {\n';
    assert.equal(generateFim(prompt, ''), '  const a = 1;\n  const b = 2;\n  return a + b;\n};');
    const out = generateFim(prompt, '  const b = 2;\n  return a + b;\n};\n');
    assert.equal(out.trim(), 'const a = 1;');
  });

  it('honours stop sequences and max_tokens', () => {
    const prompt = 'export function clamp(value: number, min: number, max: number): number {\n';
    assert.deepEqual(completeFim({ prompt, suffix: '', maxTokens: 100, stop: ['Math.max'] }), {
      text: '  return Math.min(max, ',
      finishReason: 'stop',
    });
    const capped = completeFim({ prompt, suffix: '', maxTokens: 3, stop: [] });
    assert.equal(capped.finishReason, 'length');
    assert.equal(countTokens(capped.text), 3);
  });

  it('is deterministic', () => {
    const prompt = 'class Stack:\n    def push(self, item):\n';
    assert.equal(generateFim(prompt, ''), generateFim(prompt, ''));
  });
});

describe('sim: POST /beta/completions', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  it('returns the legacy completions shape', async () => {
    const res = await fimB(sim, { model: 'beta-v4-pro', prompt: TWO_FUNCS, suffix: '\n}\n', max_tokens: 64 });
    assert.equal(res.status, 200, res.text);
    const { id, object, created, model, choices, usage } = res.json;
    assert.match(id, /^cmpl-/);
    assert.equal(object, 'text_completion');
    assert.equal(typeof created, 'number');
    assert.equal(model, 'beta-v4-pro');
    assert.deepEqual(choices, [{ index: 0, text: 'a + b;', finish_reason: 'stop', logprobs: null }]);
    assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);
    assert.equal(usage.prompt_cache_hit_tokens + usage.prompt_cache_miss_tokens, usage.prompt_tokens);
  });

  it('default max_tokens is 16 (legacy completions default)', async () => {
    const res = await fimB(sim, { model: 'beta-v4-flash', prompt: 'package main\n\nfunc main() {\n' });
    assert.equal(res.json.usage.completion_tokens, 16);
    assert.equal(res.json.choices[0].finish_reason, 'length');
  });

  it('max_tokens and stop are honoured over HTTP, and output is deterministic', async () => {
    const body = {
      model: 'beta-v4-pro',
      prompt: 'export function clamp(value: number, min: number, max: number): number {\n',
      max_tokens: 5,
    };
    const a = await fimB(sim, body);
    const b = await fimB(sim, body);
    assert.equal(a.json.choices[0].text, b.json.choices[0].text);
    assert.equal(a.json.choices[0].finish_reason, 'length');
    assert.equal(a.json.usage.completion_tokens, 5);
    const stopped = await fimB(sim, { ...body, max_tokens: 200, stop: ['('] });
    assert.equal(stopped.json.choices[0].text, '  return Math.min');
    assert.equal(stopped.json.choices[0].finish_reason, 'stop');
  });

  it('streams text chunks, then a usage chunk, then [DONE]', async () => {
    const res = await fimB(sim, { model: 'beta-v4-pro', prompt: TWO_FUNCS, suffix: '\n}\n', stream: true });
    const sse = parseSse(res.text);
    assert.equal(sse.data[sse.data.length - 1], '[DONE]');
    const textChunks = sse.chunks.filter((c) => c.choices.length > 0);
    assert.equal(textChunks.map((c) => c.choices[0].text).join(''), 'a + b;');
    for (const c of textChunks) assert.equal(c.object, 'text_completion');
    assert.equal(textChunks[textChunks.length - 1].choices[0].finish_reason, 'stop');
    assert.ok(textChunks.slice(0, -1).every((c) => c.choices[0].finish_reason === null));
    const last = sse.chunks[sse.chunks.length - 1];
    assert.deepEqual(last.choices, []);
    assert.ok(last.usage.completion_tokens > 0);
  });
});
