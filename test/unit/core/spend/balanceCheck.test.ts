import assert from 'node:assert/strict';
import { BalanceCheck, balanceLine, IN_USE_MS, READ_EVERY_MS } from '../../../../src/core/spend/balanceCheck';
import { formatCny } from '../../../../src/core/spend/budget';

const T0 = new Date(2026, 10, 25, 12).getTime();

function setup(balances: Array<number | undefined | Error>) {
  const state = { now: T0, lastUse: undefined as number | undefined, reads: 0, spent: [] as Array<{ at: number; cost: number }> };
  const queue = [...balances];
  const check = new BalanceCheck({
    now: () => state.now,
    read: async () => {
      state.reads += 1;
      const next = queue.shift();
      if (next instanceof Error) throw next;
      return next;
    },
    spentBetween: (from, to) => state.spent.filter((s) => s.at >= from && s.at < to).reduce((a, s) => a + s.cost, 0),
    lastUse: () => state.lastUse,
  });
  return { state, check };
}

describe('balance check (Service B balance against the ledger)', () => {
  it('reads nothing while Tandem is not in use: no request yet, or the last one ended more than five minutes ago', async () => {
    const { state, check } = setup([100, 99]);
    assert.equal(await check.tick(), false);
    state.lastUse = T0 - IN_USE_MS - 1;
    assert.equal(await check.tick(), false);
    assert.equal(state.reads, 0);
    state.lastUse = T0 - IN_USE_MS;
    assert.equal(await check.tick(), true);
    assert.equal(state.reads, 1);
  });

  it('reads at most once a minute, however many requests end, failed reads included', async () => {
    const { state, check } = setup([100, new Error('503'), 98, 97]);
    state.lastUse = T0;
    assert.equal(await check.tick(), true);
    for (let s = 1; s < 60; s += 7) {
      state.now = T0 + s * 1_000;
      state.lastUse = state.now;
      assert.equal(await check.tick(), false);
    }
    assert.equal(state.reads, 1);
    state.now = T0 + READ_EVERY_MS;
    assert.equal(await check.tick(), false, 'the read failed');
    assert.equal(state.reads, 2);
    state.now = T0 + READ_EVERY_MS + 30_000;
    state.lastUse = state.now;
    assert.equal(await check.tick(), false, 'a failed read counts: no second try within the minute');
    assert.equal(state.reads, 2);
    state.now = T0 + 2 * READ_EVERY_MS;
    assert.equal(await check.tick(), true);
    assert.equal(state.reads, 3);
  });

  it('one read at a time: a tick while a read is under way reads nothing', async () => {
    let release!: (n: number) => void;
    const state = { now: T0, reads: 0 };
    const check = new BalanceCheck({
      now: () => state.now,
      read: () => (state.reads++, new Promise<number>((resolve) => (release = resolve))),
      spentBetween: () => 0,
      lastUse: () => T0,
    });
    const first = check.tick();
    state.now = T0 + 2 * READ_EVERY_MS;
    assert.equal(await check.tick(), false);
    release(50);
    assert.equal(await first, true);
    assert.equal(state.reads, 1);
  });

  it('keeps the first and the latest reading and compares the balance change with the ledger over the same period', async () => {
    const { state, check } = setup([100, 99.5, 98.75]);
    state.lastUse = T0;
    assert.equal(check.comparison(), undefined, 'no reading yet');
    await check.tick();
    assert.equal(check.comparison(), undefined, 'one reading is no period');
    state.spent.push({ at: T0 - 1, cost: 5 }, { at: T0 + 10_000, cost: 0.4 }, { at: T0 + 70_000, cost: 0.6 });
    state.now = T0 + READ_EVERY_MS;
    state.lastUse = state.now;
    await check.tick();
    state.now = T0 + 2 * READ_EVERY_MS;
    state.lastUse = state.now;
    await check.tick();
    assert.deepEqual(check.first, { at: T0, total: 100 });
    assert.deepEqual(check.latest, { at: T0 + 2 * READ_EVERY_MS, total: 98.75 });
    // Spent before the first reading (5 CNY) is outside the period.
    assert.deepEqual(check.comparison(), { from: T0, to: T0 + 2 * READ_EVERY_MS, ledger: 1, change: 1.25, difference: 0.25 });
    assert.equal(
      balanceLine(check.comparison()!, formatCny),
      'Ledger: 1.00 CNY; balance change: 1.25 CNY over the same period; difference 0.25 CNY',
    );
  });

  it("after Service B's address or key changes, the comparison starts over and a read still under way neither counts nor holds the next back", async () => {
    const pending: Array<(n: number) => void> = [];
    const state = { now: T0, reads: 0 };
    const check = new BalanceCheck({
      now: () => state.now,
      read: () => (state.reads++, new Promise<number>((resolve) => pending.push(resolve))),
      spentBetween: () => 0,
      lastUse: () => state.now,
    });
    const first = check.tick();
    pending[0](100);
    assert.equal(await first, true);
    state.now = T0 + READ_EVERY_MS;
    const stuck = check.tick();
    assert.equal(state.reads, 2);

    state.now += 1_000;
    check.restart();
    assert.equal(check.first, undefined, 'a reading of the old account is not compared with the new one');
    assert.equal(check.due(), true, 'the next request reads the new account at once');
    const fresh = check.tick();
    assert.equal(state.reads, 3);
    pending[1](40); // the old account's answer arrives late
    assert.equal(await stuck, false);
    assert.equal(check.latest, undefined);
    assert.equal(check.due(), false, 'the new read is still under way');
    pending[2](7);
    assert.equal(await fresh, true);
    assert.deepEqual(check.first, { at: T0 + READ_EVERY_MS + 1_000, total: 7 });
  });

  it('an account without a CNY balance gives no reading', async () => {
    const { state, check } = setup([undefined]);
    state.lastUse = T0;
    assert.equal(await check.tick(), false);
    assert.equal(check.first, undefined);
  });
});
