import assert from 'node:assert/strict';
import { REALISTIC_CLASSES } from '../../../sim/fimFailures';
import { parseArgs } from '../../../sim/main';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { countTokens } from '../../../sim/tokens';
import { fimB, parseSse } from './simHttp';

// The copy model's (ideal) answer at the start of the line holding the function's `}`.
const CLAMP = {
  model: 'beta-v4-pro',
  prompt: 'export function clamp(value: number, min: number, max: number): number {\n',
  suffix: '}\n',
  max_tokens: 64,
};
const CLAMP_IDEAL = '  return Math.min(max, Math.max(min, value));\n';
const IMPORT = { model: 'beta-v4-flash', prompt: "import { readFile } from '", suffix: "';\n", max_tokens: 64 };
const PY_BODY = { model: 'beta-v4-flash', prompt: 'def area(r):\n    ', suffix: '\n', max_tokens: 64 };

const mode = (value: string): Record<string, string> => ({ 'x-sim-fim': value });

describe('sim: realistic FIM over HTTP', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  it('without the header the answer is the ideal one, as before, and says so in x-sim-fim-class', async () => {
    for (const headers of [{}, mode('ideal')]) {
      const res = await fimB(sim, CLAMP, headers);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers.get('x-sim-fim-class'), 'ideal');
      assert.deepEqual(res.json.choices[0], { index: 0, text: CLAMP_IDEAL, finish_reason: 'stop', logprobs: null });
    }
  });

  it('x-sim-fim: realistic;class=close-brackets closes the quote the suffix already closes', async () => {
    const res = await fimB(sim, IMPORT, mode('realistic;class=close-brackets'));
    assert.equal(res.headers.get('x-sim-fim-class'), 'close-brackets');
    assert.equal(res.json.choices[0].text, "node:fs/promises'");
    assert.equal(IMPORT.prompt + res.json.choices[0].text + IMPORT.suffix, "import { readFile } from 'node:fs/promises'';\n");
  });

  it('x-sim-fim: realistic;class=reindent puts a Python body at 8 spaces instead of 4', async () => {
    const res = await fimB(sim, PY_BODY, mode('realistic;class=reindent'));
    const lines = (PY_BODY.prompt + res.json.choices[0].text).split('\n');
    assert.match(lines[1], /^ {8}\S/);
  });

  it("x-sim-fim: realistic;class=repeat-suffix streams the answer followed by the suffix's line, then usage", async () => {
    const res = await fimB(sim, { ...CLAMP, stream: true }, mode('realistic;class=repeat-suffix'));
    const sse = parseSse(res.text);
    const textChunks = sse.chunks.filter((c) => c.choices.length > 0);
    assert.equal(textChunks.map((c) => c.choices[0].text).join(''), CLAMP_IDEAL + '}\n');
    assert.equal(textChunks[textChunks.length - 1].choices[0].finish_reason, 'stop');
    assert.equal(sse.chunks[sse.chunks.length - 1].usage.completion_tokens, countTokens(CLAMP_IDEAL + '}\n'));
  });

  it('max-tokens ends with finish_reason "length" and usage that counts the cut text, streamed and not', async () => {
    const headers = mode('realistic;class=max-tokens');
    const whole = await fimB(sim, CLAMP, headers);
    const { text, finish_reason } = whole.json.choices[0];
    assert.equal(finish_reason, 'length');
    assert.ok(CLAMP_IDEAL.startsWith(text) && text.length < CLAMP_IDEAL.length, `a cut answer: ${JSON.stringify(text)}`);
    const usage = whole.json.usage;
    assert.equal(usage.completion_tokens, countTokens(text));
    assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);

    const streamed = parseSse((await fimB(sim, { ...CLAMP, stream: true }, headers)).text);
    const textChunks = streamed.chunks.filter((c) => c.choices.length > 0);
    assert.equal(textChunks.map((c) => c.choices[0].text).join(''), text);
    assert.equal(textChunks[textChunks.length - 1].choices[0].finish_reason, 'length');
    assert.ok(textChunks.slice(0, -1).every((c) => c.choices[0].finish_reason === null));
    assert.equal(streamed.chunks[streamed.chunks.length - 1].usage.completion_tokens, countTokens(text));
  });

  it('stop sequences and max_tokens still apply to a realistic answer', async () => {
    // run-past-block closes the function and writes the next one; the client's blank-line stop keeps the first part.
    const stopped = await fimB(sim, { ...CLAMP, stop: ['\n\n'] }, mode('realistic;class=run-past-block'));
    assert.deepEqual([stopped.json.choices[0].text, stopped.json.choices[0].finish_reason], [CLAMP_IDEAL + '}', 'stop']);
    const capped = await fimB(sim, { ...CLAMP, max_tokens: 3 }, mode('realistic;class=run-past-block'));
    assert.equal(capped.json.choices[0].finish_reason, 'length');
    assert.equal(capped.json.usage.completion_tokens, 3);
  });

  it('x-sim-fim: realistic picks a class per prompt by a stable hash, and reports it', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const body = { ...CLAMP, prompt: `const limit${i} = 10;\n${CLAMP.prompt}` };
      const [a, b] = [await fimB(sim, body, mode('realistic')), await fimB(sim, body, mode('realistic'))];
      const cls = a.headers.get('x-sim-fim-class') ?? '';
      assert.ok((REALISTIC_CLASSES as readonly string[]).includes(cls), cls);
      assert.equal(b.headers.get('x-sim-fim-class'), cls);
      assert.equal(b.json.choices[0].text, a.json.choices[0].text);
      const forced = await fimB(sim, body, mode(`realistic;class=${cls}`));
      assert.equal(forced.json.choices[0].text, a.json.choices[0].text, 'the reported class is the one that answered');
      seen.add(cls);
    }
    assert.ok(seen.size >= 4, `several classes over 24 prompts: ${[...seen].join(', ')}`);
  });

  it('a bad x-sim-fim is refused with a 400 that lists what is accepted', async () => {
    const res = await fimB(sim, CLAMP, mode('realistic;class=sometimes'));
    assert.equal(res.status, 400);
    assert.match(
      res.json.error.message,
      /^x-sim-fim: expected "ideal", "realistic" or "realistic;class=<ideal\|repeat-suffix\|.*prose-or-fence>" \(got "realistic;class=sometimes"\)$/,
    );
  });
});

