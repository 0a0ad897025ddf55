// The one loader of a folder's `.gitignore` files, for the search tools and the @ picker alike: each
// ignore file is read only when it is confined to the folder (a `.gitignore` that is a link to a file
// elsewhere is skipped, not read), and only its head.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { headText, readHead } from '../../core/tools/fileHead';
import { gitignoreFilter, type IgnoreFile } from '../../core/tools/gitignoreFilter';
import { confinePath } from '../../core/tools/pathConfinement';
import { confineOptions } from './toolContext';
import { MAX_READ_BYTES } from './toolLimits';

const MAX_IGNORE_FILES = 200;

/** The folder's `.gitignore` files (and `.git/info/exclude`) as one test of a folder-relative, `/`-separated path. */
export async function gitignored(folder: vscode.WorkspaceFolder, exclude: string): Promise<(rel: string) => boolean> {
  const root = folder.uri.fsPath;
  const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/.gitignore'), exclude, MAX_IGNORE_FILES);
  const sources = [...uris.map((u) => u.fsPath), path.join(root, '.git', 'info', 'exclude')];
  const files: IgnoreFile[] = [];
  for (const source of sources) {
    const confined = await confinePath(source, confineOptions([root]));
    if (!confined.ok) continue;
    const text = await readHead(confined.path, MAX_READ_BYTES).then(
      (head) => headText(head, MAX_READ_BYTES),
      () => undefined,
    );
    if (text === undefined) continue;
    const dir = path.relative(root, path.dirname(source)).split(path.sep).join('/');
    files.push({ dir: dir === '.git/info' ? '' : dir, text });
  }
  return gitignoreFilter(files);
}
