import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FunctionTool } from '../../core/services/wireTypes';
import type { PreparedTool, ToolHost } from '../../core/chat/toolHost';
import type { ToolApproval } from '../../shared/protocol';
import { unionGlob } from '../../core/security/globPattern';
import type { SensitiveKind } from '../../core/security/sensitivePaths';
import { editWarning, readWarning } from '../../core/security/sensitiveWarnings';
import { preparedCommand } from '../../core/tools/commandApproval';
import { mayRunGit, NO_RULES, type CommandRules } from '../../core/tools/commandRules';
import { gitDirRisks } from '../../core/tools/gitDirRisks';
import { headText, readHead } from '../../core/tools/fileHead';
import { gitignoreFilter, type IgnoreFile } from '../../core/tools/gitignoreFilter';
import {
  confineAgain,
  confinePath,
  displayPath,
  requestedPath,
  type ConfinedPath,
  type ConfineOptions,
} from '../../core/tools/pathConfinement';
import { editArgs, parseToolArgs, stringArg, ToolArgumentError, truncateOutput, type EditRequest } from '../../core/tools/toolArgs';
import { EditPlanError, planEdits, type PlannedFile, type PlannedReplacement } from '../../core/tools/editPlan';
import { chatTools } from '../../core/tools/toolDefinitions';
import { confineWriteTarget } from '../../core/tools/writeGuard';
import { OutflowGate } from '../security/outflowGate';
import type { CheckpointStore, WrittenFile } from './checkpointStore';
import type { ProposedEdits } from './proposedEdits';
import { TandemTerminal } from './terminalRunner';
import { terminalShell } from './terminalShell';
import { gitDirFacts } from './gitDirFacts';

const MAX_RESULT_CHARS = 60_000;
/** read_file reads at most this much of a file, whatever its size (60,000 characters fit in it). */
const MAX_READ_BYTES = 256 * 1024;
const MAX_LIST_ENTRIES = 500;
const MAX_FOUND_FILES = 200;
const MAX_SEARCH_FILES = 5000;
const MAX_SEARCH_MATCHES = 100;
const MAX_SEARCH_FILE_BYTES = 1024 * 1024;
const MAX_IGNORE_FILES = 200;
const SEARCH_BUDGET_MS = 5000;
const EXCLUDE = '**/{node_modules,.git,dist,out,.cache}/**';

type Confined = Extract<ConfinedPath, { ok: true }>;

interface WorkspaceFile {
  /** As the gate shows it: relative to the first folder, else its real absolute path. */
  rel: string;
  /** The real path, confined. */
  path: string;
}

/**
 * The chat's tools over the VS Code API. Every path goes through confinePath when the call is
 * prepared and again when it runs (after any approval), on the real path; a sensitive file is read
 * only after an approval card that says so, and the search tools skip it.
 */
export class WorkspaceTools implements ToolHost {
  private readonly terminal = new TandemTerminal(vscode.window, terminalShell());

  /** `service` names where a tool result goes ("Service B"), for the warnings. */
  constructor(
    private readonly proposals: ProposedEdits,
    private readonly service: () => string | undefined = () => undefined,
    /** The standing command rules in effect (commandRulesStore.ts), read on each call. */
    private readonly commandRules: () => CommandRules = () => NO_RULES,
    /** Where approved edits are recorded for "Restore files to here" and "Undo last edit". */
    private readonly checkpoints?: CheckpointStore,
    /** The sensitive-content gate: which folders may be used, what is sensitive, how a path is shown. */
    private readonly gate: OutflowGate = new OutflowGate(),
  ) {}

  definitions(): FunctionTool[] {
    return chatTools({ trusted: vscode.workspace.isTrusted });
  }

