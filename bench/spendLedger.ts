// The spend ledger's cost on the request path: `Ledger.record()` (pricing, counting, queueing the write)
// timed per call over RECORDS chat-shaped records, with the real store writing its journal to a temporary
// folder meanwhile, as in a window. Then the time until everything recorded is on disk.
// Prints JSON. Run: npm run bench:spend:ledger
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ledger } from '../src/core/spend/ledger';
import { LedgerStore } from '../src/core/spend/ledgerStore';

const RECORDS = Number(process.env.RECORDS ?? 5000);
const TARGET_P95_MS = 0.2;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-ledger-bench-'));
  try {
    const ledger = new Ledger({
      store: new LedgerStore(dir, { now: () => Date.now() }),
      now: () => Date.now(),
      newId: randomUUID,
      userPrices: () => ({}),
    });
    await ledger.refresh();
    const times: number[] = [];
    for (let i = 0; i < RECORDS; i++) {
      const usage = {
        prompt_tokens: 12_000 + i,
        completion_tokens: 400,
        total_tokens: 12_400 + i,
        prompt_cache_hit_tokens: 11_000,
        prompt_cache_miss_tokens: 1_000 + i,
      };
      const started = performance.now();
      ledger.record({
        service: 'B',
        model: 'beta-v4-flash',
        feature: i % 3 === 0 ? 'completion' : 'chat',
        usage,
        chatId: `chat-${i % 20}`,
      });
      times.push(performance.now() - started);
      // A request's worth of other work between records lets the batched writes run, as they would.
      if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    }
    const flushStarted = performance.now();
    await ledger.flush();
    const flushMs = performance.now() - flushStarted;
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      JSON.stringify(
        {
          bench: 'spend ledger overhead per request',
          records: RECORDS,
          recordMs: { p50: +percentile(times, 50).toFixed(4), p95: +p95.toFixed(4), max: +times[times.length - 1].toFixed(3) },
          lastFlushMs: +flushMs.toFixed(1),
          requestsCounted: ledger.snapshot().entries.length,
          targets: { recordP95Ms: TARGET_P95_MS },
          meetsTargets: p95 < TARGET_P95_MS,
        },
        null,
        2,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
