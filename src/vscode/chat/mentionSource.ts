// What the composer's @ picker offers and what a picked mention attaches: workspace files and folders
// (findFiles minus files.exclude, build folders and .gitignore, kept in a list a watcher refreshes),
// symbols from the workspace symbol providers, `@problems` (diagnostics) and `@selection`. The
// "+ Selection" and "+ File" buttons are mentions too, resolved here like any other.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { rankFuzzy } from '../../core/chat/fuzzyMatch';
import { folderListing, problemsText, symbolLabel, type Problem } from '../../core/chat/mentions';
import { headText, readHead } from '../../core/tools/fileHead';
import type { Outflow } from '../../core/security/outflowGate';
import { confinePath } from '../../core/tools/pathConfinement';
import { MENTION_IDS, type Attachment, type MentionItem } from '../../shared/protocol';
import { policyPath } from '../security/sensitiveFiles';
import { OutflowGate } from '../security/outflowGate';
import { excludeGlob } from '../tools/excludeGlob';
import { gitignored } from '../tools/gitignoreLoader';

/** Rows one answer of the picker holds. */
const MAX_MENTION_RESULTS = 50;
/** Files listed per workspace folder; a bigger workspace is matched on its first ones. */
const MAX_LISTED_FILES = 20_000;
/** One mentioned file's text is read up to here; the message's budget cuts further when it is sent. */
const MAX_FILE_BYTES = 256 * 1024;
const MAX_FILE_CHARS = 200_000;
/** A workspace symbol provider that takes longer than this is left out of that answer. */
const SYMBOL_TIMEOUT_MS = 1_500;
const MAX_SYMBOLS = 20;

interface ListedFile {
  uri: vscode.Uri;
  /** Workspace-relative, `/`-separated, with the folder's name first in a multi-root workspace. */
  rel: string;
}

type Target =
  { kind: 'file' | 'folder'; uri: vscode.Uri; rel: string } | { kind: 'symbol'; uri: vscode.Uri; range: vscode.Range; name: string };

/** A picked mention, read: what the chip attaches, and the path to ask about if it is sensitive. */
export type ResolvedMention = { attachment: Omit<Attachment, 'id'>; sensitivePath?: string } | { refusal: string };