  async prepare(call: { name: string; args: string }): Promise<PreparedTool> {
    try {
      const args = parseToolArgs(call.args);
      // A folder a `.code-workspace` added from outside (or home, or `.git`) is asked about first.
      await this.gate.requestRoots();
      switch (call.name) {
        case 'read_file':
          return await this.prepareRead(stringArg(args, 'path'));
        case 'list_directory': {
          const input = stringArg(args, 'path');
          const checked = await this.confine(input);
          return ready(async () => this.listDirectory(await this.reconfine(input, checked)));
        }
        case 'find_files':
          return ready(() => this.findFiles(stringArg(args, 'pattern')));
        case 'search_text':
          return ready((signal) => this.searchText(stringArg(args, 'query'), signal));
        case 'get_diagnostics':
          return await this.prepareDiagnostics(stringArg(args, 'path', { optional: true }));
        case 'get_selection':
          return await this.prepareSelection();
        case 'apply_edit':
          return await this.prepareEdit(editArgs(args));
        case 'run_command':
          return await this.prepareCommand(stringArg(args, 'command'));
        default:
          return { kind: 'refused', error: `unknown tool "${call.name}"` };
      }
    } catch (error) {
      if (error instanceof ToolArgumentError) return { kind: 'refused', error: `${call.name}: ${error.message}` };
      if (error instanceof Refusal) return { kind: 'refused', error: error.message };
      throw error;
    }
  }

  /** The folders the tools may use: on disk, and allowed by the user when they need consent. */
  private roots(): Array<{ folder: vscode.WorkspaceFolder; fsPath: string }> {
    return this.gate.usableFolders().map((folder) => ({ folder, fsPath: folder.uri.fsPath }));
  }

  private confineOptions(roots = this.roots().map((r) => r.fsPath)): ConfineOptions {
    return { roots, realpath: (p) => fs.realpath(p), lstat: (p) => fs.lstat(p) };
  }

  private async confine(input: string): Promise<Confined> {
    const result = await confinePath(input, this.confineOptions());
    if (!result.ok) throw new Refusal(result.error);
    return result;
  }

  /** When the call runs: the same input must still lead, inside the workspace, to the file that was checked. */
  private async reconfine(input: string, checked: Confined): Promise<Confined> {
    const result = await confineAgain(input, checked.path, this.confineOptions());
    if (!result.ok) throw new Error(result.error);
    return result;
  }

  private rel(p: Confined): string {
    return displayPath(p);
  }

  /** The path as the model named it (a link's own name). */
  private requested(p: Confined): string {
    return requestedPath(
      p,
      this.roots().map((r) => r.fsPath),
    );
  }

  /**
   * The gate's verdict on a confined path: the link as named and the real file it leads to are both
   * judged (by their absolute paths too), and it is shown as the gate shows the real file.
   */
  private async judged(
    p: Confined,
    outflow: 'tool' | 'diagnostics' = 'tool',
  ): Promise<{ kind?: SensitiveKind; shown: string; name: string }> {
    const [named, real] = await this.gate.judgeMany(outflow, [vscode.Uri.file(p.requested), vscode.Uri.file(p.path)]);
    const shown = real.shown;
    // The file named and, when it is a link, the file it leads to; the link's own name is absolute outside the first folder.
    const first = this.roots()[0]?.fsPath;
    const inFirst = first !== undefined && !path.relative(first, p.requested).startsWith('..');
    const linkName = inFirst ? this.requested(p) : p.requested.split(path.sep).join('/');
    const name = this.requested(p) === this.rel(p) ? shown : `${linkName} (a link to ${shown})`;
    return { kind: named.sensitive ?? real.sensitive, shown, name };
  }

  private async prepareRead(input: string): Promise<PreparedTool> {
    const checked = await this.confine(input);
    const stat = await fs.stat(checked.path).catch(() => undefined);
    if (!stat) throw new Refusal(`read_file: ${this.rel(checked)} does not exist`);
    if (stat.isDirectory()) throw new Refusal(`read_file: ${this.rel(checked)} is a directory; use list_directory`);
    const run = async () => this.readFile(await this.reconfine(input, checked));
    const judged = await this.judged(checked);
    if (!judged.kind) return { kind: 'ready', run };
    const name = judged.name;
    // No alwaysScope: every read of a sensitive file asks, and its content is never saved.
    return { kind: 'ready', sensitive: true, approval: { summary: `Read ${name}`, warning: readWarning(name, this.service()) }, run };
  }

  private async readFile(p: Confined): Promise<string> {
    const head = await readHead(p.path, MAX_READ_BYTES).catch((error: NodeJS.ErrnoException) => {
      throw new Error(
        error.code === 'ELOOP'
          ? `${this.rel(p)} became a symlink after it was checked; ask again`
          : `${this.rel(p)} cannot be read: ${error.message}`,
      );
    });
    const text = headText(head, MAX_RESULT_CHARS);
    if (text === undefined) throw new Error(`${this.rel(p)} is a binary file`);
    return text;
  }

