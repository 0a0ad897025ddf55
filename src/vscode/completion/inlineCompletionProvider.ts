import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { CompletionEngine } from '../../core/completion/completionEngine';
import type { CompletionStatus } from '../../core/completion/completionStatus';
import { isServiceError } from '../../core/errors/serviceError';
import { signalFromToken } from '../lifecycle/cancellation';
import { describeError } from '../errors/errorNotice';
import type { CompletionNotices } from './completionNotices';
import type { CompletionSettingsReader } from './completionSettings';
import type { CompletionVerdicts } from './completionVerdicts';
import type { ContextGatherer } from './contextGatherer';

/** Ghost text from Service B fill-in-the-middle, for every language in local, untitled and remote files. */
export class TandemInlineCompletionProvider implements vscode.InlineCompletionItemProvider {
  /** The last suggestion counted as shown: VS Code asks again at the same place, which shows nothing new. */
  private lastShown = '';

  constructor(
    private readonly engine: CompletionEngine,
    private readonly settings: CompletionSettingsReader,
    private readonly status: CompletionStatus,
    private readonly notices: CompletionNotices,
    private readonly log: vscode.LogOutputChannel,
    private readonly verdicts: CompletionVerdicts,
    private readonly context?: ContextGatherer,
  ) {}

  async provideInlineCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    context: vscode.InlineCompletionContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.InlineCompletionItem[] | undefined> {
    const asked = performance.now();
    const config = this.settings.value;
    if (!config.enabled || this.status.isPaused() || config.disabledLanguages.has(document.languageId)) return undefined;
    // Secrets never leave the machine: a sensitive file (by its path, its name or its real path) is not
    // completed. A file outside the workspace folders is completed, as other editors do (the user is
    // typing in it); only its own text goes out, never as context for another file (contextGatherer.ts).
    if (this.verdicts.judge(document.uri).sensitive) return undefined;

    // VS Code cancels the token on the next keystroke: this call stops waiting at once; the request runs on
    // until a newer one is sent, so its answer can still serve a keystroke that typed into it (completionEngine.ts).
    const cancel = signalFromToken(token);
    // Each answer is traced with its place (Developer: Set Log Level… → Tandem → Trace), so "why no
    // suggestion here?" and "why a request here?" can be answered from the log. The place is
    // spelled out only when the log is at Trace: this runs on every keystroke.
    const trace =
      this.log.logLevel === vscode.LogLevel.Trace
        ? (what: string) =>
            this.log.trace(
              `completion at ${vscode.workspace.asRelativePath(document.uri)}:${position.line + 1}:${position.character + 1}: ${what}`,
            )
        : undefined;
    let done: (() => void) | undefined;
    let answered = false;
    try {
      const text = document.getText();
      const offset = document.offsetAt(position);
      // Other files' code, chosen once per block of lines (definitions time-boxed): known at once inside a block.
      const header = this.context?.header(document, text, offset) ?? '';
      const contextHeader = typeof header === 'string' ? header : await header;
      const outcome = await this.engine.complete({
        text,
        offset,
        languageId: document.languageId,
        contextHeader,
        signal: cancel.signal,
        onRequest: () => {
          trace?.('asking Service B');
          // The status bar hears of the request once it is on its way: rendering it reads the spend limits
          // and messages the workbench, about a millisecond the request need not wait for.
          setImmediate(() => {
            if (!answered) done = this.status.begin();
          });
        },
        // Manual mode asks only when invoked (Alt+\); typing through a shown suggestion still works.
        cacheOnly: config.mode === 'manual' && context.triggerKind !== vscode.InlineCompletionTriggerKind.Invoke,
      });
      if (outcome.source === 'network' || outcome.source === 'joined') this.status.succeeded();
      trace?.(`${outcome.source}, ${outcome.text ? `${outcome.text.length} characters` : 'nothing'}`);
      if (!outcome.text || token.isCancellationRequested) return undefined;
      // The rest of a suggestion typed through, or the same one asked for again, is not a new one.
      const shown = `${document.uri.toString()}\u0000${document.version}\u0000${outcome.text}`;
      if (outcome.source !== 'typed' && shown !== this.lastShown) {
        const latencyMs = performance.now() - asked;
        // Counted right after VS Code has the suggestion (see `finally`).
        setImmediate(() => this.status.shown(latencyMs));
      }
      this.lastShown = shown;
      // An auto-closed `)` or `"` the suggestion also has is replaced, so accepting does not double it.
      const end = position.translate(0, outcome.replaceChars ?? 0);
      const item = new vscode.InlineCompletionItem(outcome.text, new vscode.Range(position, end), {
        title: 'Tandem: completion accepted',
        command: COMMANDS.completionAccepted,
        arguments: [document.uri],
      });
      return [item];
    } catch (error) {
      if (cancel.signal.aborted || (isServiceError(error) && error.code === 'aborted')) {
        trace?.('superseded by the next keystroke');
        return undefined;
      }
      // A 429 shows as the cool-down it started (see CompletionEngine), not as a failure.
      if (!(isServiceError(error) && error.code === 'rate_limit_exceeded')) this.status.failed(describeError(error, 'completion'));
      const shown = this.notices.report(error);
      this.log.warn(`inline completion failed${shown ? ` (notified: ${shown})` : ''}: ${describeError(error, 'completion')}`);
      return undefined;
    } finally {
      answered = true;
      // The status bar's bookkeeping waits until VS Code has the answer: the ghost text need not wait for it.
      if (done) setImmediate(done);
      cancel.dispose();
    }
  }
}
