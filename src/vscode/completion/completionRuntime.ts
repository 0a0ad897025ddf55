// The inline completion engine and everything it works with (context, verdicts, the syntax judge's
// parsers): a bundle of its own (dist/completion.js), built right after activation, or by the first
// completion that comes before that. inlineCompletions.ts registers the provider that forwards to it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CompletionEngine } from '../../core/completion/completionEngine';
import type { CompletionStatus } from '../../core/completion/completionStatus';
import type { RateLimitCooldown } from '../../core/completion/rateLimitCooldown';
import { TreeSitterParsers } from '../../core/completion/treeSitterParsers';
import { meteredFim } from '../../core/spend/meteredStreams';
import type { UsageSink } from '../../core/spend/spendTypes';
import type { OutflowGate } from '../security/outflowGate';
import type { ServiceClients } from '../services/serviceClients';
import { CompletionNotices } from './completionNotices';
import type { CompletionSettingsReader } from './completionSettings';
import { CompletionVerdicts } from './completionVerdicts';
import { ContextGatherer } from './contextGatherer';
import { TandemInlineCompletionProvider } from './inlineCompletionProvider';

interface CompletionRuntimeDeps {
  clients: ServiceClients;
  log: vscode.LogOutputChannel;
  gate: OutflowGate;
  settings: CompletionSettingsReader;
  status: CompletionStatus;
  cooldown: RateLimitCooldown;
  sink?: UsageSink;
}

export interface CompletionRuntime {
  engine: CompletionEngine;
  provider: TandemInlineCompletionProvider;
  /** The syntax judge's parsers, loaded per language when an editor in it becomes active (or on its first completion). */
  syntax: TreeSitterParsers;
  /** The completion settings or the sensitive files changed. */
  settingsChanged(): void;
  disposables: vscode.Disposable[];
}

export function buildCompletionRuntime({ clients, log, gate, settings, status, cooldown, sink }: CompletionRuntimeDeps): CompletionRuntime {
  const verdicts = new CompletionVerdicts(gate, () => settings.value.sensitive);
  const gatherer = new ContextGatherer(verdicts, () => settings.value.contextTokens);
  // esbuild.mjs copies the runtime and grammars next to the bundles (dist/tree-sitter).
  const syntax = new TreeSitterParsers(path.join(__dirname, 'tree-sitter'), (message) => log.warn(message));
  const engine = new CompletionEngine({
    streamFim: sink
      ? meteredFim((options, call) => clients.b.streamFim(options, call), sink)
      : (options, call) => clients.b.streamFim(options, call),
    settings: () => settings.value,
    now: () => performance.now(),
    cooldown,
    syntax,
  });
  const provider = new TandemInlineCompletionProvider(engine, settings, status, new CompletionNotices(), log, verdicts, gatherer);
  // The grammar of the file in front of the user loads (and warms up) when its editor becomes active, not
  // on its first completion: loading holds the thread for hundreds of milliseconds in a cold extension
  // host, which held that completion's answer back, and the answer went without a syntax judgement.
  const loadGrammar = (editor: vscode.TextEditor | undefined) => {
    const languageId = editor?.document.languageId;
    if (languageId && settings.value.enabled && !settings.value.disabledLanguages.has(languageId)) void syntax.load(languageId);
  };
  loadGrammar(vscode.window.activeTextEditor);
  return {
    engine,
    provider,
    syntax,
    settingsChanged: () => {
      verdicts.clear(); // the sensitive files may have changed
      gatherer.context.invalidate();
    },
    disposables: [verdicts, gatherer, vscode.window.onDidChangeActiveTextEditor(loadGrammar)],
  };
}
