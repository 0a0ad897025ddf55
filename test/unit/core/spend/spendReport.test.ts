import assert from 'node:assert/strict';
import { emptyTokens, type DailyRow } from '../../../../src/core/spend/ledgerRows';
import { CSV_HEADER, chartData, dearestChats, spendCsv } from '../../../../src/core/spend/spendReport';
import type { SpendFeature } from '../../../../src/core/spend/spendTypes';
import { parseSpendHostMessage, parseSpendWebviewMessage } from '../../../../src/shared/validateSpendMessages';

const NOON = new Date(2026, 10, 25, 12).getTime();

function row(day: string, feature: SpendFeature, cost: number, over: Partial<DailyRow> = {}): DailyRow {
  return {
    day,
    feature,
    service: 'B',
    model: 'beta-v4-flash',
    requests: 2,
    tokens: { ...emptyTokens(), prompt: 1_000, cacheHit: 800, cacheMiss: 200, output: 50 },
    cost,
    unpriced: 0,
    estimated: 0,
    assumedMiss: 0,
    ...over,
  };
}

describe('Spend view data', () => {
  it('chart data: the last 30 local days oldest first, cost per day per feature (services and models summed), in a fixed feature order', () => {
    const data = chartData(
      [
        row('2026-11-25', 'chat', 0.5),
        row('2026-11-25', 'chat', 0.25, { service: 'A', model: 'alpha-v2.5' }),
        row('2026-11-24', 'completion', 0.1),
        row('2026-10-27', 'speech', 0.3),
        row('2026-10-26', 'check', 9), // 30 days before today: outside the chart
      ],
      NOON,
    );
    assert.equal(data.days.length, 30);
    assert.equal(data.days[0], '2026-10-27');
    assert.equal(data.days.at(-1), '2026-11-25');
    assert.deepEqual(
      data.series.map((s) => s.feature),
      ['completion', 'chat', 'speech'],
    );
    assert.equal(data.series.find((s) => s.feature === 'speech')!.cost[0], 0.3);
    const chat = data.series.find((s) => s.feature === 'chat')!;
    assert.equal(chat.cost.length, 30);
    assert.equal(chat.cost[29], 0.75);
    assert.equal(chat.total, 0.75);
    assert.equal(data.series.find((s) => s.feature === 'completion')!.cost[28], 0.1);
  });

  it('chart data: the cache-hit share of each feature is its cache hits over its prompt tokens; none without prompt tokens', () => {
    const data = chartData(
      [
        row('2026-11-25', 'chat', 0.5, { tokens: { ...emptyTokens(), prompt: 1_000, cacheHit: 900, cacheMiss: 100 } }),
        row('2026-11-24', 'chat', 0.5, { tokens: { ...emptyTokens(), prompt: 3_000, cacheHit: 0, cacheMiss: 3_000 }, assumedMiss: 1 }),
        row('2026-11-25', 'speech', 0, { tokens: emptyTokens(), unpriced: 2, service: 'A', model: 'alpha-v2.5-tts' }),
      ],
      NOON,
    );
    assert.equal(data.series.find((s) => s.feature === 'chat')!.hitShare, 900 / 4_000);
    assert.equal(data.series.find((s) => s.feature === 'chat')!.promptTokens, 4_000);
    assert.equal(data.series.find((s) => s.feature === 'speech')!.hitShare, null);
    assert.equal(data.unpriced, 2);
  });

  it('the most expensive chats, dearest first, ten at most, none that cost nothing', () => {
    const chats = Array.from({ length: 14 }, (_, i) => ({ chatId: `c${i}`, title: `Chat ${i}`, cost: i * 0.1, requests: i, last: i }));
    const listed = dearestChats(chats);
    assert.equal(listed.length, 10);
    assert.deepEqual(
      listed.map((c) => c.chatId),
      ['c13', 'c12', 'c11', 'c10', 'c9', 'c8', 'c7', 'c6', 'c5', 'c4'],
    );
    assert.deepEqual(dearestChats([{ chatId: 'z', title: '', cost: 0, requests: 1, last: 1 }]), []);
  });

  it('CSV: a header, then one line per day and feature with its tokens and cost (services and models summed), oldest first', () => {
    const csv = spendCsv([
      row('2026-11-25', 'speech', 0.2, { service: 'A', model: 'alpha-v2.5-tts', unpriced: 1 }),
      row('2026-11-25', 'chat', 0.5),
      row('2026-11-25', 'chat', 0.25, { model: 'beta-v4-pro', estimated: 1 }),
      row('2026-11-24', 'completion', 0.0001234567),
    ]);
    const lines = csv.split('\r\n');
    assert.equal(lines.at(-1), '', 'ends with a line break');
    assert.deepEqual(lines.slice(0, -1), [
      CSV_HEADER.join(','),
      '2026-11-24,completion,2,1000,800,200,50,0,0.000123,0,0',
      '2026-11-25,chat,4,2000,1600,400,100,0,0.750000,0,1',
      '2026-11-25,speech,2,1000,800,200,50,0,0.200000,1,0',
    ]);
    assert.equal(
      CSV_HEADER.join(','),
      'day,feature,requests,prompt_tokens,cache_hit_tokens,cache_miss_tokens,output_tokens,reasoning_tokens,cost_cny,unpriced_requests,estimated_requests',
    );
  });

  it('CSV of an empty ledger is the header alone', () => {
    assert.equal(spendCsv([]), `${CSV_HEADER.join(',')}\r\n`);
  });

  it('messages: the view accepts a well-formed report and refuses a malformed one; the host accepts only the four view messages', () => {
    const data = chartData([row('2026-11-25', 'chat', 0.5)], NOON);
    const report = {
      createdAt: NOON,
      today: 0.5,
      month: 0.5,
      dailyLimit: 0,
      monthlyLimit: 10,
      days: data.days,
      series: data.series.map((s) => ({ ...s, label: 'Chat' })),
      chats: [{ chatId: 'c1', title: 'A chat', cost: 0.5, requests: 1 }],
      unpriced: 0,
    };
    assert.ok(parseSpendHostMessage({ type: 'spend/report', report }));
    assert.ok(
      parseSpendHostMessage({
        type: 'spend/report',
        report: { ...report, balance: { from: 1, to: 2, ledger: 1, change: 1.5, difference: 0.5 } },
      }),
    );
    assert.equal(parseSpendHostMessage({ type: 'spend/report', report: { ...report, today: -1 } }), undefined);
    assert.equal(parseSpendHostMessage({ type: 'spend/report', report: { ...report, days: ['<img>'] } }), undefined);
    assert.equal(parseSpendHostMessage({ type: 'spend/report', report: { ...report, extra: 1 } }), undefined);
    const short = { ...report, series: [{ ...report.series[0], cost: [1] }] };
    assert.equal(parseSpendHostMessage({ type: 'spend/report', report: short }), undefined, 'a series must have one value per day');

    assert.ok(parseSpendWebviewMessage({ type: 'spend/ready' }));
    assert.ok(parseSpendWebviewMessage({ type: 'spend/openChat', chatId: 'c1' }));
    assert.ok(parseSpendWebviewMessage({ type: 'spend/exportCsv' }));
    assert.ok(parseSpendWebviewMessage({ type: 'spend/rendered', ms: 120 }));
    assert.equal(parseSpendWebviewMessage({ type: 'spend/openChat', chatId: '' }), undefined);
    assert.equal(parseSpendWebviewMessage({ type: 'spend/rendered', ms: Number.NaN }), undefined);
    assert.equal(parseSpendWebviewMessage({ type: 'spend/exportCsv', path: '/etc/passwd' }), undefined);
    assert.equal(parseSpendWebviewMessage({ type: 'openChat', chatId: 'c1' }), undefined);
  });
});