export class MentionSource implements vscode.Disposable {
  private files: Promise<ListedFile[]> | undefined;
  /** The usable folders the list was made for: a root the user allows later is listed then. */
  private listedFor = '';
  /** The ids of the latest answer, so a pick resolves only what was offered. */
  private offered = new Map<string, Target>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly log: vscode.LogOutputChannel,
    /** The sensitive-content gate: which folders may be used and what is sensitive, by every name of a file. */
    private readonly gate: OutflowGate = new OutflowGate(),
  ) {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*');
    const stale = () => (this.files = undefined);
    this.disposables.push(
      watcher,
      watcher.onDidCreate(stale),
      watcher.onDidDelete(stale),
      // A changed .gitignore changes what is listed; other changes do not.
      watcher.onDidChange((uri) => path.basename(uri.path) === '.gitignore' && stale()),
      vscode.workspace.onDidChangeWorkspaceFolders(stale),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('files.exclude') && stale()),
    );
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** The picker's rows for the text typed after `@`: the fixed entries, files and folders, then symbols. */
  async query(text: string): Promise<MentionItem[]> {
    const query = text.trim();
    // The picker lists the workspace: a root that needs the user's consent is asked about first.
    await this.gate.requestRoots();
    const fixed: MentionItem[] = rankFuzzy(
      query,
      [
        { id: MENTION_IDS.selection, kind: 'selection' as const, label: 'selection', detail: 'the selection in the active editor' },
        { id: MENTION_IDS.problems, kind: 'problems' as const, label: 'problems', detail: 'errors and warnings in the workspace' },
      ],
      (i) => i.label,
      2,
    );
    const [files, symbols] = await Promise.all([this.listed(), query.length >= 2 ? this.symbols(query) : Promise.resolve([])]);
    const entries: Array<{ kind: 'file' | 'folder'; rel: string; uri: vscode.Uri }> = [
      ...files.map((f) => ({ kind: 'file' as const, rel: f.rel, uri: f.uri })),
      ...folderEntries(files),
    ];
    const room = MAX_MENTION_RESULTS - fixed.length - Math.min(symbols.length, 10);
    const paths = rankFuzzy(query, entries, (e) => e.rel, room);
    const offered = new Map<string, Target>();
    const items: MentionItem[] = [...fixed];
    for (const e of paths) {
      const id = `${e.kind}:${e.uri.toString()}`;
      offered.set(id, e);
      const dir = path.posix.dirname(e.rel);
      items.push({
        id,
        kind: e.kind,
        label: e.kind === 'folder' ? `${path.posix.basename(e.rel)}/` : path.posix.basename(e.rel),
        detail: e.kind === 'folder' ? e.rel : dir === '.' ? undefined : dir,
      });
    }
    symbols.slice(0, MAX_MENTION_RESULTS - items.length).forEach((s, n) => {
      const id = `symbol:${n}:${s.location.uri.toString()}`;
      const rel = vscode.workspace.asRelativePath(s.location.uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
      offered.set(id, { kind: 'symbol', uri: s.location.uri, range: s.location.range, name: s.name });
      items.push({ id, kind: 'symbol', label: s.name, detail: `${rel}:${s.location.range.start.line + 1}` });
    });
    this.offered = offered;
    return items;
  }

  /** Reads a picked mention. Only ids of the latest answer, or the fixed ones, resolve. */
  async resolve(itemId: string): Promise<ResolvedMention> {
    await this.gate.requestRoots();
    if (itemId === MENTION_IDS.selection) return this.selection();
    if (itemId === MENTION_IDS.problems) return { attachment: { kind: 'problems', label: 'problems', text: await this.problems() } };
    if (itemId === MENTION_IDS.activeFile) {
      const doc = vscode.window.activeTextEditor?.document;
      if (!doc) return { refusal: vscode.l10n.t('Tandem: open a file in the editor first, then attach it to the chat.') };
      return this.file(doc.uri, 'attachment');
    }
    const target = this.offered.get(itemId);
    if (!target) return { refusal: vscode.l10n.t('Tandem: that mention is no longer offered; type @ again.') };
    switch (target.kind) {
      case 'file':
        return this.file(target.uri, 'mention');
      case 'folder': {
        const files = (await this.listed()).map((f) => f.rel);
        return { attachment: { kind: 'folder', label: `${target.rel}/`, text: folderListing(target.rel, files) } };
      }
      case 'symbol':
        return this.symbol(target.uri, target.range, target.name);
    }
  }

  private async selection(): Promise<ResolvedMention> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return { refusal: vscode.l10n.t('Tandem: open a file in the editor first, then attach it to the chat.') };
    const doc = editor.document;
    if (editor.selection.isEmpty) return { refusal: vscode.l10n.t('Tandem: select some code first, then attach the selection.') };
    const sel = editor.selection;
    const name = doc.isUntitled ? doc.uri.path : path.basename(doc.fileName);
    return {
      attachment: {
        kind: 'selection',
        label: `${name}:${sel.start.line + 1}-${sel.end.line + 1}`,
        text: cut(doc.getText(sel)),
        language: doc.languageId,
      },
      ...(await this.sensitivity('attachment', doc.uri, doc.isUntitled)),
    };
  }

  /**
   * A file's text: an open document's (what the user sees) or the disk's, confined to the usable
   * folders. Either way the gate judges it by its real path too: an open `notes.txt` that is a link
   * to `.env` is `.env`.
   */
  private async file(uri: vscode.Uri, outflow: Outflow): Promise<ResolvedMention> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const label = open?.isUntitled ? uri.path : policyPath(uri);
    if (uri.scheme === 'file' && !open) {
      const roots = this.gate.usableFolders().map((f) => f.uri.fsPath);
      const confined = await confinePath(uri.fsPath, { roots, realpath: (p) => fs.realpath(p), lstat: (p) => fs.lstat(p) });
      if (!confined.ok) return { refusal: vscode.l10n.t('Tandem: {0} cannot be attached: {1}', label, confined.error) };
      const text = await readHead(confined.path, MAX_FILE_BYTES).then(
        (head) => headText(head, MAX_FILE_CHARS),
        () => undefined,
      );
      if (text === undefined) return { refusal: vscode.l10n.t('Tandem: {0} cannot be attached: it is binary or unreadable.', label) };
      const sensitive = (await this.gate.judge(outflow, uri)).sensitive !== undefined;
      return { attachment: { kind: 'file', label, text, language: languageOf(uri) }, ...(sensitive ? { sensitivePath: label } : {}) };
    }
    const doc = open ?? (await vscode.workspace.openTextDocument(uri));
    return {
      attachment: { kind: 'file', label, text: cut(doc.getText()), language: doc.languageId },
      ...(await this.sensitivity(outflow, uri, doc.isUntitled)),
    };
  }

  private async symbol(uri: vscode.Uri, range: vscode.Range, name: string): Promise<ResolvedMention> {
    const doc = await vscode.workspace.openTextDocument(uri);
    // A provider may give only the name's range: then the symbol's whole lines are taken.
    const lines = range.isSingleLine
      ? doc.lineAt(range.start.line).range
      : new vscode.Range(range.start.line, 0, range.end.line, doc.lineAt(range.end.line).text.length);
    const label = symbolLabel(name, policyPath(uri), range.start.line + 1);
    return {
      attachment: { kind: 'symbol', label, text: cut(doc.getText(lines)), language: doc.languageId },
      ...(await this.sensitivity('mention', uri, doc.isUntitled)),
    };
  }

  private async problems(): Promise<string> {
    const problems: Problem[] = [];
    const entries = vscode.languages.getDiagnostics().filter(([, d]) => d.length > 0);
    const verdicts = await this.gate.judgeMany(
      'diagnostics',
      entries.map(([uri]) => uri),
    );
    for (const [i, [uri, diagnostics]] of entries.entries()) {
      const verdict = verdicts[i];
      // A diagnostic's message can quote a sensitive file's content (judged by its real path too); such
      // files are left out, and so are files outside the folders Tandem may use.
      if (verdict.sensitive || (uri.scheme === 'file' && !verdict.inWorkspace)) continue;
      const shown = verdict.shown || policyPath(uri);
      for (const d of diagnostics) {
        problems.push({ path: shown, line: d.range.start.line + 1, severity: SEVERITY[d.severity], message: d.message, source: d.source });
      }
    }
    return problemsText(problems);
  }

  /** The same gate as completions and the chat tools: a sensitive file is attached only after asking. */
  private async sensitivity(outflow: Outflow, uri: vscode.Uri, untitled: boolean): Promise<{ sensitivePath?: string }> {
    if (untitled) return {};
    return (await this.gate.judge(outflow, uri)).sensitive ? { sensitivePath: policyPath(uri) } : {};
  }

  private async symbols(query: string): Promise<vscode.SymbolInformation[]> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<vscode.SymbolInformation[]>((resolve) => (timer = setTimeout(() => resolve([]), SYMBOL_TIMEOUT_MS)));
    const found = Promise.resolve(
      vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>('vscode.executeWorkspaceSymbolProvider', query),
    ).then(
      (s) => s ?? [],
      (e: unknown) => {
        this.log.debug(`mentions: symbol search failed: ${e instanceof Error ? e.message : String(e)}`);
        return [];
      },
    );
    try {
      const symbols = await Promise.race([found, late]);
      const usable = new Set(this.gate.usableFolders().map((f) => f.uri.toString()));
      return symbols
        .filter((s) => usable.has(vscode.workspace.getWorkspaceFolder(s.location.uri)?.uri.toString() ?? ''))
        .slice(0, MAX_SYMBOLS);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The workspace's files, listed once and again after the watcher saw a file come or go. */
  private listed(): Promise<ListedFile[]> {
    const usable = this.gate
      .usableFolders()
      .map((f) => f.uri.toString())
      .join('\n');
    if (usable !== this.listedFor) this.files = undefined;
    this.listedFor = usable;
    this.files ??= this.listFiles().catch((e: unknown) => {
      this.log.warn(`mentions: could not list the workspace: ${e instanceof Error ? e.message : String(e)}`);
      this.files = undefined;
      return [];
    });
    return this.files;
  }

  private async listFiles(): Promise<ListedFile[]> {
    const folders = this.gate.usableFolders();
    const out: ListedFile[] = [];
    for (const folder of folders) {
      const exclude = excludeGlob(folder);
      const [uris, ignored] = await Promise.all([
        vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), exclude, MAX_LISTED_FILES),
        gitignored(folder, exclude),
      ]);
      for (const uri of uris) {
        const rel = path.posix.relative(folder.uri.path, uri.path);
        if (ignored(rel)) continue;
        out.push({ uri, rel: folders.length > 1 ? `${folder.name}/${rel}` : rel });
      }
    }
    return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  }
}

