import * as vscode from 'vscode';
import { CrossFileContext, SYMBOL_MATCHES } from '../../core/completion/crossFileContext';
import { definitionEnd, DEFINITION_MAX_LINES } from '../../core/completion/contextSymbols';
import { Disposable } from '../../core/lifecycle/disposable';
import type { ContextChunk, ContextFile, ContextQuery, ContextSource, NamedDefinition } from '../../core/completion/contextTypes';
import { RecentEditsRing } from '../../core/completion/recentEditsContext';
import { policyPath } from '../security/sensitiveFiles';
import { COMPLETION_SELECTOR } from './completionSelector';
import type { CompletionVerdicts } from './completionVerdicts';

/** Schemes whose files have a path worth showing the model (not untitled buffers, output, git views). */
const FILE_SCHEMES = new Set(['file', 'vscode-remote', 'vscode-vfs']);
/** Open files larger than this are not read for context (generated or minified files). */
const MAX_FILE_CHARS = 500_000;
/** Open tabs looked at. */
const MAX_TABS = 20;
/** The symbols an identifier being typed may complete to: declarations, not a class's fields or a file's headings. */
const DECLARATIONS = new Set([
  vscode.SymbolKind.Function,
  vscode.SymbolKind.Method,
  vscode.SymbolKind.Class,
  vscode.SymbolKind.Interface,
  vscode.SymbolKind.Enum,
  vscode.SymbolKind.Struct,
  vscode.SymbolKind.Variable,
  vscode.SymbolKind.Constant,
]);

/**
 * Raw material for cross-file completion context: open tabs, chunks of recently edited files, and
 * definitions from VS Code's definition and document-symbol providers. Only files the gate finds inside
 * a workspace folder and not sensitive, by their real path, contribute: an open `~/.config/gh/hosts.yml`
 * or a link in the project to one is never sent with another file's completion.
 * It owns the core's choice (CrossFileContext) and tells it when another file or a tab changes.
 */
export class ContextGatherer extends Disposable implements ContextSource, vscode.Disposable {
  readonly context: CrossFileContext;
  private readonly ring = new RecentEditsRing();
  private readonly documents = new Map<string, vscode.TextDocument>();
  /** The file behind each path the recent-edits ring noted, so a chunk is judged again when it is used. */
  private readonly edited = new Map<string, vscode.Uri>();
  private currentPath = '';

