import assert from 'node:assert/strict';
import { FixedParts, isPartSource, StreamedParts } from '../../../../src/core/speech/speechParts';

describe('speech part sources', () => {
  it('FixedParts gives the parts in order, then undefined', async () => {
    const source = new FixedParts(['One.', 'Two.']);
    const signal = new AbortController().signal;
    assert.equal(source.knownParts, 2);
    assert.equal(source.knownChars, 8);
    assert.equal(await source.next(signal), 'One.');
    assert.equal(await source.next(signal), 'Two.');
    assert.equal(await source.next(signal), undefined);
  });

  it('isPartSource tells a source from an array', () => {
    assert.equal(isPartSource(['a']), false);
    assert.equal(isPartSource(new StreamedParts()), true);
  });

  it('StreamedParts waits for a sentence, gives what has arrived as one part, and ends once closed and drained', async () => {
    const source = new StreamedParts();
    const signal = new AbortController().signal;
    let first: string | undefined | null = null;
    const waiting = source.next(signal).then((p) => (first = p));
    await Promise.resolve();
    assert.equal(first, null, 'nothing to give yet');
    source.append(['First sentence.']);
    await waiting;
    assert.equal(first, 'First sentence.');
    source.append(['Second.', ' ', 'Third.']);
    assert.equal(source.knownParts, 2, 'one part taken, one waiting');
    assert.equal(await source.next(signal), 'Second. Third.');
    source.close();
    source.append(['Too late.']);
    assert.equal(await source.next(signal), undefined);
    assert.equal(source.knownParts, 2);
    assert.equal(source.knownChars, 'First sentence.Second.Third.'.length);
  });

  it('StreamedParts cuts a part at the part limit and keeps the rest for the next', async () => {
    const source = new StreamedParts();
    const long = Array.from({ length: 30 }, (_, i) => `This is sentence number ${i + 1} of a long paragraph.`);
    source.append(long);
    source.close();
    const signal = new AbortController().signal;
    const parts: string[] = [];
    for (let p = await source.next(signal); p !== undefined; p = await source.next(signal)) parts.push(p);
    assert.ok(parts.length >= 2, `${parts.length} parts`);
    assert.ok(parts.every((p) => p.length <= 1000));
    assert.equal(parts.join(' '), long.join(' '));
  });

  it('StreamedParts: an abort ends the wait with undefined', async () => {
    const source = new StreamedParts();
    const abort = new AbortController();
    const waiting = source.next(abort.signal);
    abort.abort();
    assert.equal(await waiting, undefined);
  });
});
