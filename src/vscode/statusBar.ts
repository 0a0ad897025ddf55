import * as vscode from 'vscode';
import type { SetupView } from './setupView';

/** The Tandem status bar item: a glance at whether both services are set up, and the menu on click. */
export class TandemStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tandem.status', vscode.StatusBarAlignment.Right, 100);
  private readonly subscription: vscode.Disposable;

  constructor(private readonly setup: SetupView) {
    this.item.name = 'Tandem';
    this.item.command = 'tandem.showMenu';
    this.subscription = setup.onDidChangeTreeData(() => void this.refresh());
    void this.refresh();
    this.item.show();
  }

  async refresh(): Promise<void> {
    const setups = await this.setup.setups();
    const missing = setups.filter((setup) => !setup.ready).map((setup) => `Service ${setup.service}`);
    this.item.text = missing.length ? '$(warning) Tandem' : '$(sparkle) Tandem';
    this.item.tooltip = missing.length ? `Tandem: ${missing.join(' and ')} need a base URL and key. Click for options.` : 'Tandem: both services set up. Click for options.';
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}

const menu: Array<vscode.QuickPickItem & { command: string; args?: unknown[] }> = [
  { label: '$(plug) Check Connection', command: 'tandem.checkConnection' },
  { label: '$(key) Set API Key…', command: 'tandem.setApiKey' },
  { label: '$(settings-gear) Open Settings', command: 'workbench.action.openSettings', args: ['@ext:tandem.tandem'] },
  { label: '$(output) Show Log', command: 'tandem.showLog' },
];

export function registerMenuCommand(): vscode.Disposable {
  return vscode.commands.registerCommand('tandem.showMenu', async () => {
    const choice = await vscode.window.showQuickPick(menu, { title: 'Tandem' });
    if (choice) await vscode.commands.executeCommand(choice.command, ...(choice.args ?? []));
  });
}