describe('sim: --fim flag', () => {
  it('parses --fim realistic[;class=…] and refuses anything else with the accepted values', () => {
    assert.deepEqual(parseArgs(['--fim', 'realistic', '--port-b', '0']), { fim: 'realistic', portB: 0 });
    assert.deepEqual(parseArgs(['--fim=realistic;class=reindent']), { fim: 'realistic;class=reindent' });
    assert.throws(() => parseArgs(['--fim', 'always']), /^Error: --fim: expected "ideal", "realistic" or "realistic;class=</);
    assert.throws(() => parseArgs(['--fim']), /--fim: expected/);
  });

  it('sets the server default, which the header overrides per request', async () => {
    const sim = await startSimulator(parseArgs(['--fim', 'realistic;class=repeat-suffix']));
    try {
      const realistic = await fimB(sim, CLAMP);
      assert.equal(realistic.headers.get('x-sim-fim-class'), 'repeat-suffix');
      assert.equal(realistic.json.choices[0].text, CLAMP_IDEAL + '}\n');
      const ideal = await fimB(sim, CLAMP, mode('ideal'));
      assert.equal(ideal.json.choices[0].text, CLAMP_IDEAL);
    } finally {
      await sim.close();
    }
  });

  it('startSimulator refuses an unknown mode', async () => {
    await assert.rejects(startSimulator({ fim: 'sometimes' as never }), /expected "ideal", "realistic"/);
  });
});
