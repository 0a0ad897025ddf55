import * as assert from 'node:assert/strict';
import { CheckpointLog, contentHash, restorePlan, type CheckpointEntry } from '../../../../src/core/chat/checkpoints';
import { MemoryStorage } from './chatHarness';

const entry = (id: string, turnId: string, files: Array<[path: string, before: string | null, after: string]>): CheckpointEntry => ({
  id,
  turnId,
  at: 0,
  files: files.map(([path, before, after]) => ({ path: `/ws/${path}`, rel: path, before, afterHash: contentHash(after) })),
});

describe('checkpoints of approved edits', () => {
  it('survive a reload: a new log over the same storage has the same entries', async () => {
    const storage = new MemoryStorage();
    const log = new CheckpointLog(storage);
    await log.record('chat1', entry('e1', 'u1', [['a.ts', 'a0', 'a1']]));
    await log.record('chat1', entry('e2', 'u2', [['b.ts', null, 'b1']]));
    await log.record('chat2', entry('e3', 'v1', [['c.ts', 'c0', 'c1']]));
    const reloaded = new CheckpointLog(storage);
    assert.deepEqual(
      reloaded.entries('chat1').map((e) => e.id),
      ['e1', 'e2'],
    );
    assert.deepEqual(reloaded.entries('chat1'), log.entries('chat1'));
    assert.equal(reloaded.last('chat2')?.id, 'e3');
    await reloaded.remove('chat1', ['e2']);
    assert.deepEqual(
      new CheckpointLog(storage).entries('chat1').map((e) => e.id),
      ['e1'],
    );
  });

  it('"restore to" a turn takes its edits and every later one, and each file goes back to its oldest before-text', async () => {
    const log = new CheckpointLog(new MemoryStorage());
    await log.record('c', entry('e1', 'u1', [['a.ts', 'a0', 'a1']]));
    await log.record('c', entry('e2', 'u2', [['b.ts', null, 'b1']]));
    await log.record('c', entry('e3', 'u3', [['a.ts', 'a1', 'a2']]));
    const turns = ['u1', 'u2', 'u3'];
    assert.deepEqual(
      log.since('c', turns, 'u2').map((e) => e.id),
      ['e2', 'e3'],
    );
    assert.deepEqual(log.since('c', turns, 'unknown'), []);
    assert.deepEqual(restorePlan(log.since('c', turns, 'u1')), [
      { path: '/ws/a.ts', rel: 'a.ts', content: 'a0', expectedHash: contentHash('a2') },
      { path: '/ws/b.ts', rel: 'b.ts', content: null, expectedHash: contentHash('b1') },
    ]);
    // A turn without edits of its own restores from the next turn that has some.
    await log.record('c', entry('e4', 'u5', [['d.ts', 'd0', 'd1']]));
    assert.deepEqual(
      log.since('c', [...turns, 'u4', 'u5'], 'u4').map((e) => e.id),
      ['e4'],
    );
  });

  it('keeps at most the cap of entries and of before-text per chat, and counts what it dropped', async () => {
    const storage = new MemoryStorage();
    const log = new CheckpointLog(storage, { maxEntries: 3, maxChars: 1000, maxChats: 5 });
    for (let i = 1; i <= 5; i++) await log.record('c', entry(`e${i}`, `u${i}`, [['a.ts', 'x', 'y']]));
    assert.deepEqual(
      log.entries('c').map((e) => e.id),
      ['e3', 'e4', 'e5'],
    );
    assert.equal(new CheckpointLog(storage).dropped('c'), 2);
    await log.record('c', entry('big', 'u6', [['b.ts', 'z'.repeat(990), 'y']]));
    assert.deepEqual(
      log.entries('c').map((e) => e.id),
      ['big'],
      'past the size cap the older entries go',
    );
    assert.equal(log.dropped('c'), 5);
  });

  it("keeps checkpoints of the most recently edited chats only, and forgets a deleted chat's", async () => {
    const storage = new MemoryStorage();
    const log = new CheckpointLog(storage, { maxEntries: 50, maxChars: 1000, maxChats: 2 });
    await log.record('c1', entry('e1', 'u1', [['a.ts', 'x', 'y']]));
    await log.record('c2', entry('e2', 'u1', [['a.ts', 'x', 'y']]));
    await log.record('c1', entry('e3', 'u2', [['a.ts', 'y', 'z']]));
    await log.record('c3', entry('e4', 'u1', [['a.ts', 'x', 'y']]));
    assert.deepEqual(
      ['c1', 'c2', 'c3'].map((c) => log.entries(c).length),
      [2, 0, 1],
      'c2 was edited least recently',
    );
    await log.deleteChat('c1');
    assert.deepEqual(log.entries('c1'), []);
    assert.deepEqual([...storage.data.keys()].sort(), ['tandem.checkpoints.c3', 'tandem.checkpoints.index']);
  });
});

describe('checkpoints of a file whose earlier text was withheld', () => {
  it('restorePlan carries the hash instead of a text, so the restore can only check the file, never write it', () => {
    const entries: CheckpointEntry[] = [
      {
        id: 'e1',
        turnId: 't1',
        at: 1,
        files: [
          { path: '/w/.env', rel: '.env', before: null, beforeHash: contentHash('A=1\n'), afterHash: contentHash('A=2\n') },
          { path: '/w/a.ts', rel: 'a.ts', before: 'a\n', afterHash: contentHash('b\n') },
        ],
      },
    ];
    assert.deepEqual(restorePlan(entries), [
      { path: '/w/.env', rel: '.env', content: null, expectedHash: contentHash('A=2\n'), withheldHash: contentHash('A=1\n') },
      { path: '/w/a.ts', rel: 'a.ts', content: 'a\n', expectedHash: contentHash('b\n') },
    ]);
  });
});
