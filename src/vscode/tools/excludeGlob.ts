import * as vscode from 'vscode';
import { unionGlob } from '../../core/security/globPattern';

const EXCLUDE = '**/{node_modules,.git,dist,out,.cache}/**';

/**
 * The exclude for workspace.findFiles: the build and dependency folders plus the folder's
 * `files.exclude`, merged in because the API documents that an exclude of our own replaces that default.
 */
export function excludeGlob(folder: vscode.WorkspaceFolder): string {
  const filesExclude = vscode.workspace.getConfiguration('files', folder.uri).get<Record<string, unknown>>('exclude') ?? {};
  // Entries with a `when` clause depend on sibling files; they are not expressible here and are left out.
  return unionGlob([EXCLUDE, ...Object.keys(filesExclude).filter((glob) => filesExclude[glob] === true)]);
}
