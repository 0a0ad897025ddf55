import assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { countTokens } from '../../../sim/tokens';
import { fimB } from './simHttp';

const FILE = Array.from({ length: 40 }, (_, i) => `export function helper${i}(value: number): number {\n  return value * ${i};\n}\n`).join(
  '\n',
);

describe('sim: FIM prompt cache from the longest common prefix with recent requests', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());

  const usageOf = async (prompt: string, model = 'beta-v4-pro', suffix = '\n') => {
    const res = await fimB(sim, { model, prompt, suffix, max_tokens: 8 });
    assert.equal(res.status, 200, res.text);
    return res.json.usage as { prompt_tokens: number; prompt_cache_hit_tokens: number; prompt_cache_miss_tokens: number };
  };

  it('typing at the end of the prompt: every token before the typed text is a cache hit', async () => {
    const first = await usageOf(`${FILE}const x = `);
    assert.equal(first.prompt_cache_hit_tokens, 0, 'nothing seen yet');
    const typed = await usageOf(`${FILE}const x = helper`);
    assert.ok(typed.prompt_cache_hit_tokens >= countTokens(FILE), `hits ${typed.prompt_cache_hit_tokens} of ${typed.prompt_tokens}`);
    assert.ok(typed.prompt_cache_miss_tokens > 0 && typed.prompt_cache_miss_tokens <= 4, `misses ${typed.prompt_cache_miss_tokens}`);
    assert.equal(typed.prompt_cache_hit_tokens + typed.prompt_cache_miss_tokens, typed.prompt_tokens);
    const shifted = await usageOf(`// moved\n${FILE}const x = `);
    assert.equal(shifted.prompt_cache_hit_tokens, 0, 'a changed first line misses entirely');
  });

  it('remembers several recent prompts, per model', async () => {
    await usageOf(`${FILE}const a = `);
    await usageOf(`// other file\nconst b = `);
    const back = await usageOf(`${FILE}const a = 1;\nconst c = `);
    assert.ok(back.prompt_cache_hit_tokens >= countTokens(FILE), 'the earlier file is still cached');
    const otherModel = await usageOf(`${FILE}const a = `, 'beta-v4-flash');
    assert.equal(otherModel.prompt_cache_hit_tokens, 0, 'a cache is per model');
  });
});
