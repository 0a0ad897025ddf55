import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { CompletionStatus, StatusSnapshot } from '../../core/completion/completionStatus';
import { completionStatusLine, sessionFiguresLine } from '../../core/completion/completionStatusLine';
import { Disposable } from '../../core/lifecycle/disposable';
import type { SetupView } from './setupView';

/**
 * The Tandem status bar item: whether both services are set up, and what inline completions are
 * doing (idle / working / error / off / snoozed / rate-limited); the menu on click.
 */
export class TandemStatusBar extends Disposable implements vscode.Disposable {
  private readonly item = this._register(vscode.window.createStatusBarItem('tandem.status', vscode.StatusBarAlignment.Right, 100));
  private missing: string[] = [];
  /** Ticks once a second while a rate-limit cool-down counts down. */
  private countdown: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly setup: SetupView,
    private readonly completion?: CompletionStatus,
    /** Today's and this month's spend for the tooltip, and when it changes. */
    private readonly spend?: { summaryLine(): string; onDidChange: vscode.Event<void> },
  ) {
    super();
    this.item.name = 'Tandem';
    this.item.command = 'tandem.showMenu';
    this._register(setup.onDidChangeTreeData(() => void this.refresh()));
    if (completion) this._register(completion.onChange((s) => this.render(s)));
    if (spend) this._register(spend.onDidChange(() => this.render(this.completion?.snapshot)));
    // Registered last, so disposed first: the countdown stops before anything it renders goes.
    this._register({ dispose: () => this.tick(false) });
    // Shown by the first refresh(), in activation's first look (extension.ts), once activate() has returned.
  }

  async refresh(): Promise<void> {
    const setups = await this.setup.setups();
    this.missing = setups.filter((setup) => !setup.ready).map((setup) => vscode.l10n.t('Service {0}', setup.service));
    this.render(this.completion?.snapshot);
    this.item.show();
  }

  private render(s: StatusSnapshot | undefined): void {
    this.tick(s?.state === 'rate-limited');
    if (this.missing.length) {
      this.item.text = '$(warning) Tandem';
      this.item.tooltip = vscode.l10n.t(
        'Tandem: {0} need a base URL and key. Click for options.',
        this.missing.reduce((a, b) => vscode.l10n.t('{0} and {1}', a, b)),
      );
      return;
    }
    const { icon, badge, line } = completionStatusLine(s);
    this.item.text = `${icon} Tandem${badge ? `: ${badge}` : ''}`;
    const figures = this.completion ? ` ${sessionFiguresLine(this.completion.figures)}` : '';
    const spent = this.spend ? ` ${this.spend.summaryLine()}` : '';
    this.item.tooltip = vscode.l10n.t('Tandem: both services set up. {0}{1}{2} Click for options.', line, figures, spent);
  }

  private tick(on: boolean): void {
    if (on && !this.countdown) this.countdown = setInterval(() => this.render(this.completion?.snapshot), 1_000);
    if (!on && this.countdown) {
      clearInterval(this.countdown);
      this.countdown = undefined;
    }
  }
}

type MenuItem = vscode.QuickPickItem & { command: string; args?: unknown[] };

function menuFor(s: StatusSnapshot | undefined): MenuItem[] {
  const completionItems: MenuItem[] = !s
    ? []
    : [
        s.state === 'off' || s.state === 'snoozed'
          ? { label: vscode.l10n.t('$(check) Enable Inline Completions'), command: COMMANDS.toggleCompletions }
          : { label: vscode.l10n.t('$(circle-slash) Disable Inline Completions'), command: COMMANDS.toggleCompletions },
        ...(s.state === 'off'
          ? []
          : [
              { label: vscode.l10n.t('$(clock) Snooze for 5 Minutes'), command: COMMANDS.snoozeCompletions, args: [5] },
              { label: vscode.l10n.t('$(clock) Snooze for 30 Minutes'), command: COMMANDS.snoozeCompletions, args: [30] },
              { label: vscode.l10n.t('$(clock) Snooze Until Re-enabled'), command: COMMANDS.snoozeCompletions, args: [Infinity] },
            ]),
        { label: vscode.l10n.t('$(symbol-class) Choose Completion Model…'), command: COMMANDS.selectCompletionModel },
        { label: '', kind: vscode.QuickPickItemKind.Separator, command: '' },
      ];
  return [
    ...completionItems,
    { label: vscode.l10n.t('$(unmute) Read Selection Aloud'), command: COMMANDS.readAloud },
    { label: vscode.l10n.t('$(plug) Check Connection'), command: COMMANDS.checkConnection },
    { label: vscode.l10n.t('$(key) Set API Key…'), command: COMMANDS.setApiKey },
    { label: vscode.l10n.t('$(settings-gear) Open Settings'), command: 'workbench.action.openSettings', args: ['@ext:tandem.tandem'] },
    { label: vscode.l10n.t('$(graph) Show Spend'), command: COMMANDS.showSpend },
    { label: vscode.l10n.t('$(output) Show Log'), command: COMMANDS.showLog },
  ];
}

export function registerMenuCommand(completion?: CompletionStatus): vscode.Disposable {
  return vscode.commands.registerCommand(COMMANDS.showMenu, async () => {
    const s = completion?.snapshot;
    const choice = await vscode.window.showQuickPick(menuFor(s), {
      title: s ? vscode.l10n.t('Tandem — completions {0}', s.state) : 'Tandem',
    });
    if (choice?.command) await vscode.commands.executeCommand(choice.command, ...(choice.args ?? []));
  });
}