  constructor(
    private readonly verdicts: CompletionVerdicts,
    budgetTokens: () => number,
  ) {
    super();
    this.context = new CrossFileContext({ source: this, budgetTokens });
    for (const listener of [
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length === 0 || !this.eligible(event.document)) return;
        const path = policyPath(event.document.uri);
        this.documents.set(path, event.document);
        this.edited.set(path, event.document.uri);
        for (const change of event.contentChanges.slice(0, 8)) this.ring.touch(path, change.range.start.line);
        // Typing in the file being completed does not change the other files' context.
        if (path !== this.currentPath) this.context.invalidate();
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        const path = policyPath(document.uri);
        if (this.ring.hasPending(path) && this.eligible(document)) this.ring.flush(path, document.getText());
        this.documents.delete(path);
      }),
      vscode.workspace.onDidDeleteFiles((event) =>
        event.files.forEach((uri) => {
          this.ring.forget(policyPath(uri));
          this.edited.delete(policyPath(uri));
        }),
      ),
      // Opened or closed, not merely activated or dirtied (that happens on the first keystroke).
      vscode.window.tabGroups.onDidChangeTabs((event) => (event.opened.length > 0 || event.closed.length > 0) && this.context.invalidate()),
      vscode.window.onDidChangeActiveTextEditor((editor) => editor && this.prepare(editor)),
    ]) {
      this._register(listener);
    }
  }

  /**
   * Starts choosing the context at the cursor of an editor that became active, so that its first
   * completion need not wait on the definition providers (it goes with tabs and edits meanwhile).
   * Any document Tandem completes (an unsaved one too: it gets the tabs' context, but gives none).
   */
  private prepare(editor: vscode.TextEditor): void {
    const { document } = editor;
    if (vscode.languages.match(COMPLETION_SELECTOR, document) > 0 && !this.verdicts.judge(document.uri).sensitive)
      this.context.prepare(this.query(document, document.getText(), document.offsetAt(editor.selection.active)));
  }

  /** The comment block that starts this document's FIM prompt ('' for none); a string once chosen for the cursor's block. */
  header(document: vscode.TextDocument, text: string, offset: number): string | Promise<string> {
    return this.context.header(this.query(document, text, offset));
  }

  private query(document: vscode.TextDocument, text: string, offset: number): ContextQuery {
    const path = document.uri.scheme === 'untitled' ? document.uri.path : policyPath(document.uri);
    this.currentPath = path;
    this.documents.set(path, document);
    return { path, text, offset, languageId: document.languageId };
  }

  neighbours(query: ContextQuery): { files: ContextFile[]; chunks: ContextChunk[] } {
    for (const [path, document] of this.documents) {
      if (path !== query.path && this.ring.hasPending(path)) this.ring.flush(path, document.getText());
    }
    const files: ContextFile[] = [];
    const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
    // Tabs whose document VS Code has not loaded (restored after a reload, never shown) are skipped: reading them would make this async.
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs);
    for (const tab of tabs.slice(0, MAX_TABS)) {
      const document = tab.input instanceof vscode.TabInputText ? open.get(tab.input.uri.toString()) : undefined;
      if (!document || !this.eligible(document)) continue;
      const path = policyPath(document.uri);
      const text = document.getText();
      if (path !== query.path && text.length <= MAX_FILE_CHARS && !files.some((f) => f.path === path)) files.push({ path, text });
    }
    // The policy, the folders or a link may have changed since a chunk was noted.
    const chunks = this.ring.chunks().filter((c) => {
      const uri = this.edited.get(c.path);
      return c.path !== query.path && uri !== undefined && this.verdicts.contextAllowed(uri);
    });
    return { files, chunks };
  }

  async definitions(
    query: ContextQuery,
    offsets: readonly number[],
    found: (chunk: ContextChunk) => void,
    signal: AbortSignal,
  ): Promise<void> {
    const document = this.documents.get(query.path);
    if (!document) return;
    await Promise.all(
      offsets.map(async (offset) => {
        const locations = await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink>>(
          'vscode.executeDefinitionProvider',
          document.uri,
          document.positionAt(offset),
        );
        for (const location of locations ?? []) {
          if (signal.aborted) return;
          const uri = 'targetUri' in location ? location.targetUri : location.uri;
          const range = 'targetUri' in location ? location.targetRange : location.range;
          if (uri.toString() === document.uri.toString()) continue;
          const chunk = await this.definitionAt(uri, range.start, signal);
          if (chunk && !signal.aborted) found(chunk);
        }
      }),
    );
  }

  async symbols(query: ContextQuery, partial: string, signal: AbortSignal): Promise<NamedDefinition[]> {
    const symbols = await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>(
      'vscode.executeWorkspaceSymbolProvider',
      partial,
    );
    const current = this.documents.get(query.path)?.uri.toString();
    // The providers match loosely (`jud` finds `adjustDuration`) and decorate names (TypeScript: `name()`):
    // the declared names that start with it, the shortest first.
    const wanted = (symbols ?? [])
      .map((symbol) => ({ symbol, name: /^[A-Za-z_$][\w$]*/.exec(symbol.name)?.[0] ?? '' }))
      .filter(({ symbol, name }) => name.startsWith(partial) && DECLARATIONS.has(symbol.kind) && symbol.location.uri.toString() !== current)
      .filter(({ symbol }) => this.definitionAllowed(symbol.location.uri))
      .sort((a, b) => a.name.length - b.name.length)
      .slice(0, SYMBOL_MATCHES);
    const found: NamedDefinition[] = [];
    for (const { symbol, name } of wanted) {
      if (signal.aborted) break;
      const chunk = await this.definitionAt(symbol.location.uri, symbol.location.range.start, signal);
      if (chunk) found.push({ ...chunk, name });
    }
    return found;
  }

  /** The definition's lines: its document symbol's range when the symbol provider answers, else its braces or indentation. */
  private async definitionAt(uri: vscode.Uri, start: vscode.Position, signal: AbortSignal): Promise<ContextChunk | undefined> {
    if (!this.definitionAllowed(uri)) return undefined;
    const path = policyPath(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    if (signal.aborted) return undefined;
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri);
    const symbol = innermost(symbols ?? [], start);
    const lines = document.getText().split('\n');
    const first = symbol ? symbol.range.start.line : start.line;
    const last = symbol ? Math.min(symbol.range.end.line, first + DEFINITION_MAX_LINES - 1) : definitionEnd(lines, first);
    return { path, startLine: first, text: lines.slice(first, last + 1).join('\n'), kind: 'definition' };
  }

  /**
   * Definitions inside the workspace only (by real path, so a link out of it is not followed): library
   * declarations (lib.d.ts, node_modules) would crowd out the project's own.
   */
  private definitionAllowed(uri: vscode.Uri): boolean {
    return !/[\\/]node_modules[\\/]/.test(uri.path) && this.eligible({ uri });
  }

  /** A file whose text may be sent as context: a local or remote file the sensitive-path policy allows. */
  private eligible({ uri }: { uri: vscode.Uri }): boolean {
    return FILE_SCHEMES.has(uri.scheme) && this.verdicts.contextAllowed(uri);
  }
}

/** The deepest symbol whose name (selection range) or whole range holds `at`. */
function innermost(symbols: readonly vscode.DocumentSymbol[], at: vscode.Position): vscode.DocumentSymbol | undefined {
  for (const symbol of symbols) {
    if (!('range' in symbol) || !symbol.range.contains(at)) continue;
    return innermost(symbol.children ?? [], at) ?? symbol;
  }
  return undefined;
}
