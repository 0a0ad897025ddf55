// Inline edit (Ctrl+I): the instruction, the request, the streamed live diff, Accept and Reject per
// hunk or all at once, and follow-up instructions that refine the same edit. Loaded on first use.
import * as vscode from 'vscode';
import { applyEditAnswer } from '../../core/edit/editApplier';
import { checkSelectionSize } from '../../core/edit/editLimits';
import { editMessages, type EditDiagnostic } from '../../core/edit/editPrompt';
import { streamEditAnswer, type EditModelChoice } from '../../core/edit/editStream';
import { PendingEdit } from '../../core/edit/pendingEdit';
import { previewSelection, streamedCodeLines } from '../../core/edit/streamPreview';
import { splitText } from '../../core/edit/editText';
import type { ChatClients } from '../../core/chat/chatRound';
import type { OutflowGate } from '../security/outflowGate';
import type { TandemUi } from '../ui/tandemUi';
import { createDiffDecorations, LiveDiff, type LiveDiffDecorations, type LiveDiffEnd } from './liveDiff';
import { EditInput } from './editInput';
import { EditCodeLenses } from './editCodeLens';

export interface InlineEditDeps {
  clients: ChatClients;
  gate: OutflowGate;
  ui: TandemUi;
  log: vscode.LogOutputChannel;
  memento: vscode.Memento;
  /** The project rules section (AGENTS.md), or undefined. */
  rules: () => Promise<string | undefined>;
  defaults: () => EditModelChoice;
}

/** What `tandem.edit` may be given instead of asking: by code actions and tests. */
export interface EditArgs {
  instruction?: string;
  uri?: vscode.Uri;
  /** 0-based, inclusive. */
  startLine?: number;
  endLine?: number;
}

/** How long the last edit took, for the Enter-to-first-line figure. */
export interface EditTimings {
  firstTokenMs?: number;
  firstLineMs?: number;
  doneMs?: number;
}

interface Session {
  document: vscode.TextDocument;
  pending: PendingEdit;
  diff: LiveDiff;
  rounds: Array<{ instruction: string; answer: string }>;
  choice: EditModelChoice;
  streaming?: AbortController;
}

export class InlineEditController implements vscode.Disposable {
  private readonly sessions = new Map<string, Session>();
  private readonly decorations: LiveDiffDecorations = createDiffDecorations();
  private readonly input: EditInput;
  readonly lenses = new EditCodeLenses((uri) => this.diffIn(uri));
  private readonly registration: vscode.Disposable;
  private windowChoice: EditModelChoice | undefined;
  lastTimings: EditTimings = {};
  /** The last refusal or failure shown, for tests. */
  lastMessage: string | undefined;

  constructor(private readonly deps: InlineEditDeps) {
    this.input = new EditInput(deps.memento);
    this.registration = vscode.languages.registerCodeLensProvider({ scheme: '*' }, this.lenses);
  }

  async edit(args: EditArgs = {}): Promise<void> {
    const editor = args.uri ? await vscode.window.showTextDocument(args.uri, { preserveFocus: false }) : vscode.window.activeTextEditor;
    if (!editor) return this.tell(vscode.l10n.t('Tandem: open a file and select the code to edit first.'));
    const document = editor.document;
    const existing = this.sessions.get(document.uri.toString());
    if (existing?.streaming) return this.tell(vscode.l10n.t('Tandem: an edit is still being written in this file.'));
    const selection = existing ? existing.pending.selection : selectedLines(editor, args);
    const selected = document.getText(
      new vscode.Range(selection.startLine, 0, selection.endLine, document.lineAt(selection.endLine).text.length),
    );
    const size = checkSelectionSize(selected);
    if (!size.ok) return this.tell(vscode.l10n.t('Tandem: {0}', size.message), true);
    const verdict = await this.deps.gate.judge('inlineEdit', document.uri);
    const choice = existing?.choice ?? this.windowChoice ?? this.deps.defaults();
    if (verdict.sensitive) {
      const shown = verdict.shown || document.uri.path;
      const ok = await this.deps.ui.confirmSensitive(
        vscode.l10n.t(
          '{0} may contain secrets; the selection and the code around it will be sent to Service {1}. Edit it with Tandem?',
          shown,
          choice.service,
        ),
        vscode.l10n.t('Edit'),
      );
      if (!ok) return;
    }
    let instruction = args.instruction;
    let chosen = choice;
    if (instruction === undefined) {
      const answer = await this.input.ask(choice, existing !== undefined);
      if (!answer) return;
      instruction = answer.instruction;
      chosen = answer.choice;
      this.windowChoice = chosen;
    }
    void this.input.remember(instruction);
    const session = existing ?? this.start(document, selection, chosen);
    session.choice = chosen;
    await this.round(session, instruction);
  }

