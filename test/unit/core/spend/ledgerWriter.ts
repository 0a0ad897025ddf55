// A second "window" for the store tests: its own process, recording into the same directory.
// argv: dir, name, count, mode ('record' | 'compact-between' | 'crash')
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ledger } from '../../../../src/core/spend/ledger';
import { JOURNAL_FILE, LedgerStore } from '../../../../src/core/spend/ledgerStore';

async function main(): Promise<void> {
  const [dir, name, countText, mode] = process.argv.slice(2);
  const count = Number(countText);
  const store = new LedgerStore(dir, { now: () => Date.now() });
  // Every other request is 10 days old, so each compaction folds some and rewrites the journal.
  let old = false;
  const ledger = new Ledger({
    store,
    now: () => Date.now() - (old ? 10 * 86_400_000 : 0),
    newId: () => `${name}-${randomUUID()}`,
    userPrices: () => ({}),
  });
  process.send?.('ready');
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  for (let i = 0; i < count; i++) {
    old = mode === 'compact-between' && i % 2 === 1;
    ledger.record({
      service: 'B',
      model: 'beta-v4-flash',
      feature: 'completion',
      usage: {
        prompt_tokens: 1_000,
        prompt_cache_hit_tokens: 0,
        prompt_cache_miss_tokens: 1_000,
        completion_tokens: 0,
        total_tokens: 1_000,
      },
    });
    // Batches of various sizes, interleaved with the other process's.
    if (i % 7 === 0) await ledger.flush();
    if (mode === 'compact-between' && i % 5 === 0) await store.compact();
    if (mode === 'crash' && i === count - 1) {
      await ledger.flush();
      // What a crash in the middle of a write leaves: half a line, no newline.
      writeFileSync(join(dir, JOURNAL_FILE), '\n{"id":"torn","at":1,"serv', { flag: 'a' });
      process.kill(process.pid, 'SIGKILL');
    }
  }
  await ledger.flush();
  process.send?.('done');
}

void main();
