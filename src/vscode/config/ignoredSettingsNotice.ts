import * as vscode from 'vscode';
import { parseJsonc } from '../../core/config/jsonc';
import { Disposable } from '../../core/lifecycle/disposable';
import { ignoredSettingsNotice, userOnlySettingsIn, type IgnoredSetting } from '../../core/keys/userOnlySettings';
import { openSettings } from './settings';
import type { TandemUi } from '../ui/tandemUi';
import { localise } from '../errors/localise';

const shownKey = 'tandem.ignoredKeySettingsShown';
/** A settings file is a few KB; a giant one is not read on every configuration change. */
const MAX_SETTINGS_BYTES = 1_000_000;

/**
 * Says once (per workspace and set of values) that the workspace tried to set where API keys go, and
 * that Tandem ignored it. VS Code drops application-scoped values from workspace settings before any
 * extension sees them (`inspect()` has no workspace value for them), so the files are read here: each
 * folder's `.vscode/settings.json` and the `.code-workspace` file.
 */
export class IgnoredSettingsNotice extends Disposable implements vscode.Disposable {
  /** Checks run one after another, so the same values are never warned about twice. */
  private checking: Promise<void> = Promise.resolve();

  constructor(
    private readonly workspaceState: vscode.Memento,
    private readonly ui: TandemUi,
  ) {
    super();
  }

  /** Checks now and whenever the settings files change; activation's first look calls it, once activate() has returned. */
  start(): Promise<void> {
    const check = () => void this.check();
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/.vscode/settings.json'));
    this._register(watcher.onDidCreate(check));
    this._register(watcher.onDidChange(check));
    // A workspace file's settings and a changed folder list arrive as these events.
    this._register(vscode.workspace.onDidChangeConfiguration(check));
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(check));
    return this.check();
  }

  check(): Promise<void> {
    this.checking = this.checking.then(() => this.checkNow()).catch(() => undefined);
    return this.checking;
  }

  private async checkNow(): Promise<void> {
    const found = (await Promise.all(settingsFiles().map(readSettings))).flat();
    if (found.length === 0) return;
    const { message, fingerprint } = ignoredSettingsNotice(found);
    const shown = this.workspaceState.get<string[]>(shownKey, []);
    if (shown.includes(fingerprint)) return;
    await this.workspaceState.update(shownKey, [...shown, fingerprint].slice(-20));
    // Not awaited: the next check must not wait for the user to close the notification.
    const openUserSettings = vscode.l10n.t('Open User Settings');
    void Promise.resolve(this.ui.warn(localise(message), openUserSettings)).then(
      (choice) => choice === openUserSettings && openSettings('tandem.service'),
    );
  }
}

function settingsFiles(): Array<{ uri: vscode.Uri; label: string }> {
  const files = (vscode.workspace.workspaceFolders ?? []).map((folder) => {
    const uri = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    return { uri, label: vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1) };
  });
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile && workspaceFile.scheme !== 'untitled')
    files.push({ uri: workspaceFile, label: workspaceFile.path.split('/').at(-1)! });
  return files;
}

async function readSettings(file: { uri: vscode.Uri; label: string }): Promise<IgnoredSetting[]> {
  let text: string;
  try {
    if ((await vscode.workspace.fs.stat(file.uri)).size > MAX_SETTINGS_BYTES) return [];
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file.uri));
  } catch {
    return []; // no such file
  }
  const parsed = parseJsonc(text);
  // A .code-workspace file keeps its settings under "settings".
  const settings = file.uri === vscode.workspace.workspaceFile ? (parsed as { settings?: unknown } | undefined)?.settings : parsed;
  return userOnlySettingsIn(settings, file.label);
}
