// The inline completion engine and everything it works with (context, verdicts, the syntax judge's
// parsers): a bundle of its own (dist/completion.js), built right after activation, or by the first
// completion that comes before that. inlineCompletions.ts registers the provider that forwards to it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CompletionEngine } from '../../core/completion/completionEngine';
import type { CompletionStatus } from '../../core/completion/completionStatus';
import type { RateLimitCooldown } from '../../core/completion/rateLimitCooldown';
import { JudgeWorker } from '../../core/completion/judgeWorker';
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
  /** The syntax judge's worker, whose parsers load per language when an editor in it becomes active (or on its first completion). */
  syntax: JudgeWorker;
  /** The completion settings or the sensitive files changed. */
  settingsChanged(): void;
  disposables: vscode.Disposable[];
}

export function buildCompletionRuntime({ clients, log, gate, settings, status, cooldown, sink }: CompletionRuntimeDeps): CompletionRuntime {
  const verdicts = new CompletionVerdicts(gate, () => settings.value.sensitive);
  const gatherer = new ContextGatherer(verdicts, () => settings.value.contextTokens);
  // The judge's own bundle (dist/judgeWorker.js, scripts/bundles.mjs) next to this one; esbuild.mjs copies the
  // runtime and grammars there too (dist/tree-sitter).
  const syntax = new JudgeWorker(path.join(__dirname, 'judgeWorker.js'), path.join(__dirname, 'tree-sitter'), (message) =>
    log.warn(message),
  );
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
  // on its first completion, which would go without a syntax judgement.
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
    disposables: [verdicts, gatherer, syntax, vscode.window.onDidChangeActiveTextEditor(loadGrammar)],
  };
}
