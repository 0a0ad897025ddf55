// The truth from the balance: Service B's balance goes down by what the service charged, so over the
// same period the ledger's Service B spend should match it. Reading the balance is a request too, so
// it is read at most once a minute, and only while Tandem is in use (a request ended lately).
import type { SpendBalance } from '../../shared/spendProtocol';

/** The balance is read at most this often. */
export const READ_EVERY_MS = 60_000;
/** Tandem counts as in use for this long after a request ended. */
export const IN_USE_MS = 5 * 60_000;

export interface BalanceReading {
  at: number;
  /** CNY. */
  total: number;
}

export interface BalanceCheckDeps {
  now(): number;
  /** Service B's CNY balance now; undefined when the account shows none in CNY. */
  read(): Promise<number | undefined>;
  /** CNY the ledger priced for Service B between two instants. */
  spentBetween(from: number, to: number): number;
  /** Epoch ms when this window's last request ended, if one did. */
  lastUse(): number | undefined;
  onError?(error: unknown): void;
}

export class BalanceCheck {
  first: BalanceReading | undefined;
  latest: BalanceReading | undefined;
  /** When a read was last started, failed ones included (a failing service is not asked more often). */
  private lastRead = Number.NEGATIVE_INFINITY;
  private reading = false;
  /** Bumped by restart(): a read started before it is of another account, and is dropped when it ends. */
  private account = 0;

  constructor(private readonly deps: BalanceCheckDeps) {}

  /** Whether a read may start now: in use, none in the last minute, none running. */
  due(now = this.deps.now()): boolean {
    const used = this.deps.lastUse();
    return !this.reading && used !== undefined && now - used <= IN_USE_MS && now - this.lastRead >= READ_EVERY_MS;
  }

  /**
   * Service B's address or key changed: the readings so far may be of another account, so the comparison
   * starts over, and a read still under way (perhaps waiting on an address that no longer answers) neither
   * counts nor holds the next one back.
   */
  restart(): void {
    this.account += 1;
    this.first = this.latest = undefined;
    this.lastRead = Number.NEGATIVE_INFINITY;
    this.reading = false;
  }

  /** Reads the balance if it is due; resolves true when a new reading was kept. */
  async tick(): Promise<boolean> {
    const now = this.deps.now();
    if (!this.due(now)) return false;
    const account = this.account;
    this.lastRead = now;
    this.reading = true;
    try {
      const total = await this.deps.read();
      if (account !== this.account || total === undefined || !Number.isFinite(total)) return false;
      // Stamped when the answer came: everything the ledger recorded before then is in the balance.
      const reading = { at: this.deps.now(), total };
      this.first ??= reading;
      this.latest = reading;
      return true;
    } catch (error) {
      if (account === this.account) this.deps.onError?.(error);
      return false;
    } finally {
      if (account === this.account) this.reading = false;
    }
  }

  /** The ledger against the balance between the first and the latest reading; undefined until there are two. */
  comparison(): SpendBalance | undefined {
    const { first, latest } = this;
    if (!first || !latest || latest.at <= first.at) return undefined;
    const ledger = this.deps.spentBetween(first.at, latest.at);
    const change = round(first.total - latest.total);
    return { from: first.at, to: latest.at, ledger, change, difference: round(change - ledger) };
  }
}

/** "Ledger: 1.20 CNY; balance change: 1.25 CNY over the same period; difference 0.05 CNY". */
export function balanceLine(b: SpendBalance, format: (cny: number) => string): string {
  return `Ledger: ${format(b.ledger)}; balance change: ${format(b.change)} over the same period; difference ${format(b.difference)}`;
}

function round(n: number): number {
  return Number(n.toFixed(6));
}
