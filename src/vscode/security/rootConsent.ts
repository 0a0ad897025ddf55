// The user's answer, per workspace and per root, to "may Tandem use this folder?" for the roots a
// repository's `.code-workspace` (or a window opened on home or `.git`) can make part of the workspace.
// Until the user allows such a root, the OutflowGate treats it as outside: no tool, mention or
// completion context reads it. The question is asked when a chat tool or a mention first needs the
// workspace, never at activation and never from completions.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { rootConsentReason, type ConsentReason, type RootPlaces } from '../../core/security/rootConsent';
import type { RootAccess } from './outflowGate';

const STATE_KEY = 'tandem.allowedRoots';

/** A root the user is asked about. */
export interface PendingRoot {
  /** The folder's name in the workspace (a `.code-workspace` may set any name). */
  name: string;
  /** Its real absolute path. */
  realPath: string;
  reason: ConsentReason;
}

export class RootConsent implements RootAccess {
  /** Roots answered "Not now" in this window: not asked again until it reloads. */
  private readonly notNow = new Set<string>();
  private asking: Promise<void> = Promise.resolve();

  constructor(
    /** The workspace's own memento: an answer holds for this workspace only. */
    private readonly state: vscode.Memento,
    /** Asks the user; a modal by default (tests answer it themselves). */
    private readonly ask: (root: PendingRoot) => Promise<boolean> = askModal,
    private readonly places: () => RootPlaces = currentPlaces,
  ) {}

  usable(folder: vscode.WorkspaceFolder): boolean {
    if (folder.uri.scheme !== 'file') return false;
    const real = realPathOf(folder.uri.fsPath);
    return rootConsentReason(real, this.places()) === undefined || this.allowed().includes(real);
  }

  /**
   * Asks about every root that needs consent and has no answer yet, one modal at a time. Calls that
   * come while a question is open wait for it rather than asking twice.
   */
  request(): Promise<void> {
    this.asking = this.asking.then(() => this.askPending()).catch(() => undefined);
    return this.asking;
  }

  private async askPending(): Promise<void> {
    const places = this.places();
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme !== 'file') continue;
      const realPath = realPathOf(folder.uri.fsPath);
      const reason = rootConsentReason(realPath, places);
      if (!reason || this.allowed().includes(realPath) || this.notNow.has(realPath)) continue;
      let allowed = false;
      try {
        allowed = await this.ask({ name: folder.name, realPath, reason });
      } catch {
        allowed = false;
      }
      if (allowed) await this.state.update(STATE_KEY, [...this.allowed(), realPath]);
      else this.notNow.add(realPath);
    }
  }

  private allowed(): string[] {
    const value = this.state.get<unknown>(STATE_KEY);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }
}

function realPathOf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

function currentPlaces(): RootPlaces {
  const file = vscode.workspace.workspaceFile;
  return {
    home: realPathOf(homedir()),
    workspaceFileDir: file?.scheme === 'file' ? realPathOf(path.dirname(file.fsPath)) : undefined,
  };
}

async function askModal(root: PendingRoot): Promise<boolean> {
  const allow = vscode.l10n.t('Allow');
  const notNow = vscode.l10n.t('Not now');
  const why =
    root.reason === 'gitOrVscode'
      ? vscode.l10n.t("It is a .git or .vscode folder: git's data and VS Code's settings, which can run programs and hold credentials.")
      : root.reason === 'home'
        ? vscode.l10n.t('It is your home folder, a folder that holds it, or one of its hidden folders, where credentials are kept.')
        : vscode.l10n.t("The workspace file added it, and it lies outside the workspace file's own folder.");
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Let Tandem use the workspace folder "{0}" ({1})?', root.name, root.realPath),
    {
      modal: true,
      detail: vscode.l10n.t(
        '{0}\n\nIf you allow it, chat tools may read and change its files, @-mentions may attach them, and completions may send its text as context. Until then Tandem treats it as outside the workspace.',
        why,
      ),
    },
    allow,
    notNow,
  );
  return answer === allow;
}
