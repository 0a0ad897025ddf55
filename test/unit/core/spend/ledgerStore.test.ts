import assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ledger } from '../../../../src/core/spend/ledger';
import { JOURNAL_FILE, LOCK_DIR, LedgerStore, ROWS_FILE } from '../../../../src/core/spend/ledgerStore';
import type { LedgerEntry } from '../../../../src/core/spend/spendTypes';

const DAY = 86_400_000;

function entry(id: string, at: number, cost = 0.001): LedgerEntry {
  return {
    id,
    at,
    service: 'B',
    model: 'beta-v4-flash',
    feature: 'chat',
    tokens: { prompt: 1_000, cacheHit: 0, cacheMiss: 1_000, output: 0, reasoning: 0 },
    cost,
    chatId: 'c1',
  };
}

function writer(
  dir: string,
  name: string,
  count: number,
  mode = 'record',
): { child: ChildProcess; ready: Promise<void>; exit: Promise<number | null> } {
  const child = fork(join(__dirname, 'ledgerWriter.ts'), [dir, name, String(count), mode], {
    execArgv: ['-r', 'tsx/cjs'],
    stdio: 'inherit',
  });
  const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exit };
}

describe('ledger store', function () {
  // Two Node processes with tsx take a few seconds to start on a busy machine.
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-ledger-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('two processes recording at once into one store: no row lost, none counted twice', async () => {
    const a = writer(dir, 'a', 400, 'compact-between');
    const b = writer(dir, 'b', 400, 'compact-between');
    await Promise.all([a.ready, b.ready]);
    a.child.send('go');
    b.child.send('go');
    assert.deepEqual(await Promise.all([a.exit, b.exit]), [0, 0]);
    const ledger = new Ledger({
      store: new LedgerStore(dir, { now: () => Date.now() }),
      now: () => Date.now(),
      newId: () => 'x',
      userPrices: () => ({}),
    });
    await ledger.refresh();
    const { entries, rows } = ledger.snapshot();
    // Half of them are 10 days old, most folded into daily rows by the compactions running meanwhile.
    assert.equal(new Set(entries.map((e) => e.id)).size, entries.length);
    assert.equal(
      rows.reduce((n, r) => n + r.requests, 0),
      800,
    );
    // 400 requests today of 1,000 missed tokens at 1 CNY per million.
    assert.equal(ledger.spentOn(Date.now()), 0.4);
    assert.equal(ledger.spentOn(Date.now() - 10 * DAY), 0.4);
  });

  it('a process killed in the middle of a write loses only its torn line; the next write and read are whole', async () => {
    const w = writer(dir, 'w', 20, 'crash');
    await w.ready;
    w.child.send('go');
    await w.exit;
    const store = new LedgerStore(dir, { now: () => Date.now() });
    await store.append([entry('after', Date.now())]);
    const read = await store.readJournal();
    assert.deepEqual(
      read.entries.map((e) => e.id).filter((id) => !id.startsWith('w-')),
      ['after'],
    );
    assert.equal(read.entries.length, 21);
  });

  it('a lock left by a crashed window is broken once stale', async () => {
    let now = Date.now();
    mkdirSync(join(dir, LOCK_DIR));
    const old = new Date(now - 60_000);
    utimesSync(join(dir, LOCK_DIR), old, old);
    const store = new LedgerStore(dir, { now: () => now, staleLockMs: 10_000 });
    await store.append([entry('e', now)]);
    now += 1;
    assert.equal((await store.readJournal()).entries.length, 1);
  });

  it('folds detail older than 7 days into daily rows, keeping totals and the chats', async () => {
    const now = new Date(2026, 10, 25, 12).getTime();
    const store = new LedgerStore(dir, { now: () => now });
    await store.append([entry('old1', now - 10 * DAY), entry('old2', now - 10 * DAY), entry('new', now - DAY)]);
    await store.compact();
    const rows = await store.readRows();
    assert.equal(rows.rows.length, 1);
    assert.equal(rows.rows[0].requests, 2);
    assert.equal(rows.rows[0].cost, 0.002);
    assert.equal(rows.chats[0].requests, 2);
    assert.deepEqual(
      (await store.readJournal()).entries.map((e) => e.id),
      ['new'],
    );
    const ledger = new Ledger({ store, now: () => now, newId: () => 'x', userPrices: () => ({}) });
    await ledger.refresh();
    assert.equal(ledger.spentInMonth(now), 0.003);
  });

  it('a connection check is not use of Tandem (it reads the balance itself); a feature request is', async () => {
    let now = new Date(2026, 10, 25, 12).getTime();
    const ledger = new Ledger({
      store: new LedgerStore(dir, { now: () => now }),
      now: () => now,
      newId: () => String(now),
      userPrices: () => ({}),
    });
    const usage = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 };
    ledger.record({ service: 'B', model: 'beta-v4-flash', feature: 'check', usage });
    assert.equal(ledger.lastRecordAt, undefined, 'the balance check is not set off by a connection check');
    now += 1000;
    ledger.record({ service: 'B', model: 'beta-v4-flash', feature: 'chat', usage });
    assert.equal(ledger.lastRecordAt, now);
    await ledger.flush();
  });

  it('a crash between writing the rows and the shorter journal counts nothing twice', async () => {
    const now = new Date(2026, 10, 25, 12).getTime();
    const store = new LedgerStore(dir, { now: () => now });
    await store.append([entry('old', now - 10 * DAY), entry('new', now)]);
    const journalBefore = readFileSync(join(dir, JOURNAL_FILE), 'utf8');
    await store.compact();
    // Put the old journal back: as if the process died after the rows' rename, before the journal's.
    writeFileSync(join(dir, JOURNAL_FILE), journalBefore);
    const ledger = new Ledger({ store, now: () => now, newId: () => 'x', userPrices: () => ({}) });
    await ledger.refresh();
    assert.equal(ledger.spentInMonth(now), 0.002);
    await store.compact();
    assert.equal((await store.readRows()).rows[0].requests, 1);
    assert.deepEqual(
      (await store.readJournal()).entries.map((e) => e.id),
      ['new'],
    );
  });

  it('ignores a rows file that is not its format, and journal lines that are not entries', async () => {
    writeFileSync(join(dir, ROWS_FILE), '{"version":2}');
    writeFileSync(join(dir, JOURNAL_FILE), `\n{"id":"bad","at":1}\n${JSON.stringify(entry('ok', 5))}\n`);
    const store = new LedgerStore(dir, { now: () => 10 });
    assert.equal((await store.readRows()).rows.length, 0);
    assert.deepEqual(
      (await store.readJournal()).entries.map((e) => e.id),
      ['ok'],
    );
  });

  it('reads on from where it stopped, and starts over after another window compacted', async () => {
    const now = Date.now();
    const mine = new LedgerStore(dir, { now: () => now });
    const ledger = new Ledger({ store: mine, now: () => now, newId: () => 'x', userPrices: () => ({}) });
    await mine.append([entry('1', now)]);
    await ledger.refresh();
    await mine.append([entry('2', now), entry('1', now)]);
    await ledger.refresh();
    assert.equal(ledger.snapshot().entries.length, 2);
    await new LedgerStore(dir, { now: () => now }).compact();
    await mine.append([entry('3', now)]);
    await ledger.refresh();
    assert.deepEqual(
      ledger
        .snapshot()
        .entries.map((e) => e.id)
        .sort(),
      ['1', '2', '3'],
    );
    assert.equal(ledger.spentOn(now), 0.003);
  });

  it('announces a refresh only when the store held something new (an open Spend view redraws on each)', async () => {
    const now = Date.now();
    const store = new LedgerStore(dir, { now: () => now });
    const ledger = new Ledger({ store, now: () => now, newId: () => 'x', userPrices: () => ({}) });
    let announced = 0;
    ledger.onChange(() => announced++);
    await store.append([entry('1', now)]);
    await ledger.refresh();
    assert.equal(announced, 1, 'the first read');
    await ledger.refresh();
    assert.equal(announced, 1, 'nothing new');
    await store.append([entry('1', now)]);
    await ledger.refresh();
    assert.equal(announced, 1, 'a line it has counted already');
    await store.append([entry('2', now)]);
    await ledger.refresh();
    assert.equal(announced, 2, 'a new entry');
    await new LedgerStore(dir, { now: () => now }).compact();
    await ledger.refresh();
    assert.equal(announced, 3, 'another window compacted');
    assert.equal(ledger.spentOn(now), 0.002);
  });
});