  private async listDirectory(p: Confined): Promise<string> {
    const entries = await vscode.workspace.fs.readDirectory(vscode.Uri.file(p.path)).then(
      (e) => e,
      () => {
        throw new Error(`${this.rel(p)} is not a directory`);
      },
    );
    const names = entries
      .map(([name, type]) => (type & vscode.FileType.Directory ? `${name}/` : name))
      .sort((a, b) => Number(b.endsWith('/')) - Number(a.endsWith('/')) || a.localeCompare(b));
    const shown = names.slice(0, MAX_LIST_ENTRIES);
    const more = names.length > shown.length ? `\n… and ${names.length - shown.length} more` : '';
    return names.length === 0 ? `${this.rel(p)} is empty` : shown.join('\n') + more;
  }

  private async findFiles(pattern: string): Promise<string> {
    if (pattern.split(/[\\/]/).includes('..') || path.isAbsolute(pattern))
      throw new Error('the pattern must be relative to the workspace, without ".."');
    // Asks for more than it shows: sensitive, ignored and escaping files are dropped afterwards.
    const found = (await this.workspaceFiles(pattern, MAX_FOUND_FILES * 5)).map((f) => f.rel).sort();
    const more = found.length > MAX_FOUND_FILES ? `\n… and ${found.length - MAX_FOUND_FILES} more; narrow the pattern` : '';
    return found.length === 0 ? `No files match ${pattern}` : found.slice(0, MAX_FOUND_FILES).join('\n') + more;
  }