  private start(document: vscode.TextDocument, selection: { startLine: number; endLine: number }, choice: EditModelChoice): Session {
    const pending = new PendingEdit(document.getText(), selection);
    const key = document.uri.toString();
    const diff = new LiveDiff(
      document,
      pending,
      this.decorations,
      (why) => void this.withdrawn(key, why),
      () => this.lenses.changed(),
      () =>
        this.tell(
          vscode.l10n.t('Tandem: you changed the code under a pending edit, so that part of the edit was withdrawn; your change is kept.'),
        ),
    );
    const session: Session = { document, pending, diff, rounds: [], choice };
    this.sessions.set(key, session);
    void this.updateContext();
    return session;
  }

  private async round(session: Session, instruction: string): Promise<void> {
    const started = performance.now();
    const timings: EditTimings = {};
    this.lastTimings = timings;
    const { document, pending } = session;
    const lines = splitText(pending.original).lines;
    const { startLine, endLine } = pending.selection;
    const messages = editMessages({
      path: vscode.workspace.asRelativePath(document.uri),
      languageId: document.languageId,
      lines,
      startLine,
      endLine,
      instruction,
      diagnostics: diagnosticsOf(document),
      rules: await this.deps.rules().catch(() => undefined),
      previous: session.rounds,
    });
    const abort = new AbortController();
    session.streaming = abort;
    void this.updateContext();
    let answer = '';
    let reasoning = '';
    let shownLines = -1;
    const oldLines = lines.slice(startLine, endLine + 1);
    try {
      await vscode.window.withProgress(
        // In the status bar, not a notification: a toast costs the window a layout just as the first lines
        // are drawn. Escape (Reject All) stops the answer.
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Tandem: editing') },
        async (progress) => {
          for await (const delta of streamEditAnswer(this.deps.clients, session.choice, messages, { signal: abort.signal })) {
            if (delta.reasoning) {
              reasoning += delta.reasoning;
              // Reasoning is shown collapsed: how much there is, not the text; the text goes to the log.
              progress.report({ message: vscode.l10n.t('thinking… ({0} words)', words(reasoning)) });
            }
            if (!delta.content) continue;
            timings.firstTokenMs ??= performance.now() - started;
            answer += delta.content;
            const streamed = streamedCodeLines(answer);
            if (!streamed || streamed.length === shownLines) continue;
            shownLines = streamed.length;
            progress.report({ message: vscode.l10n.t('{0} lines', streamed.length) });
            pending.propose(withSelection(pending.original, startLine, endLine, previewSelection(oldLines, streamed)));
            await session.diff.draw();
            if (timings.firstLineMs === undefined && streamed.length > 0) timings.firstLineMs = performance.now() - started;
          }
        },
      );
    } catch (error) {
      session.streaming = undefined;
      if (abort.signal.aborted) return this.finish(session, 'rejected');
      this.deps.log.error(`Inline edit failed: ${String(error)}`);
      await this.finish(session, 'rejected');
      return this.tell(vscode.l10n.t('Tandem: the edit failed: {0}', error instanceof Error ? error.message : String(error)), true);
    }
    session.streaming = undefined;
    if (reasoning) this.deps.log.info(`Inline edit reasoning (${words(reasoning)} words):\n${reasoning}`);
    if (abort.signal.aborted) return this.finish(session, 'rejected');
    const outcome = applyEditAnswer(pending.original, pending.selection, answer, instruction);
    if (outcome.kind === 'refuse') {
      this.deps.log.warn(`Inline edit refused (${outcome.why}): ${outcome.message}\n${answer}`);
      await this.finish(session, 'rejected');
      return this.tell(vscode.l10n.t('Tandem: the answer was not applied. {0}', outcome.message), true);
    }
    session.rounds.push({ instruction, answer });
    pending.propose(outcome.fileText);
    await session.diff.draw();
    timings.doneMs = performance.now() - started;
    this.deps.log.info(
      `Inline edit: first token ${fmt(timings.firstTokenMs)} ms, first diff line ${fmt(timings.firstLineMs)} ms, done ${fmt(timings.doneMs)} ms`,
    );
    if (pending.hunks.length === 0) {
      await this.finish(session, 'rejected');
      return this.tell(vscode.l10n.t('Tandem: the answer changes nothing.'));
    }
    void this.updateContext();
  }

