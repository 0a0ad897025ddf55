import * as vscode from 'vscode';
import { sensitivePathPolicy, type SensitivePathPolicy } from '../../core/security/sensitivePaths';
import { linkedGitDirs } from './linkedGitDirs';
import { settingId } from '../../core/config/settingsCatalog';
import { userValue } from '../config/settings';

const POLICY_SETTINGS = (['sensitiveFiles', 'workspaceSensitiveFiles', 'completion.exclude'] as const).map(settingId);

/**
 * The sensitive-path policy from the settings. The user's lists are read from user settings only
 * (application-scoped like the key settings, and read from the user level only: VS Code still applies a workspace's nested `"tandem.completion": {…}` form whatever the scope); the workspace list, from
 * every level and folder, can only add. Folders that a root's `.git` file points at are git data.
 */
export function readSensitivePolicy(): SensitivePathPolicy {
  const user = [...strings(userValue('sensitiveFiles')), ...strings(userValue('completion.exclude'))];
  const workspace = [undefined, ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri)].flatMap((scope) => {
    const inspected = vscode.workspace.getConfiguration('tandem', scope).inspect('workspaceSensitiveFiles');
    return [inspected?.globalValue, inspected?.workspaceValue, inspected?.workspaceFolderValue].flatMap(strings);
  });
  const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  return sensitivePathPolicy({ user, workspace, gitDirs: linkedGitDirs(roots) });
}

export function affectsSensitiveSettings(event: vscode.ConfigurationChangeEvent): boolean {
  return POLICY_SETTINGS.some((s) => event.affectsConfiguration(s));
}

/** The path the policy judges: relative to its workspace folder, or the whole path outside any. */
export function policyPath(uri: vscode.Uri): string {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  return folder ? vscode.workspace.asRelativePath(uri, false) : uri.path;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
