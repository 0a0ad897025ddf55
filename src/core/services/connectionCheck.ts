import type { ServiceAClient } from './serviceAClient';
import type { ServiceBClient } from './serviceBClient';
import type { CallOptions } from './serviceEndpoint';
import type { UsageSink } from '../spend/spendTypes';

export type CheckResult = { ok: true; summary: string } | { ok: false; error: unknown };

async function settle(work: () => Promise<string>): Promise<CheckResult> {
  try {
    return { ok: true, summary: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Proves each service answers with the configured URL and key. Service A has no listing endpoint,
 * so it gets the smallest possible chat (one token, thinking off).
 */
export async function checkConnections(
  a: ServiceAClient,
  b: ServiceBClient,
  call?: CallOptions,
  /** The spend ledger: the check's one-token chat is a paid request too. */
  sink?: UsageSink,
): Promise<{ A: CheckResult; B: CheckResult }> {
  const [A, B] = await Promise.all([
    settle(async () => {
      const reply = await a.chat(
        { model: 'alpha-v2.5', thinking: false, maxCompletionTokens: 1, messages: [{ role: 'user', content: 'ping' }] },
        call,
      );
      sink?.record({ service: 'A', model: reply.model ?? 'alpha-v2.5', feature: 'check', usage: reply.usage });
      return `reachable (${reply.model})`;
    }),
    settle(async () => {
      const [models, balance] = await Promise.all([b.listModels(call), b.balance(call)]);
      const money = balance.balances.map((entry) => `${entry.total} ${entry.currency}`).join(', ');
      return `reachable (models: ${models.map((m) => m.id).join(', ')}${money ? `; balance ${money}` : ''})`;
    }),
  ]);
  return { A, B };
}