  /** Accepts or rejects one hunk (CodeLens), or every pending hunk; the edit ends when none is left. */
  async decide(state: 'accepted' | 'rejected', uri?: vscode.Uri, hunk?: number): Promise<void> {
    const key = (uri ?? vscode.window.activeTextEditor?.document.uri)?.toString();
    const session = key ? this.sessions.get(key) : undefined;
    if (!session) return;
    if (session.streaming) {
      // Escape while the answer streams stops it; nothing was applied yet.
      if (state === 'rejected') session.streaming.abort();
      return;
    }
    if (hunk === undefined) session.pending.decideAll(state);
    else session.pending.decide(hunk, state);
    if (session.pending.pendingCount > 0) return session.diff.draw();
    await this.finish(session, state);
  }

  private async finish(session: Session, rest: 'accepted' | 'rejected'): Promise<void> {
    session.pending.decideAll(rest);
    await session.diff.draw(true).catch((error: unknown) => this.deps.log.error(`Inline edit: the final change failed: ${String(error)}`));
    this.close(session);
  }

  private async withdrawn(key: string, why: LiveDiffEnd): Promise<void> {
    const session = this.sessions.get(key);
    if (!session) return;
    session.streaming?.abort();
    if (why === 'closed') return this.close(session);
    // Every hunk is settled with the user's change in it, and the document shows it: drawing again could
    // only overwrite what the user typed since.
    if (why === 'settled') return this.close(session);
    // A change the edit could not follow: the document stays as the user left it, nothing more is applied.
    this.close(session);
    this.tell(
      vscode.l10n.t(
        'Tandem: the code under the pending edit changed in a way the edit cannot follow, so the edit was withdrawn; the document is as you left it.',
      ),
      true,
    );
  }

  private close(session: Session): void {
    session.diff.dispose();
    this.sessions.delete(session.document.uri.toString());
    this.lenses.changed();
    void this.updateContext();
  }

  pendingIn(uri: vscode.Uri): PendingEdit | undefined {
    return this.sessions.get(uri.toString())?.pending;
  }

  diffIn(uri: vscode.Uri): LiveDiff | undefined {
    return this.sessions.get(uri.toString())?.diff;
  }

  private updateContext(): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', 'tandem.editPending', this.sessions.size > 0);
  }

  private tell(message: string, warning = false): void {
    this.lastMessage = message;
    if (warning) void vscode.window.showWarningMessage(message);
    else void vscode.window.showInformationMessage(message);
  }

  dispose(): void {
    for (const session of this.sessions.values()) {
      session.streaming?.abort();
      session.diff.dispose();
    }
    this.sessions.clear();
    this.registration.dispose();
    this.decorations.old.dispose();
    this.decorations.new.dispose();
  }
}

/** The whole lines the edit covers: the selection's, or the cursor's line; a selection ending at column 0 stops on the line before. */
function selectedLines(editor: vscode.TextEditor, args: EditArgs): { startLine: number; endLine: number } {
  const last = editor.document.lineCount - 1;
  if (args.startLine !== undefined) {
    const start = Math.max(0, Math.min(args.startLine, last));
    return { startLine: start, endLine: Math.max(start, Math.min(args.endLine ?? start, last)) };
  }
  const sel = editor.selection;
  const endLine = sel.end.line > sel.start.line && sel.end.character === 0 ? sel.end.line - 1 : sel.end.line;
  return { startLine: sel.start.line, endLine };
}

function withSelection(text: string, startLine: number, endLine: number, lines: readonly string[]): string {
  const split = splitText(text);
  const before = split.lines.slice(0, startLine).map((l, i) => l + split.eols[i]);
  const after = split.lines.slice(endLine + 1).map((l, i) => l + split.eols[endLine + 1 + i]);
  const lastEol = split.eols[endLine] || (after.length > 0 ? split.eol : '');
  const middle = lines.map((l, i) => l + (i < lines.length - 1 ? split.eol : lastEol));
  return [...before, ...middle, ...after].join('');
}

function diagnosticsOf(document: vscode.TextDocument): EditDiagnostic[] {
  const severity = ['error', 'warning', 'info', 'hint'] as const;
  return vscode.languages.getDiagnostics(document.uri).map((d) => ({
    line: d.range.start.line,
    severity: severity[d.severity],
    message: d.message,
    ...(d.source ? { source: d.source } : {}),
  }));
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function fmt(ms: number | undefined): string {
  return ms === undefined ? '-' : ms.toFixed(0);
}
