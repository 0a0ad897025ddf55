import * as vscode from 'vscode';
import { CompletionStatus } from '../../core/completion/completionStatus';
import type { BudgetPause } from '../../core/completion/completionStatus';
import { RateLimitCooldown } from '../../core/completion/rateLimitCooldown';
import { Disposable } from '../../core/lifecycle/disposable';
import { lazyModule } from '../../core/lifecycle/lazyModule';
import type { UsageSink } from '../../core/spend/spendTypes';
import type { OutflowGate } from '../security/outflowGate';
import type { ServiceClients } from '../services/serviceClients';
import { registerCompletionCommands } from './completionCommands';
// Type imports only: the engine is a bundle of its own (completionRuntime.ts), required below.
import type * as RuntimeBundle from './completionRuntime';
import type { CompletionRuntime } from './completionRuntime';
import { COMPLETION_SELECTOR } from './completionSelector';
import { CompletionSettingsReader } from './completionSettings';

/**
 * Inline completions wired up: the provider and commands, registered at activation, and the status the
 * status bar shows. The engine behind the provider loads from its own bundle with `load()` (activation's
 * first look calls it) or at the first completion asked before that.
 */
export class InlineCompletions extends Disposable implements vscode.Disposable {
  readonly status: CompletionStatus;
  private readonly runtime: () => CompletionRuntime;

  constructor(clients: ServiceClients, log: vscode.LogOutputChannel, gate: OutflowGate, spend?: { sink: UsageSink; pause: BudgetPause }) {
    super();
    let loaded: CompletionRuntime | undefined;
    const settings = new CompletionSettingsReader(() => {
      this.status.changed();
      loaded?.settingsChanged();
    });
    // One cool-down for every completion request, shown in the status bar while it lasts.
    const cooldown = new RateLimitCooldown(() => Date.now());
    this.status = new CompletionStatus(
      () => settings.value.enabled,
      () => Date.now(),
      cooldown,
      spend?.pause,
    );
    // Registered first, so disposed last: after everything that reports to it.
    this._register(this.status);
    this._register(settings);
    this.runtime = lazyModule(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the engine's bundle loads on first use
      const { buildCompletionRuntime } = require('./completionRuntime') as typeof RuntimeBundle;
      loaded = buildCompletionRuntime({ clients, log, gate, settings, status: this.status, cooldown, sink: spend?.sink });
      for (const disposable of loaded.disposables) this._register(disposable);
      return loaded;
    });
    this._register(
      vscode.languages.registerInlineCompletionItemProvider(COMPLETION_SELECTOR, {
        provideInlineCompletionItems: (...args) => this.runtime().provider.provideInlineCompletionItems(...args),
      }),
    );
    for (const command of registerCompletionCommands(() => this.engine, this.status)) this._register(command);
  }

  /** Builds the engine now, off the typing path. */
  load(): void {
    this.runtime();
  }

  get engine(): CompletionRuntime['engine'] {
    return this.runtime().engine;
  }

  /** Exposed (with the engine) for the benchmark, which drives it as VS Code does. */
  get provider(): CompletionRuntime['provider'] {
    return this.runtime().provider;
  }

  /** The syntax judge's parsers, loaded per language when an editor in it becomes active (or on its first completion). */
  get syntax(): CompletionRuntime['syntax'] {
    return this.runtime().syntax;
  }
}
