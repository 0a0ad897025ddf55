// Reads the project rules files of every workspace folder for the chat (core/chat/projectRules.ts
// composes them). Each read is confined to its folder (a link out of the workspace is not followed)
// and judged by the sensitive-path policy like any file a tool reads.
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import {
  MAX_RULES_BYTES,
  NO_PROJECT_RULES,
  RULES_FILE_NAMES,
  composeProjectRules,
  type ProjectRules,
  type RulesCandidate,
} from '../../core/chat/projectRules';
import { confinePath } from '../../core/tools/pathConfinement';
import { readHead } from '../../core/tools/fileHead';
import { readSensitivePolicy, affectsSensitiveSettings } from '../sensitiveFiles';
import { settingDefault, settingId } from '../../core/settingsCatalog';

export class ProjectRulesSource implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** A rules file was created, changed or deleted, or a setting that decides what is sent changed. */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor() {
    // Reads happen per request anyway; the watcher only keeps the header's chip current.
    const watcher = vscode.workspace.createFileSystemWatcher(`**/{${RULES_FILE_NAMES.join(',')}}`);
    const fire = () => this.changed.fire();
    this.disposables.push(
      watcher,
      watcher.onDidCreate(fire),
      watcher.onDidChange(fire),
      watcher.onDidDelete(fire),
      vscode.workspace.onDidChangeWorkspaceFolders(fire),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(settingId('chat.projectRules')) || affectsSensitiveSettings(e)) fire();
      }),
    );
  }

  /** The rules of every folder where `tandem.chat.projectRules` is on, within the size cap. */
  async read(): Promise<ProjectRules> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const policy = readSensitivePolicy();
    const candidates: RulesCandidate[] = [];
    for (const folder of folders) {
      if (!vscode.workspace.getConfiguration('tandem', folder.uri).get<boolean>('chat.projectRules', settingDefault('chat.projectRules')))
        continue;
      if (folder.uri.scheme !== 'file') continue;
      for (const name of RULES_FILE_NAMES) {
        const label = folders.length > 1 ? `${folder.name}/${name}` : name;
        const candidate = await readCandidate(folder.uri.fsPath, name, label, (rel) => policy.isSensitive(rel));
        if (candidate) candidates.push(candidate);
      }
    }
    return candidates.length === 0 ? NO_PROJECT_RULES : composeProjectRules(candidates);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** One rules file, or undefined when the folder has none. */
async function readCandidate(
  root: string,
  name: string,
  label: string,
  isSensitive: (relativePath: string) => boolean,
): Promise<RulesCandidate | undefined> {
  const requested = nodePath.join(root, name);
  const exists = await fs.lstat(requested).catch(() => undefined);
  if (!exists) return undefined;
  const confined = await confinePath(name, { roots: [root], realpath: (p) => fs.realpath(p), lstat: (p) => fs.lstat(p) });
  if (!confined.ok) return { path: label, size: 0, unreadable: confined.error };
  const real = nodePath.relative(confined.root, confined.path).split(nodePath.sep).join('/');
  // The name and, for a link inside the workspace, its target: `.tandem/rules.md → .env` is as sensitive as `.env`.
  if (isSensitive(name) || isSensitive(real)) return { path: label, size: exists.size, sensitive: true };
  try {
    const head = await readHead(confined.path, MAX_RULES_BYTES);
    if (head.bytes.subarray(0, 8000).includes(0)) return { path: label, size: head.size, unreadable: 'a binary file' };
    return { path: label, size: head.size, text: new TextDecoder('utf-8').decode(head.bytes).replace(/\uFFFD$/, '') };
  } catch (error) {
    return { path: label, size: exists.size, unreadable: error instanceof Error ? error.message : String(error) };
  }
}
