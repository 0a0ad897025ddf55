import assert from 'node:assert/strict';
import type { Usage } from '../../../../src/core/services/wireTypes';
import { DEFAULT_VOICE, MODELS, PRESET_VOICES, findModel, isPresetVoice, modelsFor } from '../../../../src/core/services/modelCatalog';
import { costOf, formatCost } from '../../../../src/core/services/cost';

const usage = (u: Partial<Usage>): Usage => ({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, ...u });

describe('catalog', () => {
  it('has the seven contract models', () => {
    assert.deepEqual(
      MODELS.map((m) => m.id),
      [
        'alpha-v2.5-pro',
        'alpha-v2.5',
        'alpha-v2.5-tts',
        'alpha-v2.5-tts-voicedesign',
        'alpha-v2.5-tts-voiceclone',
        'beta-v4-flash',
        'beta-v4-pro',
      ],
    );
  });

  it('Service A text models: reasoning, tools, web search, defaults from the table', () => {
    const pro = findModel('alpha-v2.5-pro');
    assert.ok(pro);
    assert.equal(pro.service, 'A');
    assert.equal(pro.kind, 'text');
    assert.equal(pro.reasoning, true);
    assert.equal(pro.tools, true);
    assert.equal(pro.webSearch, true);
    assert.equal(pro.defaultMaxTokens, 131072);
    assert.equal(pro.maxOutputTokens, 131072);
    assert.equal(pro.contextLength, undefined);
    assert.equal(pro.defaultTemperature, 1);
    assert.equal(pro.fim, false);
    assert.equal(pro.price, undefined);
    assert.equal(findModel('alpha-v2.5')?.defaultMaxTokens, 32768);
  });

  it('Service A speech models: no reasoning/tools, 8192 tokens, temperature 0.6, speech kind', () => {
    const kinds = modelsFor('A', 'speech').map((m) => [
      m.id,
      m.speech,
      m.reasoning,
      m.tools,
      m.webSearch,
      m.defaultMaxTokens,
      m.maxOutputTokens,
      m.defaultTemperature,
    ]);
    assert.deepEqual(kinds, [
      ['alpha-v2.5-tts', 'preset', false, false, false, 8192, 8192, 0.6],
      ['alpha-v2.5-tts-voicedesign', 'voicedesign', false, false, false, 8192, 8192, 0.6],
      ['alpha-v2.5-tts-voiceclone', 'voiceclone', false, false, false, 8192, 8192, 0.6],
    ]);
  });

  it('Service B models: 1M context, 384K output, FIM, prices (pro discounted)', () => {
    const flash = findModel('beta-v4-flash');
    const pro = findModel('beta-v4-pro');
    assert.ok(flash && pro);
    for (const m of [flash, pro]) {
      assert.equal(m.service, 'B');
      assert.equal(m.contextLength, 1048576);
      assert.equal(m.maxOutputTokens, 393216);
      assert.equal(m.reasoning, true);
      assert.equal(m.webSearch, false);
      assert.equal(m.fim, true);
      assert.equal(m.defaultTemperature, 1);
      assert.equal(m.defaultMaxTokens, undefined);
    }
    assert.deepEqual(flash.price, { currency: 'CNY', cacheHit: 0.02, cacheMiss: 1, output: 2, discounted: false });
    assert.deepEqual(pro.price, { currency: 'CNY', cacheHit: 0.1, cacheMiss: 3, output: 6, discounted: true });
  });

  it('modelsFor filters by service and kind; findModel misses unknown ids', () => {
    assert.deepEqual(
      modelsFor('A', 'text').map((m) => m.id),
      ['alpha-v2.5-pro', 'alpha-v2.5'],
    );
    assert.deepEqual(
      modelsFor('B', 'text').map((m) => m.id),
      ['beta-v4-flash', 'beta-v4-pro'],
    );
    assert.deepEqual(modelsFor('B', 'speech'), []);
    assert.equal(modelsFor('A').length, 5);
    assert.equal(findModel('beta-chat'), undefined);
  });

  it('preset voices: the nine ids, alpha_default first and default', () => {
    assert.deepEqual([...PRESET_VOICES], ['alpha_default', '冰糖', '茉莉', '苏打', '白桦', 'Mia', 'Chloe', 'Milo', 'Dean']);
    assert.equal(DEFAULT_VOICE, 'alpha_default');
    assert.equal(isPresetVoice('Mia'), true);
    assert.equal(isPresetVoice('mia'), false);
  });
});

