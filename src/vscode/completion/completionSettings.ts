import * as vscode from 'vscode';
import type { EngineSettings } from '../../core/completion/completionEngine';
import type { SensitivePathPolicy } from '../../core/security/sensitivePaths';
import { affectsSensitiveSettings, readSensitivePolicy } from '../sensitiveFiles';

export interface CompletionConfig extends EngineSettings {
  enabled: boolean;
  /** `manual`: ask only when the user triggers a suggestion (Alt+\). */
  mode: 'automatic' | 'manual';
  disabledLanguages: ReadonlySet<string>;
  /** Tokens of other files' code at the start of the prompt; 0 = none. */
  contextTokens: number;
  /** The one sensitive-path policy: its files are never sent for completion. */
  sensitive: SensitivePathPolicy;
}

/** `tandem.completion.*` and the sensitive files, read once and again only when it changes: the provider runs on every keystroke. */
export class CompletionSettingsReader implements vscode.Disposable {
  private current = read();
  private readonly watcher = vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('tandem.completion') || affectsSensitiveSettings(event)) {
      this.current = read();
      this.onChange();
    }
  });

  // A folder brings its own workspace patterns.
  private readonly folders = vscode.workspace.onDidChangeWorkspaceFolders(() => {
    this.current = read();
  });

  constructor(private readonly onChange: () => void = () => undefined) {}

  get value(): CompletionConfig {
    return this.current;
  }

  dispose(): void {
    this.watcher.dispose();
    this.folders.dispose();
  }
}

function read(): CompletionConfig {
  const config = vscode.workspace.getConfiguration('tandem.completion');
  const maxTokens = Math.max(1, Math.min(4096, Math.round(config.get<number>('maxTokens', 128))));
  return {
    enabled: config.get<boolean>('enabled', true),
    mode: config.get<string>('mode', 'automatic') === 'manual' ? 'manual' : 'automatic',
    model: config.get<string>('model', 'beta-v4-pro'),
    maxTokens,
    debounceMs: Math.max(0, config.get<number>('debounceMs', 150)),
    disabledLanguages: new Set(config.get<string[]>('disabledLanguages', [])),
    contextTokens: Math.max(0, Math.min(8192, Math.round(config.get<number>('contextTokens', 1024)))),
    sensitive: readSensitivePolicy(),
  };
}