  /**
   * Files the search tools may offer the model: matched by `include`, minus `files.exclude`, build and
   * dependency folders, `.gitignore`d files, sensitive files, and links that lead outside or nowhere.
   */
  private async workspaceFiles(include: string, max: number): Promise<WorkspaceFile[]> {
    const files: WorkspaceFile[] = [];
    for (const root of this.roots()) {
      const exclude = excludeGlob(root.folder);
      const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(root.folder, include), exclude, max);
      const ignored = await this.gitignored(root, exclude);
      const kept = uris.filter((uri) => !ignored(path.relative(root.fsPath, uri.fsPath).split(path.sep).join('/')));
      // The gate judges each file by every name it has (relative, absolute, real), so a `.git` or home
      // folder added as a root does not hide `config` or `gh/hosts.yml` behind a harmless relative name.
      const verdicts = await this.gate.judgeMany('tool', kept);
      for (const [i, uri] of kept.entries()) {
        if (verdicts[i].sensitive || !verdicts[i].inWorkspace) continue;
        const confined = await confinePath(uri.fsPath, this.confineOptions([root.fsPath]));
        if (!confined.ok) continue;
        files.push({ rel: verdicts[i].shown, path: confined.path });
      }
    }
    return files;
  }

  /** The folder's `.gitignore` files (and `.git/info/exclude`) as one test. */
  private async gitignored(root: { folder: vscode.WorkspaceFolder; fsPath: string }, exclude: string): Promise<(rel: string) => boolean> {
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(root.folder, '**/.gitignore'), exclude, MAX_IGNORE_FILES);
    const sources = [...uris.map((u) => u.fsPath), path.join(root.fsPath, '.git', 'info', 'exclude')];
    const files: IgnoreFile[] = [];
    for (const source of sources) {
      const confined = await confinePath(source, this.confineOptions([root.fsPath]));
      if (!confined.ok) continue;
      const text = await readHead(confined.path, MAX_READ_BYTES).then(
        (head) => headText(head, MAX_READ_BYTES),
        () => undefined,
      );
      if (text === undefined) continue;
      const dir = path.relative(root.fsPath, path.dirname(source)).split(path.sep).join('/');
      files.push({ dir: dir === '.git/info' ? '' : dir, text });
    }
    return gitignoreFilter(files);
  }

  /** Plain-text search over the files workspaceFiles offers, bounded in files, size, matches and time. */
  private async searchText(query: string, signal: AbortSignal): Promise<string> {
    if (query.trim() === '') throw new Error('the query is empty');
    const needle = query.toLowerCase();
    const deadline = Date.now() + SEARCH_BUDGET_MS;
    const matches: string[] = [];
    let searched = 0;
    let complete = true;
    const files = (await this.workspaceFiles('**/*', MAX_SEARCH_FILES)).sort((a, b) => a.path.localeCompare(b.path));
    for (const file of files) {
      if (signal.aborted || Date.now() > deadline) {
        complete = false;
        break;
      }
      const stat = await fs.stat(file.path).catch(() => undefined);
      if (!stat || stat.size > MAX_SEARCH_FILE_BYTES) continue;
      const text = await readHead(file.path, MAX_SEARCH_FILE_BYTES).then(
        (head) => headText(head, Number.MAX_SAFE_INTEGER),
        () => undefined,
      );
      if (text === undefined) continue;
      searched += 1;
      const lines = text.split('\n');
      for (let i = 0; i < lines.length; i++) {
        if (!lines[i].toLowerCase().includes(needle)) continue;
        matches.push(`${file.rel}:${i + 1}: ${lines[i].trim().slice(0, 200)}`);
        if (matches.length >= MAX_SEARCH_MATCHES) break;
      }
      if (matches.length >= MAX_SEARCH_MATCHES) {
        complete = false;
        break;
      }
    }
    const note = complete ? '' : `\n(stopped after ${matches.length} matches in ${searched} files; narrow the query for more)`;
    return matches.length === 0 ? `No matches for "${query}" in ${searched} files${note}` : matches.join('\n') + note;
  }

  /**
   * A diagnostic's message can quote its file (a parser error shows the line): the problems of one
   * sensitive file are shared only after a card that says so, and the workspace-wide list leaves
   * sensitive files and files outside the usable folders out.
   */
  private async prepareDiagnostics(input: string): Promise<PreparedTool> {
    if (input.trim() === '' || input.trim() === '.') return ready(() => this.workspaceDiagnostics());
    const checked = await this.confine(input);
    const judged = await this.judged(checked, 'diagnostics');
    const run = async () => {
      const p = await this.reconfine(input, checked);
      const lines = diagnosticLines(judged.shown, vscode.languages.getDiagnostics(vscode.Uri.file(p.path)));
      return lines.length === 0 ? `No problems reported for ${judged.shown}` : truncateOutput(lines.join('\n'), MAX_RESULT_CHARS);
    };
    if (!judged.kind) return ready(run);
    return {
      kind: 'ready',
      sensitive: true,
      approval: { summary: `Read the problems reported for ${judged.name}`, warning: readWarning(judged.name, this.service()) },
      run,
    };
  }

  private async workspaceDiagnostics(): Promise<string> {
    const entries = vscode.languages.getDiagnostics().filter(([uri, d]) => uri.scheme === 'file' && d.length > 0);
    const verdicts = await this.gate.judgeMany(
      'diagnostics',
      entries.map(([uri]) => uri),
    );
    const lines: string[] = [];
    let withheld = 0;
    for (const [i, [, diagnostics]] of entries.entries()) {
      const verdict = verdicts[i];
      if (!verdict.inWorkspace) continue;
      if (verdict.sensitive) {
        withheld += 1;
        continue;
      }
      lines.push(...diagnosticLines(verdict.shown, diagnostics));
    }
    const note = withheld > 0 ? `\n(${withheld} sensitive file(s) left out; ask for one by its path to see its problems)` : '';
    if (lines.length === 0) return `No problems reported in the workspace${note}`;
    return truncateOutput(lines.slice(0, 200).join('\n') + note, MAX_RESULT_CHARS);
  }

  /** The selection as it is when the model asks; in a sensitive file it is shared only after approval. */
  private async prepareSelection(): Promise<PreparedTool> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return ready(async () => 'No editor is active.');
    const doc = editor.document;
    const sel = editor.selection;
    let name = doc.isUntitled ? doc.uri.path : doc.fileName;
    let sensitive = false;
    if (doc.uri.scheme === 'file') {
      const confined = await confinePath(doc.uri.fsPath, this.confineOptions());
      const verdict = await this.gate.judge('tool', doc.uri);
      if (!confined.ok || !verdict.inWorkspace)
        throw new Refusal('get_selection: the active editor shows a file outside the workspace folders');
      name = verdict.shown;
      sensitive = (await this.judged(confined)).kind !== undefined;
    } else if (!doc.isUntitled) {
      sensitive = (await this.gate.judge('tool', doc.uri)).sensitive !== undefined;
    }
    const run = async () => {
      if (sel.isEmpty) return `Nothing is selected in ${name} (cursor at line ${sel.active.line + 1}).`;
      const text = truncateOutput(doc.getText(sel), MAX_RESULT_CHARS);
      return `${name}, lines ${sel.start.line + 1}-${sel.end.line + 1} (${doc.languageId}):\n${text}`;
    };
    if (!sensitive || sel.isEmpty) return ready(run);
    return {
      kind: 'ready',
      sensitive: true,
      approval: { summary: `Share the selection in ${name}`, warning: readWarning(name, this.service()) },
      run,
    };
  }

  /**
   * apply_edit, one replacement or several across files: every replacement is checked against the
   * files' texts before the card appears (one that does not match exactly once refuses the whole call),
   * each file gets a diff view and, when several files change, its own approve/deny on the card.
   */
  private async prepareEdit(edits: EditRequest[]): Promise<PreparedTool> {
    const targets = new Map<string, EditTarget>();
    const replacements: PlannedReplacement[] = [];
    const current = new Map<string, string | undefined>();
    for (const edit of edits) {
      const target = await confineWriteTarget(edit.path, undefined, this.confineOptions());
      if (!target.ok) throw new Refusal(`apply_edit: ${target.error}`);
      // Cards and diff titles name the file as the gate shows it: its real absolute path outside the first folder.
      const judged = await this.judged(target);
      const rel = judged.shown;
      if (!targets.has(target.path)) {
        const uri = vscode.Uri.file(target.path);
        const stat = await fs.stat(target.path).catch(() => undefined);
        if (stat?.isDirectory()) throw new Refusal(`apply_edit: ${rel} is a directory`);
        current.set(target.path, stat ? await documentText(uri) : undefined);
        targets.set(target.path, { input: edit.path, target, rel, uri, kind: judged.kind });
      }
      replacements.push({ key: target.path, rel, oldText: edit.oldText, newText: edit.newText });
    }
    const planned = plan(current, replacements);
    const files = planned.map((f) => ({ ...targets.get(f.key)!, planned: f, edits: replacements.filter((r) => r.key === f.key) }));
    const previews = await Promise.all(
      files.map((f) => this.proposals.show(f.planned.before === undefined ? undefined : f.uri, f.rel, f.planned.after)),
    );
    const closePreviews = () => Promise.all(previews.map((p) => this.proposals.close(p)));
    return {
      kind: 'ready',
      approval: files.length === 1 ? this.singleFileApproval(files[0]) : multiFileApproval(files),
      run: async (_signal, context) => {
        try {
          const approved = files.filter((_, i) => context?.approvedFiles?.includes(i) ?? true);
          const declined = files.filter((f) => !approved.includes(f));
          // After the click: each file still the approved real file, not a link swapped in since.
          for (const f of approved) {
            const now = await confineWriteTarget(f.input, f.target.path, this.confineOptions());
            if (!now.ok) throw new Error(now.error);
          }
          const written = await applyEdits(approved.map((f) => ({ uri: f.uri, rel: f.rel, edits: f.edits })));
          await this.checkpoints?.recordEdit(context, written);
          const applied = written.map((w) => resultLine(w.rel, w.before, w.after));
          if (declined.length > 0) applied.push(`Not applied (the user declined): ${declined.map((f) => f.rel).join(', ')}.`);
          return applied.join('\n');
        } finally {
          await closePreviews();
        }
      },
      discard: () => void closePreviews(),
    };
  }

  /** One file, as the card always showed it: "Always" may cover this one file in this chat, never a sensitive one. */
  private singleFileApproval(file: PlannedTarget): ToolApproval {
    const { summary, detail } = fileChange(file);
    return file.kind
      ? { summary, detail, warning: editWarning(file.kind, file.rel) }
      : { summary, detail, alwaysScope: this.scopeOf(file.target) };
  }

  /** What "Always" covers for an edit: the file's workspace-relative path (its real path when several folders are open). */
  private scopeOf(p: Confined): string {
    return this.roots().length > 1 ? p.path : this.rel(p);
  }

  private async prepareCommand(command: string): Promise<PreparedTool> {
    if (!vscode.workspace.isTrusted) {
      throw new Refusal('run_command is unavailable: this workspace is not trusted (Restricted Mode), so Tandem runs no commands in it');
    }
    if (command.trim() === '') throw new Refusal('run_command: the command is empty');
    const root = this.roots()[0];
    if (!root) throw new Refusal('run_command: no workspace folder is open');
    // Judged for the shell the terminal runs; a command that may run git, also against the git folder.
    const gitRisks = mayRunGit(command) ? gitDirRisks(await gitDirFacts(root.fsPath)) : [];
    // A word of the command is judged by the gate as the file it names in the folder it runs in (real path too).
    const isSensitive = (p: string) => this.gate.judgeNow('tool', vscode.Uri.file(path.resolve(root.fsPath, p))).sensitive !== undefined;
    const context = { rules: this.commandRules(), isSensitive, shell: this.terminal.shell, gitRisks };
    return {
      kind: 'ready',
      ...preparedCommand(command, root.folder.name, context),
      run: (signal) => this.terminal.run(root.fsPath, command, signal),
    };
  }
}

