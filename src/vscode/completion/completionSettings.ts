import * as vscode from 'vscode';
import type { EngineSettings } from '../../core/completion/completionEngine';
import { DEFAULT_EXCLUDE, excludeMatcher } from '../../core/completion/excludeGlobs';

export interface CompletionConfig extends EngineSettings {
  enabled: boolean;
  disabledLanguages: ReadonlySet<string>;
  isExcluded: (path: string) => boolean;
}

/** `tandem.completion.*`, read once and again only when it changes: the provider runs on every keystroke. */
export class CompletionSettingsReader implements vscode.Disposable {
  private current = read();
  private readonly watcher = vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('tandem.completion')) {
      this.current = read();
      this.onChange();
    }
  });

  constructor(private readonly onChange: () => void = () => undefined) {}

  get value(): CompletionConfig {
    return this.current;
  }

  dispose(): void {
    this.watcher.dispose();
  }
}

function read(): CompletionConfig {
  const config = vscode.workspace.getConfiguration('tandem.completion');
  const maxTokens = Math.max(1, Math.min(4096, Math.round(config.get<number>('maxTokens', 128))));
  return {
    enabled: config.get<boolean>('enabled', true),
    model: config.get<string>('model', 'beta-v4-pro'),
    maxTokens,
    debounceMs: Math.max(0, config.get<number>('debounceMs', 150)),
    disabledLanguages: new Set(config.get<string[]>('disabledLanguages', [])),
    isExcluded: excludeMatcher(config.get<string[]>('exclude', DEFAULT_EXCLUDE)),
  };
}
