import * as vscode from 'vscode';
import type { ServiceId } from '../../core/services/wireTypes';
import { migrateModelSetting } from '../../core/services/modelMigration';

interface ModelSetting {
  key: string;
  service: (id: string) => ServiceId;
  /** The setting that carries the thinking mode a retired id implied, when the feature has one. */
  thinkingKey?: string;
}

const serviceOfId = (id: string): ServiceId => (id.startsWith('alpha') ? 'A' : 'B');

const modelSettings: ModelSetting[] = [
  { key: 'chat.model', service: serviceOfId, thinkingKey: 'chat.thinking' },
  { key: 'completion.model', service: () => 'B' },
];

const targets = [
  ['globalValue', vscode.ConfigurationTarget.Global],
  ['workspaceValue', vscode.ConfigurationTarget.Workspace],
  ['workspaceFolderValue', vscode.ConfigurationTarget.WorkspaceFolder],
] as const;

/**
 * Rewrites settings that name retired model ids (which now fail with model_not_found) to their
 * successors, at the scope where the user set them, and tells the user once per rewrite.
 */
export async function migrateRetiredModelSettings(): Promise<string[]> {
  const config = vscode.workspace.getConfiguration('tandem');
  const notices: string[] = [];
  for (const setting of modelSettings) {
    const inspected = config.inspect<string>(setting.key);
    for (const [field, target] of targets) {
      const id = inspected?.[field];
      if (typeof id !== 'string') continue;
      const migrated = migrateModelSetting(setting.service(id), id);
      if (!migrated.notice) continue;
      await config.update(setting.key, migrated.model, target);
      if (setting.thinkingKey && migrated.thinking !== undefined) {
        await config.update(setting.thinkingKey, migrated.thinking, target);
      }
      notices.push(`tandem.${setting.key}: ${migrated.notice}`);
    }
  }
  for (const notice of notices) vscode.window.showInformationMessage(vscode.l10n.t('Tandem: {0}', notice));
  return notices;
}

/** Migrates whenever the user edits one of the model settings (and at start-up: activation's first look calls migrateRetiredModelSettings). */
export function watchRetiredModelSettings(): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (modelSettings.some((setting) => event.affectsConfiguration(`tandem.${setting.key}`))) void migrateRetiredModelSettings();
  });
}