describe('costOf', () => {
  const M = 1_000_000;

  it('beta-v4-flash: 1M hit = 0.02, 1M miss = 1, 1M output = 2 CNY', () => {
    assert.deepEqual(costOf('beta-v4-flash', usage({ prompt_tokens: M, prompt_cache_hit_tokens: M, prompt_cache_miss_tokens: 0 })), {
      amount: 0.02,
      currency: 'CNY',
    });
    assert.deepEqual(costOf('beta-v4-flash', usage({ prompt_tokens: M, prompt_cache_hit_tokens: 0, prompt_cache_miss_tokens: M })), {
      amount: 1,
      currency: 'CNY',
    });
    assert.deepEqual(costOf('beta-v4-flash', usage({ completion_tokens: M })), { amount: 2, currency: 'CNY' });
  });

  it('beta-v4-pro: 0.1 / 3 / 6 per million', () => {
    assert.deepEqual(
      costOf('beta-v4-pro', usage({ prompt_tokens: M, prompt_cache_hit_tokens: M, prompt_cache_miss_tokens: 0 }))?.amount,
      0.1,
    );
    assert.deepEqual(
      costOf('beta-v4-pro', usage({ prompt_tokens: M, prompt_cache_hit_tokens: 0, prompt_cache_miss_tokens: M }))?.amount,
      3,
    );
    assert.deepEqual(costOf('beta-v4-pro', usage({ completion_tokens: M }))?.amount, 6);
    assert.equal(
      costOf(
        'beta-v4-pro',
        usage({ prompt_tokens: 3 * M, prompt_cache_hit_tokens: M, prompt_cache_miss_tokens: 2 * M, completion_tokens: M }),
      )?.amount,
      0.1 + 6 + 6,
    );
  });

  it('a mixed small request adds up exactly', () => {
    // 1000 hit × 0.02 + 2000 miss × 1 + 500 out × 2, per million = 0.00002 + 0.002 + 0.001
    const cost = costOf(
      'beta-v4-flash',
      usage({ prompt_tokens: 3000, prompt_cache_hit_tokens: 1000, prompt_cache_miss_tokens: 2000, completion_tokens: 500 }),
    );
    assert.deepEqual(cost, { amount: 0.00302, currency: 'CNY' });
  });

  it('no cache split reported → every prompt token is a miss', () => {
    assert.equal(costOf('beta-v4-flash', usage({ prompt_tokens: M, completion_tokens: 0 }))?.amount, 1);
  });

  it('one half of the split reported → the other is the rest of the prompt', () => {
    assert.equal(costOf('beta-v4-flash', usage({ prompt_tokens: M, prompt_cache_hit_tokens: M / 2 }))?.amount, 0.01 + 0.5);
    assert.equal(costOf('beta-v4-flash', usage({ prompt_tokens: M, prompt_cache_miss_tokens: M / 2 }))?.amount, 0.01 + 0.5);
  });

  it('retired B aliases are priced as beta-v4-flash', () => {
    assert.equal(costOf('beta-reasoner', usage({ completion_tokens: M }))?.amount, 2);
  });

  it('Service A and unknown models have no cost', () => {
    assert.equal(costOf('alpha-v2.5-pro', usage({ prompt_tokens: M, completion_tokens: M })), undefined);
    assert.equal(costOf('alpha-v2.5-tts', usage({ prompt_tokens: M })), undefined);
    assert.equal(costOf('gpt-x', usage({ prompt_tokens: M })), undefined);
  });
});

describe('formatCost', () => {
  it('formats amounts for the status line', () => {
    assert.equal(formatCost({ amount: 0, currency: 'CNY' }), '0 CNY');
    assert.equal(formatCost({ amount: 0.00002, currency: 'CNY' }), '<0.0001 CNY');
    assert.equal(formatCost({ amount: 0.00302, currency: 'CNY' }), '0.0030 CNY');
    assert.equal(formatCost({ amount: 0.5, currency: 'CNY' }), '0.5000 CNY');
    assert.equal(formatCost({ amount: 12.1, currency: 'CNY' }), '12.10 CNY');
  });
});