/** A refused call: the message goes to the model as the tool's result. */
class Refusal extends Error {}

function ready(run: (signal: AbortSignal) => Promise<string>): PreparedTool {
  return { kind: 'ready', run };
}

/**
 * The exclude for workspace.findFiles: the build and dependency folders plus the folder's
 * `files.exclude`, merged in because the API documents that an exclude of our own replaces that default.
 */
export function excludeGlob(folder: vscode.WorkspaceFolder): string {
  const filesExclude = vscode.workspace.getConfiguration('files', folder.uri).get<Record<string, unknown>>('exclude') ?? {};
  // Entries with a `when` clause depend on sibling files; they are not expressible here and are left out.
  return unionGlob([EXCLUDE, ...Object.keys(filesExclude).filter((glob) => filesExclude[glob] === true)]);
}

async function statOf(p: string): Promise<vscode.FileStat | undefined> {
  return vscode.workspace.fs.stat(vscode.Uri.file(p)).then(
    (s) => s,
    () => undefined,
  );
}

/** An open document's text wins over the disk: it is what the user sees. */
async function documentText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  return Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
}

/** The replacements applied in memory, a refusal for the model when one does not match exactly once. */
function plan(current: ReadonlyMap<string, string | undefined>, replacements: readonly PlannedReplacement[]): PlannedFile[] {
  try {
    return planEdits(current, replacements);
  } catch (error) {
    if (error instanceof EditPlanError) throw new Refusal(`apply_edit: ${error.message}`);
    throw error;
  }
}

