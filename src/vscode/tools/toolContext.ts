// What every tool works with: the folders it may use, path confinement against them, and the gate's
// verdict on a path. Every path goes through confinePath when the call is prepared and again when it
// runs (after any approval), on the real path.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SensitiveKind } from '../../core/security/sensitivePaths';
import type { CommandRules } from '../../core/tools/commandRules';
import {
  confineAgain,
  confinePath,
  displayPath,
  requestedPath,
  type ConfinedPath,
  type ConfineOptions,
} from '../../core/tools/pathConfinement';
import { ToolRefusal } from '../../core/tools/toolRegistry';
import type { CheckpointStore } from '../chat/checkpointStore';
import type { ProposedEdits } from '../chat/proposedEdits';
import type { TandemTerminal } from '../chat/terminalRunner';
import type { OutflowGate } from '../security/outflowGate';

export type Confined = Extract<ConfinedPath, { ok: true }>;

export interface ToolServices {
  proposals: ProposedEdits;
  /** Names where a tool result goes ("Service B"), for the warnings. */
  service: () => string | undefined;
  /** The standing command rules in effect (commandRulesStore.ts), read on each call. */
  commandRules: () => CommandRules;
  /** Where approved edits are recorded for "Restore files to here" and "Undo last edit". */
  checkpoints: CheckpointStore | undefined;
  /** The sensitive-content gate: which folders may be used, what is sensitive, how a path is shown. */
  gate: OutflowGate;
  terminal: TandemTerminal;
}

export class ToolContext {
  constructor(readonly services: ToolServices) {}

  get gate(): OutflowGate {
    return this.services.gate;
  }

  /** The folders the tools may use: on disk, and allowed by the user when they need consent. */
  roots(): Array<{ folder: vscode.WorkspaceFolder; fsPath: string }> {
    return this.gate.usableFolders().map((folder) => ({ folder, fsPath: folder.uri.fsPath }));
  }

  confineOptions(roots = this.roots().map((r) => r.fsPath)): ConfineOptions {
    return confineOptions(roots);
  }

  async confine(input: string): Promise<Confined> {
    const result = await confinePath(input, this.confineOptions());
    if (!result.ok) throw new ToolRefusal(result.error);
    return result;
  }

  /** When the call runs: the same input must still lead, inside the workspace, to the file that was checked. */
  async reconfine(input: string, checked: Confined): Promise<Confined> {
    const result = await confineAgain(input, checked.path, this.confineOptions());
    if (!result.ok) throw new Error(result.error);
    return result;
  }

  rel(p: Confined): string {
    return displayPath(p);
  }

  /** The path as the model named it (a link's own name). */
  requested(p: Confined): string {
    return requestedPath(
      p,
      this.roots().map((r) => r.fsPath),
    );
  }

  /**
   * The gate's verdict on a confined path: the link as named and the real file it leads to are both
   * judged (by their absolute paths too), and it is shown as the gate shows the real file.
   */
  async judged(p: Confined, outflow: 'tool' | 'diagnostics' = 'tool'): Promise<{ kind?: SensitiveKind; shown: string; name: string }> {
    const [named, real] = await this.gate.judgeMany(outflow, [vscode.Uri.file(p.requested), vscode.Uri.file(p.path)]);
    const shown = real.shown;
    // The file named and, when it is a link, the file it leads to; the link's own name is absolute outside the first folder.
    const first = this.roots()[0]?.fsPath;
    const inFirst = first !== undefined && !path.relative(first, p.requested).startsWith('..');
    const linkName = inFirst ? this.requested(p) : p.requested.split(path.sep).join('/');
    const name = this.requested(p) === this.rel(p) ? shown : `${linkName} (a link to ${shown})`;
    return { kind: named.sensitive ?? real.sensitive, shown, name };
  }
}

/** Confinement to `roots` on the real file system. */
export function confineOptions(roots: string[]): ConfineOptions {
  return { roots, realpath: (p) => fs.realpath(p), lstat: (p) => fs.lstat(p) };
}
