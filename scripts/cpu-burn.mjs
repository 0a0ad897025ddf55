#!/usr/bin/env node
// Keeps every core busy so timing assumptions in tests show up as failures: one busy-looping
// worker per core, at normal priority (a nice'd burner would yield to the tests and hide nothing).
// Usage: node scripts/cpu-burn.mjs [--seconds N] [--workers N]   (default: until killed, one per core)
import { availableParallelism } from 'node:os';
import { isMainThread, Worker } from 'node:worker_threads';

if (!isMainThread) {
  // Pure arithmetic, no allocation: all CPU, no GC or memory pressure. terminate() interrupts it.
  let x = 1;
  for (;;) x = (x * 1103515245 + 12345) | 0;
}

function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`cpu-burn: --${name} needs a positive number`);
    process.exit(2);
  }
  return value;
}

const seconds = option('seconds');
const count = option('workers') ?? availableParallelism();
const workers = Array.from({ length: count }, () => new Worker(new URL(import.meta.url)));
console.error(`cpu-burn: ${count} busy worker(s)${seconds ? ` for ${seconds} s` : ' until killed'} (pid ${process.pid})`);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(workers.map((w) => w.terminate()));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
if (seconds) setTimeout(() => void stop(0), seconds * 1000);
for (const w of workers)
  w.on('error', (error) => {
    console.error('cpu-burn: a worker failed', error);
    void stop(1);
  });