/**
 * Writes the approved files in one WorkspaceEdit, after applying the replacements again to the texts as
 * they are now (they may have changed while the user looked at the diffs): if one no longer matches,
 * nothing is written. Returns each file's text before and after, for the checkpoint.
 */
async function applyEdits(files: ReadonlyArray<{ uri: vscode.Uri; rel: string; edits: PlannedReplacement[] }>): Promise<WrittenFile[]> {
  const current = new Map<string, string | undefined>();
  const docs = new Map<string, vscode.TextDocument>();
  for (const f of files) {
    if ((await statOf(f.uri.fsPath)) === undefined) {
      current.set(f.uri.fsPath, undefined);
      continue;
    }
    const doc = await vscode.workspace.openTextDocument(f.uri);
    docs.set(f.uri.fsPath, doc);
    current.set(f.uri.fsPath, doc.getText());
  }
  let planned: PlannedFile[];
  try {
    planned = planEdits(
      current,
      files.flatMap((f) => f.edits.map((e) => ({ ...e, key: f.uri.fsPath }))),
    );
  } catch (error) {
    throw new Error(`apply_edit: ${error instanceof Error ? error.message : String(error)}`);
  }
  const edit = new vscode.WorkspaceEdit();
  for (const p of planned) {
    const uri = vscode.Uri.file(p.key);
    const doc = docs.get(p.key);
    if (!doc) edit.createFile(uri, { contents: Buffer.from(p.after, 'utf8') });
    else edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), p.after);
  }
  const names = planned.map((p) => p.rel).join(', ');
  if (!(await vscode.workspace.applyEdit(edit))) {
    throw new Error(
      planned.length === 1 && !docs.has(planned[0].key)
        ? `VS Code could not create ${names}`
        : `VS Code could not apply the edit to ${names}`,
    );
  }
  for (const doc of docs.values()) await doc.save();
  return planned.map((p) => ({ path: p.key, rel: p.rel, before: p.before, after: p.after }));
}

