import * as path from 'node:path';
import * as vscode from 'vscode';
import { CompletionEngine } from '../../core/completion/completionEngine';
import { CompletionStatus } from '../../core/completion/completionStatus';
import { Disposable } from '../../core/lifecycle/disposable';
import { RateLimitCooldown } from '../../core/completion/rateLimitCooldown';
import { TreeSitterParsers } from '../../core/completion/treeSitterParsers';
import type { Logger } from '../../core/transport/logger';
import { meteredFim } from '../../core/spend/meteredStreams';
import type { UsageSink } from '../../core/spend/spendTypes';
import type { BudgetPause } from '../../core/completion/completionStatus';
import type { OutflowGate } from '../security/outflowGate';
import type { ServiceClients } from '../services/serviceClients';
import { registerCompletionCommands } from './completionCommands';
import { CompletionNotices } from './completionNotices';
import { CompletionSettingsReader } from './completionSettings';
import { CompletionVerdicts } from './completionVerdicts';
import { ContextGatherer } from './contextGatherer';
import { TandemInlineCompletionProvider } from './inlineCompletionProvider';

/** Local files, unsaved buffers and remote workspaces; every language. */
const selector: vscode.DocumentSelector = [
  { scheme: 'file' },
  { scheme: 'untitled' },
  { scheme: 'vscode-remote' },
  { scheme: 'vscode-vfs' },
];

/** Inline completions wired up: engine, provider, commands and the status the status bar shows. */
export class InlineCompletions extends Disposable implements vscode.Disposable {
  readonly status: CompletionStatus;
  readonly engine: CompletionEngine;
  /** Exposed (with the engine) for the benchmark, which drives it as VS Code does. */
  readonly provider: TandemInlineCompletionProvider;
  /** The syntax judge's parsers, loaded per language on its first completion. */
  readonly syntax: TreeSitterParsers;

  constructor(clients: ServiceClients, log: Logger, gate: OutflowGate, spend?: { sink: UsageSink; pause: BudgetPause }) {
    super();
    const settings = new CompletionSettingsReader(() => {
      this.status.changed();
      verdicts.clear(); // the sensitive files may have changed
      gatherer.context.invalidate();
    });
    const verdicts = new CompletionVerdicts(gate, () => settings.value.sensitive);
    const gatherer = new ContextGatherer(verdicts, () => settings.value.contextTokens);
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
    // esbuild.mjs copies the runtime and grammars next to the bundle (dist/tree-sitter).
    this.syntax = new TreeSitterParsers(path.join(__dirname, 'tree-sitter'), (message) => log.warn(message));
    this.engine = new CompletionEngine({
      streamFim: spend
        ? meteredFim((options, call) => clients.b.streamFim(options, call), spend.sink)
        : (options, call) => clients.b.streamFim(options, call),
      settings: () => settings.value,
      now: () => performance.now(),
      cooldown,
      syntax: this.syntax,
    });
    const provider = (this.provider = new TandemInlineCompletionProvider(
      this.engine,
      settings,
      this.status,
      new CompletionNotices(),
      log,
      verdicts,
      gatherer,
    ));
    this._register(settings);
    this._register(verdicts);
    this._register(gatherer);
    this._register(vscode.languages.registerInlineCompletionItemProvider(selector, provider));
    for (const command of registerCompletionCommands(this.engine, this.status)) this._register(command);
  }
}
