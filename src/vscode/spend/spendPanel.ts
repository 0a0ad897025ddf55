import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposable';
import type { Ledger } from '../../core/spend/ledger';
import { chartData, dearestChats, spendCsv } from '../../core/spend/spendReport';
import type { SpendFeature } from '../../core/spend/spendTypes';
import { assertNever } from '../../shared/protocol';
import type { SpendBalance, SpendHostMessage, SpendReport } from '../../shared/spendProtocol';
import { parseSpendWebviewMessage } from '../../shared/validateSpendMessages';
import { webviewHtml } from '../ui/webviewHtml';
import { spendLimits } from './spendSettings';

export interface SpendPanelDeps {
  extensionUri: vscode.Uri;
  ledger: Ledger;
  spent(): { today: number; month: number };
  /** Service B's balance against the ledger, once two readings exist. */
  balance(): SpendBalance | undefined;
  /** Opens the chat view on that chat. */
  openChat(chatId: string): Promise<void>;
  log: vscode.LogOutputChannel;
}

function featureLabel(feature: SpendFeature): string {
  switch (feature) {
    case 'completion':
      return vscode.l10n.t('Completions');
    case 'chat':
      return vscode.l10n.t('Chat');
    case 'inlineEdit':
      return vscode.l10n.t('Inline edit');
    case 'commitMessage':
      return vscode.l10n.t('Commit messages');
    case 'speech':
      return vscode.l10n.t('Read aloud');
    case 'check':
      return vscode.l10n.t('Connection checks');
  }
}

/** Tandem: Show Spend. One panel; showing it again brings it to the front. */
export class SpendPanel extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private createdAt = 0;
  /** The last panel's first chart, drawn this long after the panel was created (bench/spendView.ts). */
  lastRenderMs: number | undefined;

  constructor(private readonly deps: SpendPanelDeps) {
    super();
    this._register(deps.ledger.onChange(() => this.post()));
    this._register({ dispose: () => this.panel?.dispose() });
  }

  async show(): Promise<void> {
    if (this.panel) {
      this.panel.reveal();
      return;
    }
    this.createdAt = Date.now();
    this.lastRenderMs = undefined;
    const panel = vscode.window.createWebviewPanel('tandem.spend', vscode.l10n.t('Tandem Spend'), vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.deps.extensionUri, 'dist')],
    });
    this.panel = panel;
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = undefined;
    });
    panel.webview.onDidReceiveMessage((raw: unknown) => void this.onMessage(raw));
    // esbuild writes the bundle's CSS (uPlot's and the view's own) beside it.
    panel.webview.html = webviewHtml(panel.webview, this.deps.extensionUri, {
      title: 'Tandem Spend',
      script: ['dist', 'spend.js'],
      styles: [['dist', 'spend.css']],
      root: '<main id="spend"></main>',
    });
    // Other windows' spend too: the view shows what the store holds now.
    await this.deps.ledger.refresh().catch((error: unknown) => this.deps.log.warn(`Spend ledger: could not read: ${String(error)}`));
  }

  /** The report the panel shows now (exported for the tests). */
  report(now = Date.now()): SpendReport {
    const snapshot = this.deps.ledger.snapshot();
    const chart = chartData(snapshot.rows, now);
    const limits = spendLimits();
    const spent = this.deps.spent();
    const balance = this.deps.balance();
    return {
      createdAt: this.createdAt,
      today: spent.today,
      month: spent.month,
      dailyLimit: limits.daily,
      monthlyLimit: limits.monthly,
      days: chart.days,
      series: chart.series.map((s) => ({ ...s, label: featureLabel(s.feature as SpendFeature) })),
      chats: dearestChats(snapshot.chats).map((c) => ({ ...c, title: c.title || vscode.l10n.t('Untitled chat') })),
      unpriced: chart.unpriced,
      ...(balance ? { balance } : {}),
    };
  }

  /** Writes the CSV to `target`, or where the save dialog says; returns where it went. */
  async exportCsv(target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const uri =
      target ??
      (await vscode.window.showSaveDialog({
        title: vscode.l10n.t('Export Spend as CSV'),
        defaultUri: vscode.workspace.workspaceFolders?.[0]
          ? vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, 'tandem-spend.csv')
          : undefined,
        filters: { CSV: ['csv'] },
      }));
    if (!uri) return undefined;
    await this.deps.ledger.refresh().catch(() => undefined);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(spendCsv(this.deps.ledger.snapshot().rows)));
    return uri;
  }

  private post(): void {
    if (!this.panel) return;
    void this.panel.webview.postMessage({ type: 'spend/report', report: this.report() } satisfies SpendHostMessage);
  }

  private async onMessage(raw: unknown): Promise<void> {
    const message = parseSpendWebviewMessage(raw);
    if (!message) return;
    switch (message.type) {
      case 'spend/ready':
        return this.post();
      case 'spend/openChat':
        return this.deps.openChat(message.chatId);
      case 'spend/exportCsv': {
        const uri = await this.exportCsv().catch((error: unknown) => {
          void vscode.window.showErrorMessage(vscode.l10n.t('Could not export the spend: {0}', String(error)));
          return undefined;
        });
        if (uri) this.deps.log.info(`Spend exported to ${uri.toString(true)}`);
        return;
      }
      case 'spend/rendered':
        this.lastRenderMs ??= message.ms;
        this.deps.log.info(`Spend view drawn ${message.ms.toFixed(0)} ms after it was opened`);
        return;
      default:
        return assertNever(message);
    }
  }
}
