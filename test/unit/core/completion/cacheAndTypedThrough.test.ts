import * as assert from 'node:assert/strict';
import { LruCache } from '../../../../src/core/completion/lruCache';
import { SuggestionCache } from '../../../../src/core/completion/suggestionCache';
import { CompletionEngine, type CompletionOutcome } from '../../../../src/core/completion/completionEngine';
import { extractContext, type ContextBudget } from '../../../../src/core/completion/contextExtraction';
import type { FimOptions } from '../../../../src/core/services/serviceB/fimRequest';
import { CompletionStatus, LATENCY_SAMPLES } from '../../../../src/core/completion/completionStatus';
import { sessionFiguresLine } from '../../../../src/core/completion/completionStatusLine';
import { NoticeThrottle } from '../../../../src/core/completion/noticeThrottle';
import { errorFix } from '../../../../src/core/errors/errorFixes';
import { ServiceError } from '../../../../src/core/errors/serviceError';

/** An engine whose service always answers `answer`, recording each request's prompt. */
function engineAnswering(answer: string, budget?: ContextBudget) {
  const prompts: string[] = [];
  const engine = new CompletionEngine({
    budget,
    streamFim: (options: FimOptions) => {
      prompts.push(options.prompt);
      return (async function* () {
        yield { choices: [{ index: 0, text: answer, finish_reason: 'stop' }] };
      })();
    },
    settings: () => ({ model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 }),
    now: () => performance.now(),
  });
  return { engine, prompts };
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Typing one character as VS Code does with autoClosingBrackets/Quotes on: openers and quotes get their closer, a typed closer steps over an auto-inserted one. */
function typeWithAutoClose(doc: { text: string; offset: number; closers: number }, ch: string): void {
  const next = doc.text[doc.offset];
  if (doc.closers > 0 && ch === next) {
    doc.offset++;
    doc.closers--;
    return;
  }
  const close = OPENERS[ch] ?? (ch === '"' && !/\w/.test(doc.text[doc.offset - 1] ?? '') ? '"' : '');
  doc.text = doc.text.slice(0, doc.offset) + ch + close + doc.text.slice(doc.offset);
  doc.offset++;
  if (close) doc.closers++;
}

/** The document after accepting what the engine showed (it replaces `replaceChars` after the cursor). */
const accepted = (doc: { text: string; offset: number }, outcome: CompletionOutcome) =>
  doc.text.slice(0, doc.offset) + outcome.text + doc.text.slice(doc.offset + (outcome.replaceChars ?? 0));

describe('completion cache, typed-through entries and notice throttling', () => {
  // 10,000 short lines, and a prompt window shorter than a block of 32 of them: the window cannot stay
  // on a block start (contextExtraction.ts), so it starts at another line every few characters typed,
  // as it does in a file whose lines are long.
  const longFile = Array.from({ length: 10_000 }, (_, i) => `let v${i};`).join('\n') + '\n';
  const slidingWindow: ContextBudget = { prefixChars: 200, suffixChars: 1000 };
  const suggestion = 'formatLabel("total", items[0].price.toFixed(2), { unit: "EUR" });';

  it('types through a suggestion deep in a long file with no new request, though the prompt window slides', async () => {
    const { engine, prompts } = engineAnswering(suggestion, slidingWindow);
    const before = longFile + 'const label = ';
    const text = (typed: string) => `${before}${typed}\nexport {};\n`;
    const first = await engine.complete({ text: text(''), offset: before.length, languageId: 'typescript' });
    assert.deepEqual([first.source, first.text], ['network', suggestion]);
    for (let typed = 1; typed < suggestion.length; typed++) {
      const outcome = await engine.complete({
        text: text(suggestion.slice(0, typed)),
        offset: before.length + typed,
        languageId: 'typescript',
      });
      assert.deepEqual([outcome.source, outcome.text], ['typed', suggestion.slice(typed)], `after ${typed} typed`);
    }
    assert.equal(prompts.length, 1, 'one request');
    const windowStart = (typed: number) =>
      extractContext(text(suggestion.slice(0, typed)), before.length + typed, 'typescript', slidingWindow).prefix.split('\n')[0];
    assert.notEqual(windowStart(0), windowStart(suggestion.length - 1), 'the window did slide while typing');
  });

  it('types through a suggestion whose brackets and quotes the editor auto-closes, and accepting it at any point gives the suggested line', async () => {
    const { engine, prompts } = engineAnswering(suggestion);
    const before = 'export function label(items: Item[]): string {\n  const label = ';
    const after = '\n  return label;\n}\n';
    const doc = { text: before + after, offset: before.length, closers: 0 };
    const first = await engine.complete({ ...doc, languageId: 'typescript' });
    assert.equal(first.text, suggestion);
    const expected = before + suggestion + after;
    for (const ch of suggestion.slice(0, -1)) {
      typeWithAutoClose(doc, ch);
      const outcome = await engine.complete({ text: doc.text, offset: doc.offset, languageId: 'typescript' });
      assert.equal(
        outcome.source,
        'typed',
        `after typing ${JSON.stringify(doc.text.slice(before.length, doc.offset))} (line now ${JSON.stringify(doc.text.slice(before.length - 16, doc.text.indexOf('\n', doc.offset)))})`,
      );
      assert.equal(accepted(doc, outcome), expected);
    }
    assert.ok(
      doc.text.includes('formatLabel("total", items[0].price.toFixed(2), { unit: "EUR" })'),
      'the editor did auto-close on the way',
    );
    assert.equal(prompts.length, 1, 'one request');
  });

  it('LRU evicts the least recently used entry, and a hit counts as use', () => {
    const lru = new LruCache<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    assert.equal(lru.get('a'), 1);
    assert.equal(lru.set('c', 3), 2, 'set says what it evicted');
    assert.equal(lru.get('b'), undefined);
    assert.equal(lru.get('a'), 1);
    assert.equal(lru.get('c'), 3);
    assert.equal(lru.size, 2);
  });

  it('answers the same place again, and nothing else', () => {
    const cache = new SuggestionCache();
    const text = 'const x = \n';
    cache.set({ model: 'm', text, offset: 10 }, '42;');
    assert.deepEqual(cache.get({ model: 'm', text, offset: 10 }), { text: '42;', typedThrough: false, replaceChars: 0 });
    assert.equal(cache.get({ model: 'm', text: 'const x = ;\n', offset: 10 }), undefined, 'other text after the cursor');
    assert.equal(cache.get({ model: 'm', text: 'const y = \n', offset: 10 }), undefined, 'other text before the cursor');
    assert.equal(cache.get({ model: 'other', text, offset: 10 }), undefined, 'another model');
  });

  it('shows the rest of a suggestion while the user types characters that match it', () => {
    const cache = new SuggestionCache();
    const [before, after] = ['return person.', '\n}'];
    const at = (typed: string) => ({ model: 'm', text: before + typed + after, offset: before.length + typed.length });
    cache.set(at(''), 'age >= 18;');
    for (let typed = 1; typed < 'age >= 18;'.length; typed++) {
      assert.deepEqual(cache.get(at('age >= 18;'.slice(0, typed))), {
        text: 'age >= 18;'.slice(typed),
        typedThrough: true,
        replaceChars: 0,
      });
    }
    assert.equal(cache.get(at('ag_')), undefined, 'a character that does not match');
    assert.equal(cache.get(at('age >= 18;')), undefined, 'typed to the end: nothing left to show');
  });

  it('stores each answer once, so its size counts answers and a long answer does not push out others', () => {
    const cache = new SuggestionCache(2);
    const answer = (name: string) => `format(${JSON.stringify(name)}, items.map((item) => item.${name}).join(", "));`;
    const at = (name: string, typed = '') => {
      const before = `function ${name}() {\n  const label = `;
      return { model: 'm', text: `${before}${typed}\n}\n`, offset: before.length + typed.length };
    };
    cache.set(at('first'), answer('first'));
    cache.set(at('second'), answer('second'));
    assert.equal(cache.size, 2, 'two answers, two entries');
    const typed = answer('first').slice(0, 40);
    assert.deepEqual(cache.get(at('first', typed)), { text: answer('first').slice(40), typedThrough: true, replaceChars: 0 });
    cache.set(at('third'), answer('third'));
    assert.equal(cache.get(at('second')), undefined, 'the least recently used answer went');
    assert.equal(cache.get(at('first'))?.text, answer('first'));
    assert.equal(cache.get(at('third'))?.text, answer('third'));
    cache.set(at('third'), `${answer('third')} // again`);
    assert.equal(cache.size, 2, 'asked again at the same place: replaced, not added');
    cache.set(at('second'), answer('second'));
    assert.equal(cache.get(at('first')), undefined);
    assert.equal(cache.get(at('third', 'format('))?.text, `${answer('third').slice('format('.length)} // again`);
  });

  it("words this session's acceptance rate and median keystroke→suggestion time for the status bar tooltip", () => {
    const status = new CompletionStatus(
      () => true,
      () => 0,
    );
    assert.equal(sessionFiguresLine(status.figures), 'No suggestions shown yet this session.');
    for (const ms of [300, 40, 90, 1200, 60]) status.shown(ms);
    status.accepted();
    status.accepted();
    assert.deepEqual(status.figures, { shown: 5, accepted: 2, p50Ms: 90 });
    assert.equal(
      sessionFiguresLine(status.figures),
      'This session: 2 of 5 suggestions accepted (40%), p50 90 ms from keystroke to suggestion.',
    );
    // The median follows the recent suggestions: old samples go once there are enough.
    for (let i = 0; i < LATENCY_SAMPLES; i++) status.shown(20);
    assert.equal(status.figures.p50Ms, 20);
    assert.equal(status.figures.shown, 5 + LATENCY_SAMPLES);
  });

  it('shows at most one notice per kind per 10 minutes', () => {
    let now = 0;
    const throttle = new NoticeThrottle(() => now);
    assert.equal(throttle.shouldShow('invalid_key'), true);
    now += 60_000;
    assert.equal(throttle.shouldShow('invalid_key'), false);
    assert.equal(throttle.shouldShow('rate_limited'), true, 'another kind is its own');
    now += 10 * 60_000;
    assert.equal(throttle.shouldShow('invalid_key'), true);
  });

  it('maps missing key, 401, 429 and an unreachable base URL to their notice kinds', () => {
    const kind = (code: ConstructorParameters<typeof ServiceError>[0]['code']) =>
      errorFix(new ServiceError({ service: 'B', code, message: 'x' }), { feature: 'completion', service: 'B' }).notice;
    assert.equal(kind('missing_key'), 'missing_key');
    assert.equal(kind('invalid_api_key'), 'invalid_key');
    assert.equal(kind('rate_limit_exceeded'), 'rate_limited');
    assert.equal(kind('network_error'), 'unreachable');
    assert.equal(kind('missing_base_url'), 'unreachable');
    assert.equal(kind('content_filter'), undefined);
  });
});