/** What the model reads back for one written file. */
function resultLine(rel: string, before: string | undefined, after: string): string {
  return before === undefined
    ? `Created ${rel} (${lineCount(after)} lines).`
    : `Applied the edit to ${rel} (${lineCount(after)} lines now).`;
}

interface EditTarget {
  input: string;
  target: Confined;
  rel: string;
  uri: vscode.Uri;
  kind: SensitiveKind | undefined;
}

interface PlannedTarget extends EditTarget {
  planned: PlannedFile;
  edits: PlannedReplacement[];
}

/** A file's summary line and the diff lines the card shows. The card is saved with the chat: a sensitive file's current text does not go into it. */
function fileChange(file: PlannedTarget): { summary: string; detail: string } {
  const { rel, planned, edits, kind } = file;
  const current = planned.before;
  const only = edits.length === 1 ? edits[0] : undefined;
  const summary =
    current === undefined
      ? `Create ${rel} (${lineCount(planned.after)} lines)`
      : only && only.oldText === ''
        ? `Replace all of ${rel} (${lineCount(current)} → ${lineCount(planned.after)} lines)`
        : only
          ? `Edit ${rel}: replace ${lineCount(only.oldText)} line(s) with ${lineCount(only.newText)} line(s)`
          : `Edit ${rel}: ${edits.length} replacements (${lineCount(current)} → ${lineCount(planned.after)} lines)`;
  const detail = edits
    .map((e) => {
      const replaced = e.oldText === '' ? (current ?? '') : e.oldText;
      return kind && e.oldText === '' && current
        ? `- (the current ${lineCount(current)} lines are not shown: the file may hold secrets)\n${diffText('', e.newText)}`
        : diffText(replaced, e.newText);
    })
    .join('\n');
  return { summary, detail: truncateOutput(detail, 4000) };
}

/** Several files: one line per file, approved one by one; no "Always", a multi-file edit always asks. */
function multiFileApproval(files: readonly PlannedTarget[]): ToolApproval {
  const changes = files.map(fileChange);
  const count = files.reduce((n, f) => n + f.edits.length, 0);
  const warnings = files.filter((f) => f.kind).map((f) => editWarning(f.kind!, f.rel));
  const detail = truncateOutput(files.map((f, i) => `${f.rel}\n${changes[i].detail}`).join('\n\n'), 8000);
  return {
    summary: `Edit ${files.length} files (${count} replacements)`,
    detail,
    ...(warnings.length > 0 ? { warning: warnings.join('\n') } : {}),
    files: files.map((f, i) => ({
      path: f.rel,
      summary: changes[i].summary,
      ...(f.kind ? { warning: editWarning(f.kind, f.rel) } : {}),
    })),
  };
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** One line per diagnostic, `path:line:column severity: message (source)`. */
function diagnosticLines(shown: string, diagnostics: readonly vscode.Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const source = d.source ? ` (${d.source})` : '';
    return `${shown}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severity(d.severity)}: ${d.message}${source}`;
  });
}

/** What the approval card shows: the lines that go and the lines that come. */
function diffText(oldText: string, newText: string): string {
  const minus =
    oldText === ''
      ? []
      : oldText
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => `- ${l}`);
  const plus =
    newText === ''
      ? []
      : newText
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => `+ ${l}`);
  return [...minus, ...plus].join('\n');
}

function severity(s: vscode.DiagnosticSeverity): string {
  switch (s) {
    case vscode.DiagnosticSeverity.Error:
      return 'error';
    case vscode.DiagnosticSeverity.Warning:
      return 'warning';
    case vscode.DiagnosticSeverity.Information:
      return 'info';
    default:
      return 'hint';
  }
}
