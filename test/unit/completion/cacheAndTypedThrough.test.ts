import * as assert from 'node:assert/strict';
import { LruCache } from '../../../src/core/completion/lruCache';
import { SuggestionCache } from '../../../src/core/completion/suggestionCache';
import { NoticeThrottle, noticeKindOf } from '../../../src/core/completion/noticeThrottle';
import { ServiceError } from '../../../src/core/serviceError';

describe('completion cache, typed-through entries and notice throttling', () => {
  it('LRU evicts the least recently used entry, and a hit counts as use', () => {
    const lru = new LruCache<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    assert.equal(lru.get('a'), 1);
    lru.set('c', 3);
    assert.equal(lru.get('b'), undefined);
    assert.equal(lru.get('a'), 1);
    assert.equal(lru.get('c'), 3);
    assert.equal(lru.size, 2);
  });

  it('answers the same prompt and suffix again, and nothing else', () => {
    const cache = new SuggestionCache();
    cache.set({ model: 'm', prompt: 'const x = ', suffix: '\n' }, '42;');
    assert.deepEqual(cache.get({ model: 'm', prompt: 'const x = ', suffix: '\n' }), { text: '42;', typedThrough: false });
    assert.equal(cache.get({ model: 'm', prompt: 'const x = ', suffix: ';\n' }), undefined, 'another suffix');
    assert.equal(cache.get({ model: 'other', prompt: 'const x = ', suffix: '\n' }), undefined, 'another model');
  });

  it('shows the rest of a suggestion while the user types characters that match it', () => {
    const cache = new SuggestionCache();
    const key = { model: 'm', prompt: 'return person.', suffix: '\n}' };
    cache.set(key, 'age >= 18;');
    for (let typed = 1; typed < 'age >= 18;'.length; typed++) {
      const hit = cache.get({ ...key, prompt: key.prompt + 'age >= 18;'.slice(0, typed) });
      assert.deepEqual(hit, { text: 'age >= 18;'.slice(typed), typedThrough: true });
    }
    assert.equal(cache.get({ ...key, prompt: key.prompt + 'ag_' }), undefined, 'a character that does not match');
    assert.equal(cache.get({ ...key, prompt: key.prompt + 'age >= 18;' }), undefined, 'typed to the end: nothing left to show');
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
    const kind = (code: ConstructorParameters<typeof ServiceError>[0]['code']) => noticeKindOf(new ServiceError({ service: 'B', code, message: 'x' }));
    assert.equal(kind('missing_key'), 'missing_key');
    assert.equal(kind('invalid_api_key'), 'invalid_key');
    assert.equal(kind('rate_limit_exceeded'), 'rate_limited');
    assert.equal(kind('network_error'), 'unreachable');
    assert.equal(kind('missing_base_url'), 'unreachable');
    assert.equal(kind('content_filter'), undefined);
  });
});
