import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { BalanceCheck, balanceLine, READ_EVERY_MS } from '../../core/spend/balanceCheck';
import { baseUrlSetting } from '../../core/config/settingsCatalog';
import { formatCny } from '../../core/spend/budget';
import { BudgetGuard } from '../../core/spend/budgetGuard';
import { Ledger } from '../../core/spend/ledger';
import { LedgerStore } from '../../core/spend/ledgerStore';
import type { SpendBalance } from '../../shared/spendProtocol';
import { keySecretName } from '../keys/secretStorageKeys';
import type { TandemUi } from '../ui/tandemUi';
import { affectsSpend, spendLimits, userPrices } from './spendSettings';

/** Other windows' spend is read this often while this window is focused, and whenever it gains focus. */
const REFRESH_MS = 30_000;

export interface SpendRegistration {
  ledger: Ledger;
  guard: BudgetGuard;
  /** Fires when spend or the budget settings change: the status bar and completions re-read. */
  onDidChange: vscode.Event<void>;
  /** "Today 1.23 CNY · this month 4.56 CNY", for the status bar's tooltip (and the balance comparison once there is one). */
  summaryLine(): string;
  /** Service B's balance against the ledger since this window first read it. */
  balance: BalanceCheck;
  disposables: vscode.Disposable[];
}

export function registerSpend(
  context: vscode.ExtensionContext,
  ui: TandemUi,
  log: vscode.LogOutputChannel,
  /** Service B's CNY balance now (undefined without one in CNY). */
  readBalance: () => Promise<number | undefined> = async () => undefined,
): SpendRegistration {
  const changed = new vscode.EventEmitter<void>();
  // Read on every keystroke (are completions paused?) and every status render: each read of the settings
  // costs about a millisecond on the typing path, so they are read once per change of the spend settings.
  let settings: { limits?: ReturnType<typeof spendLimits>; prices?: ReturnType<typeof userPrices> } = {};
  const limits = () => (settings.limits ??= spendLimits());
  const prices = () => (settings.prices ??= userPrices());
  const store = new LedgerStore(context.globalStorageUri.fsPath, { now: () => Date.now() });
  const ledger = new Ledger({
    store,
    now: () => Date.now(),
    newId: () => randomUUID(),
    userPrices: prices,
    onError: (error) => log.warn(`Spend ledger: a write failed and will be retried: ${String(error)}`),
  });
  const guard = new BudgetGuard({
    spent: ledger,
    limits,
    userPrices: prices,
    now: () => Date.now(),
    marks: {
      get: (key) => context.globalState.get<string>(`tandem.spend.${key}`),
      set: (key, value) => void context.globalState.update(`tandem.spend.${key}`, value),
    },
    askOverBudget: async (question) => {
      const go = vscode.l10n.t('Continue today');
      return (await ui.warn(vscode.l10n.t('{0} Continue today, or stop?', question), go, vscode.l10n.t('Stop'))) === go;
    },
    confirmCost: async (estimate) => {
      const send = vscode.l10n.t('Send');
      return (
        (await ui.warn(
          vscode.l10n.t('This request will cost about {0} (its prompt, before the answer). Send it?', estimate),
          send,
          vscode.l10n.t('Cancel'),
        )) === send
      );
    },
    warn: (text) => void ui.warn(text),
  });
  const balance = new BalanceCheck({
    now: () => Date.now(),
    read: readBalance,
    spentBetween: (from, to) => ledger.spentBetween('B', from, to),
    lastUse: () => ledger.lastRecordAt,
    onError: (error) => log.debug(`Spend: Service B balance not read: ${String(error)}`),
  });
  const readBalanceIfDue = () =>
    void balance.tick().then((kept) => {
      if (kept) changed.fire();
    });
  const disposables: vscode.Disposable[] = [changed];
  disposables.push(
    ledger.onChange(() => {
      guard.checkWarnings();
      changed.fire();
      // A request just ended (or another window's were read): the balance, if a minute has passed.
      readBalanceIfDue();
    }),
  );
  // While Tandem stays in use without a request ending, the next reading still comes (BalanceCheck says when).
  const balanceTimer = setInterval(readBalanceIfDue, READ_EVERY_MS);
  balanceTimer.unref?.();
  disposables.push({ dispose: () => clearInterval(balanceTimer) });
  disposables.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsSpend(event)) {
        settings = {};
        changed.fire();
      }
      if (event.affectsConfiguration(`tandem.${baseUrlSetting('B')}`)) balance.restart();
    }),
    context.secrets.onDidChange((event) => {
      if (event.key === keySecretName('B')) balance.restart();
    }),
  );
  const refresh = () => ledger.refresh().catch((error: unknown) => log.warn(`Spend ledger: could not read: ${String(error)}`));
  void ledger
    .compact()
    .catch(() => undefined)
    .then(refresh);
  const timer = setInterval(() => {
    if (vscode.window.state.focused) void refresh();
  }, REFRESH_MS);
  timer.unref?.();
  disposables.push({ dispose: () => clearInterval(timer) });
  disposables.push(
    vscode.window.onDidChangeWindowState((state) => {
      if (state.focused) void refresh();
    }),
  );
  // Written before the window closes: VS Code waits for deactivate(), which disposes this.
  disposables.push({ dispose: () => ledger.flush() });
  return {
    ledger,
    guard,
    onDidChange: changed.event,
    balance,
    summaryLine: () => {
      const spent = guard.spent();
      const line = vscode.l10n.t('Spend: today {0}, this month {1}.', formatCny(spent.today), formatCny(spent.month));
      const compared: SpendBalance | undefined = balance.comparison();
      return compared ? `${line} ${vscode.l10n.t('Service B — {0}.', balanceLine(compared, formatCny))}` : line;
    },
    disposables,
  };
}
