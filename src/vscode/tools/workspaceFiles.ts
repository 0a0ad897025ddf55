import * as path from 'node:path';
import * as vscode from 'vscode';
import { confinePath } from '../../core/tools/pathConfinement';
import { excludeGlob } from './excludeGlob';
import { gitignored } from './gitignoreLoader';
import type { ToolContext } from './toolContext';

export interface WorkspaceFile {
  /** As the gate shows it: relative to the first folder, else its real absolute path. */
  rel: string;
  /** The real path, confined. */
  path: string;
}

/**
 * Files the search tools may offer the model: matched by `include`, minus `files.exclude`, build and
 * dependency folders, `.gitignore`d files, sensitive files, and links that lead outside or nowhere.
 */
export async function workspaceFiles(tools: ToolContext, include: string, max: number): Promise<WorkspaceFile[]> {
  const files: WorkspaceFile[] = [];
  for (const root of tools.roots()) {
    const exclude = excludeGlob(root.folder);
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(root.folder, include), exclude, max);
    const ignored = await gitignored(root.folder, exclude);
    const kept = uris.filter((uri) => !ignored(path.relative(root.fsPath, uri.fsPath).split(path.sep).join('/')));
    // The gate judges each file by every name it has (relative, absolute, real), so a `.git` or home
    // folder added as a root does not hide `config` or `gh/hosts.yml` behind a harmless relative name.
    const verdicts = await tools.gate.judgeMany('tool', kept);
    for (const [i, uri] of kept.entries()) {
      if (verdicts[i].sensitive || !verdicts[i].inWorkspace) continue;
      const confined = await confinePath(uri.fsPath, tools.confineOptions([root.fsPath]));
      if (!confined.ok) continue;
      files.push({ rel: verdicts[i].shown, path: confined.path });
    }
  }
  return files;
}