const SEVERITY: Record<vscode.DiagnosticSeverity, Problem['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'info',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/** Every folder that holds a listed file (its ancestors included), once. */
function folderEntries(files: readonly ListedFile[]): Array<{ kind: 'folder'; rel: string; uri: vscode.Uri }> {
  const seen = new Map<string, vscode.Uri>();
  for (const f of files) {
    let dir = path.posix.dirname(f.rel);
    let uri = vscode.Uri.joinPath(f.uri, '..');
    while (dir !== '.' && dir !== '' && !seen.has(dir)) {
      seen.set(dir, uri);
      dir = path.posix.dirname(dir);
      uri = vscode.Uri.joinPath(uri, '..');
    }
  }
  return [...seen].map(([rel, uri]) => ({ kind: 'folder' as const, rel, uri }));
}

function cut(text: string): string {
  return text.length > MAX_FILE_CHARS ? `${text.slice(0, MAX_FILE_CHARS)}\n… [cut]` : text;
}

/** The fence's language for a file read from disk: its extension, which Markdown renderers know. */
function languageOf(uri: vscode.Uri): string {
  const ext = path.posix.extname(uri.path).slice(1).toLowerCase();
  const known: Record<string, string> = {
    ts: 'typescript',
    tsx: 'typescriptreact',
    js: 'javascript',
    mjs: 'javascript',
    cjs: 'javascript',
    py: 'python',
    md: 'markdown',
    json: 'json',
  };
  return known[ext] ?? ext;
}
