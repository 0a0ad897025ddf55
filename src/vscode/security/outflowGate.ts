// The sensitive-content gate over the VS Code API: every outflow of workspace text (OUTFLOWS in
// core/security/outflowGate.ts) asks `judge` about the file it takes text from. It resolves the real
// path, reads the policy from the settings and asks which workspace folders the user lets Tandem use.
import { promises as fs, realpathSync } from 'node:fs';
import * as vscode from 'vscode';
import { judgeFile, type GateRoot, type Outflow, type Verdict } from '../../core/security/outflowGate';
import type { SensitivePathPolicy } from '../../core/security/sensitivePaths';
import { readSensitivePolicy } from './sensitiveFiles';

/** Which workspace folders Tandem may use; a repository's `.code-workspace` cannot add one on its own. */
export interface RootAccess {
  usable(folder: vscode.WorkspaceFolder): boolean;
  /** Asks the user about the roots that wait for an answer (rootConsent.ts); resolves once answered. */
  request?(): Promise<void>;
}

const ALL_ROOTS: RootAccess = { usable: () => true };

/** What the gate says of a document that has no file behind it (untitled, output, a virtual document). */
const UNTITLED: Verdict = { shown: '', inWorkspace: false };

export class OutflowGate {
  constructor(
    private readonly access: RootAccess = ALL_ROOTS,
    private readonly policy: () => SensitivePathPolicy = readSensitivePolicy,
  ) {}

  /** The verdict on `uri` for `outflow`. The outflow is named so every call site says which door it guards. */
  async judge(outflow: Outflow, uri: vscode.Uri): Promise<Verdict> {
    const [verdict] = await this.judgeMany(outflow, [uri]);
    return verdict;
  }

  /** Verdicts on many files (a search's), with the roots resolved once. */
  async judgeMany(_outflow: Outflow, uris: readonly vscode.Uri[]): Promise<Verdict[]> {
    const roots = await this.roots();
    const policy = this.policy();
    return Promise.all(
      uris.map(async (uri) => {
        if (uri.scheme !== 'file') return this.virtual(uri, policy);
        const realPath = await fs.realpath(uri.fsPath).catch(() => undefined);
        return judgeFile({ path: uri.fsPath, realPath }, roots, policy);
      }),
    );
  }

  /**
   * Called by a chat tool or a mention before it uses the workspace: asks the user about any root that
   * needs consent and has no answer yet. Never called from completions, so typing never opens a modal.
   */
  async requestRoots(): Promise<void> {
    await this.access.request?.();
  }

  /** The same verdict without waiting, for the completion path (a realpath is a few microseconds). */
  judgeNow(_outflow: Outflow, uri: vscode.Uri, policy: SensitivePathPolicy = this.policy()): Verdict {
    if (uri.scheme !== 'file') return this.virtual(uri, policy);
    let realPath: string | undefined;
    try {
      realPath = realpathSync(uri.fsPath);
    } catch {
      realPath = undefined;
    }
    return judgeFile({ path: uri.fsPath, realPath }, this.rootsNow(), policy);
  }

  /** The workspace folders on disk the user lets Tandem use, as tools confine paths to them. */
  usableFolders(): vscode.WorkspaceFolder[] {
    return fileFolders().filter((f) => this.access.usable(f));
  }

  private async roots(): Promise<GateRoot[]> {
    return Promise.all(
      fileFolders().map(async (f) => ({
        path: f.uri.fsPath,
        realPath: await fs.realpath(f.uri.fsPath).catch(() => f.uri.fsPath),
        usable: this.access.usable(f),
      })),
    );
  }

  private rootsNow(): GateRoot[] {
    return fileFolders().map((f) => {
      let realPath = f.uri.fsPath;
      try {
        realPath = realpathSync(f.uri.fsPath);
      } catch {
        // A folder that is gone keeps its name; nothing inside it resolves anyway.
      }
      return { path: f.uri.fsPath, realPath, usable: this.access.usable(f) };
    });
  }

  /** Untitled and virtual documents: judged by the name they show, never in a workspace folder on disk. */
  private virtual(uri: vscode.Uri, policy: SensitivePathPolicy = this.policy()): Verdict {
    if (uri.scheme === 'untitled') return UNTITLED;
    return { shown: uri.path, sensitive: policy.classify(uri.path), inWorkspace: false };
  }
}

function fileFolders(): readonly vscode.WorkspaceFolder[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
}
