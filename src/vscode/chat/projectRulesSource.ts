// Reads the project rules files of every workspace folder for the chat (core/chat/projectRules.ts
// composes them). Each read is confined to its folder (a link out of the workspace is not followed)
// and judged by the outflow gate like any file a tool reads. In Restricted Mode nothing is read or sent:
// the header lists the files and says why.
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import {
  MAX_RULES_BYTES,
  NO_PROJECT_RULES,
  RULES_FILE_NAMES,
  composeProjectRules,
  untrustedProjectRules,
  type ProjectRules,
  type RulesCandidate,
} from '../../core/chat/projectRules';
import { confinePath } from '../../core/tools/pathConfinement';
import { readHead } from '../../core/tools/fileHead';
import type { OutflowGate } from '../security/outflowGate';
import { affectsSensitiveSettings } from '../security/sensitiveFiles';
import { settingDefault, settingId } from '../../core/config/settingsCatalog';

export class ProjectRulesSource implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** A rules file was created, changed or deleted, or a setting that decides what is sent changed. */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly gate: OutflowGate,
    /** Whether the user trusts the workspace; a parameter so the untrusted case is tested where the runner trusts every folder. */
    private readonly trusted: () => boolean = () => vscode.workspace.isTrusted,
  ) {
    // Reads happen per request anyway; the watcher only keeps the header's chip current.
    const watcher = vscode.workspace.createFileSystemWatcher(`**/{${RULES_FILE_NAMES.join(',')}}`);
    const fire = () => this.changed.fire();
    this.disposables.push(
      watcher,
      watcher.onDidCreate(fire),
      watcher.onDidChange(fire),
      watcher.onDidDelete(fire),
      vscode.workspace.onDidChangeWorkspaceFolders(fire),
      vscode.workspace.onDidGrantWorkspaceTrust(fire),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(settingId('chat.projectRules')) || affectsSensitiveSettings(e)) fire();
      }),
    );
  }

  /** The rules of every folder where `tandem.chat.projectRules` is on, within the size cap; none in an untrusted workspace. */
  async read(): Promise<ProjectRules> {
    const multiRoot = (vscode.workspace.workspaceFolders ?? []).length > 1;
    const folders = this.gate
      .usableFolders()
      .filter((folder) =>
        vscode.workspace.getConfiguration('tandem', folder.uri).get<boolean>('chat.projectRules', settingDefault('chat.projectRules')),
      );
    const files = folders.flatMap((folder) =>
      RULES_FILE_NAMES.map((name) => ({ root: folder.uri.fsPath, name, label: multiRoot ? `${folder.name}/${name}` : name })),
    );
    if (!this.trusted()) {
      // Restricted Mode: a repository nobody has vouched for does not get to instruct the model.
      const found: Array<{ path: string; size: number }> = [];
      for (const f of files) {
        const stat = await fs.lstat(nodePath.join(f.root, f.name)).catch(() => undefined);
        if (stat) found.push({ path: f.label, size: stat.size });
      }
      return found.length === 0 ? NO_PROJECT_RULES : untrustedProjectRules(found);
    }
    const candidates: RulesCandidate[] = [];
    for (const f of files) {
      const candidate = await readCandidate(f.root, f.name, f.label, this.gate);
      if (candidate) candidates.push(candidate);
    }
    return candidates.length === 0 ? NO_PROJECT_RULES : composeProjectRules(candidates);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** One rules file, or undefined when the folder has none. */
async function readCandidate(root: string, name: string, label: string, gate: OutflowGate): Promise<RulesCandidate | undefined> {
  const requested = nodePath.join(root, name);
  const exists = await fs.lstat(requested).catch(() => undefined);
  if (!exists) return undefined;
  const confined = await confinePath(name, { roots: [root], realpath: (p) => fs.realpath(p), lstat: (p) => fs.lstat(p) });
  if (!confined.ok) return { path: label, size: 0, unreadable: confined.error };
  // The name and, for a link inside the workspace, its target: `.tandem/rules.md → .env` is as sensitive as `.env`.
  const verdict = await gate.judge('projectRules', vscode.Uri.file(requested));
  if (verdict.sensitive) return { path: label, size: exists.size, sensitive: true };
  if (!verdict.inWorkspace) return { path: label, size: exists.size, unreadable: 'outside the workspace folders Tandem may use' };
  try {
    const head = await readHead(confined.path, MAX_RULES_BYTES);
    if (head.bytes.subarray(0, 8000).includes(0)) return { path: label, size: head.size, unreadable: 'a binary file' };
    return { path: label, size: head.size, text: new TextDecoder('utf-8').decode(head.bytes).replace(/\uFFFD$/, '') };
  } catch (error) {
    return { path: label, size: exists.size, unreadable: error instanceof Error ? error.message : String(error) };
  }
}
