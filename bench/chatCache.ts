// The chat's prompt-cache hit share over a 10-round tool session on the simulator, which reports
// cache hits from the longest common prefix of messages it has seen (sim/promptCache.ts). Each round
// is a user turn that makes the model call a tool, then its answer: two requests. Prints JSON: the
// hit share of prompt tokens per request, from round 2 on, and the cost from the contract prices.
import { startSimulator } from '../sim/simulator';
import { meteredChatClients } from '../src/core/spend/meteredStreams';
import type { UsageRecord } from '../src/core/spend/spendTypes';
import { tokensOf } from '../src/core/spend/usageTokens';
import { costOfTokens, priceFor } from '../src/core/spend/spendPrices';
import { composeProjectRules } from '../src/core/chat/projectRules';
import { chatHarness, simChatClients } from '../test/unit/core/chat/chatHarness';

const ROUNDS = 10;
/** RULES=1: with project rules (an AGENTS.md of ~2 KB), which sit in the system message. */
const RULES = process.env.RULES === '1';
const AGENTS_MD = Array.from({ length: 40 }, (_, i) => `- Rule ${i + 1}: keep functions small and name them after their job.`).join('\n');

async function main(): Promise<void> {
  const sim = await startSimulator({ ttftMs: 0 });
  const sims = simChatClients(sim);
  const records: UsageRecord[] = [];
  const clients = meteredChatClients(() => sims.clients, {
    sink: { record: (r) => void records.push(r) },
    chatId: 'bench',
    chatTitle: () => 'bench',
  });
  const harness = chatHarness(sim, {
    clients,
    options: { thinking: process.env.THINKING === '1' },
    ...(RULES ? { projectRules: async () => composeProjectRules([{ path: 'AGENTS.md', size: AGENTS_MD.length, text: AGENTS_MD }]) } : {}),
  });
  const rounds: Array<{ round: number; requests: number; prompt: number; hit: number; cost: number }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = records.length;
    await harness.controller.send(`Please read the file "src/greet.ts" and tell me about part ${round}.`);
    const mine = records.slice(before).map((r) => tokensOf(r).tokens);
    const prompt = mine.reduce((n, t) => n + t.prompt, 0);
    const hit = mine.reduce((n, t) => n + t.cacheHit, 0);
    const cost = mine.reduce((n, t) => n + (costOfTokens(priceFor('B', 'beta-v4-flash', {}), t) ?? 0), 0);
    rounds.push({ round, requests: mine.length, prompt, hit, cost: Number(cost.toPrecision(6)) });
  }
  const later = rounds.slice(1);
  const share = (list: typeof rounds) =>
    list.reduce((n, r) => n + r.hit, 0) /
    Math.max(
      1,
      list.reduce((n, r) => n + r.prompt, 0),
    );
  console.log(
    JSON.stringify(
      {
        rules: RULES,
        rounds,
        hitShareFromRound2: Number(share(later).toFixed(4)),
        minRoundHitShareFromRound2: Number(Math.min(...later.map((r) => r.hit / Math.max(1, r.prompt))).toFixed(4)),
        totalCostCny: Number(rounds.reduce((n, r) => n + r.cost, 0).toPrecision(6)),
      },
      null,
      2,
    ),
  );
  await harness.close();
  await sims.close();
  await sim.close();
}

void main();
