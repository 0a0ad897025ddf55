import * as vscode from 'vscode';
import type { EngineSettings } from '../../core/completion/completionEngine';
import type { SensitivePathPolicy } from '../../core/security/sensitivePaths';
import { SETTINGS, clampSetting, enumSetting } from '../../core/config/settingsCatalog';
import { affectsSensitiveSettings, readSensitivePolicy } from '../security/sensitiveFiles';
import { tandemSetting } from '../config/settings';

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
  /** Read on first use, not at activation (the first settings read builds VS Code's configuration model). */
  private current: CompletionConfig | undefined;
  private readonly watcher = vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('tandem.completion') || affectsSensitiveSettings(event)) {
      this.current = undefined;
      this.onChange();
    }
  });

  // A folder brings its own workspace patterns, and changes which files are inside the workspace.
  private readonly folders = vscode.workspace.onDidChangeWorkspaceFolders(() => {
    this.current = undefined;
    this.onChange();
  });

  constructor(private readonly onChange: () => void = () => undefined) {}

  get value(): CompletionConfig {
    return (this.current ??= read());
  }

  dispose(): void {
    this.watcher.dispose();
    this.folders.dispose();
  }
}

function read(): CompletionConfig {
  let sensitive: SensitivePathPolicy | undefined;
  return {
    enabled: tandemSetting('completion.enabled'),
    mode: enumSetting('completion.mode', tandemSetting('completion.mode')),
    model: tandemSetting('completion.model'),
    maxTokens: clampSetting('completion.maxTokens', tandemSetting('completion.maxTokens')),
    // Only the floor is enforced: a long debounce is slow, not wrong.
    debounceMs: Math.max(SETTINGS['completion.debounceMs'].minimum, tandemSetting('completion.debounceMs')),
    disabledLanguages: new Set(tandemSetting('completion.disabledLanguages')),
    contextTokens: clampSetting('completion.contextTokens', tandemSetting('completion.contextTokens')),
    // Compiling the patterns and reading the folders' git links costs milliseconds: at the first file
    // judged, not during activation (the status bar reads `enabled` from here at once).
    get sensitive() {
      return (sensitive ??= readSensitivePolicy());
    },
  };
}
