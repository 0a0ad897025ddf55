import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FunctionTool } from '../../core/chatTypes';
import type { PreparedTool, ToolHost } from '../../core/chat/toolHost';
import { confinePath, displayPath, type ConfinedPath } from '../../core/tools/pathConfinement';
import { parseToolArgs, stringArg, ToolArgumentError, truncateOutput } from '../../core/tools/toolArgs';
import { chatTools } from '../../core/tools/toolDefinitions';
import type { ProposedEdits } from './proposedEdits';
import { runInTerminal, TandemTerminal } from './terminalRunner';

const MAX_RESULT_CHARS = 60_000;
const MAX_LIST_ENTRIES = 500;
const MAX_FOUND_FILES = 200;
const MAX_SEARCH_FILES = 5000;
const MAX_SEARCH_MATCHES = 100;
const MAX_SEARCH_FILE_BYTES = 1024 * 1024;
const SEARCH_BUDGET_MS = 5000;
const EXCLUDE = '**/{node_modules,.git,dist,out,.cache}/**';

type Confined = Extract<ConfinedPath, { ok: true }>;

/** The chat's tools over the VS Code API; every path goes through confinePath first. */
export class WorkspaceTools implements ToolHost {
  private readonly terminal = new TandemTerminal();

  constructor(private readonly proposals: ProposedEdits) {}

  definitions(): FunctionTool[] {
    return chatTools({ trusted: vscode.workspace.isTrusted });
  }

  async prepare(call: { name: string; args: string }): Promise<PreparedTool> {
    try {
      const args = parseToolArgs(call.args);
      switch (call.name) {
        case 'read_file':
          return ready(await this.confine(stringArg(args, 'path')), (p) => this.readFile(p));
        case 'list_directory':
          return ready(await this.confine(stringArg(args, 'path')), (p) => this.listDirectory(p));
        case 'find_files':
          return ready(undefined, () => this.findFiles(stringArg(args, 'pattern')));
        case 'search_text':
          return ready(undefined, (_p, signal) => this.searchText(stringArg(args, 'query'), signal));
        case 'get_diagnostics': {
          const target = stringArg(args, 'path', { optional: true });
          return ready(target.trim() === '' || target.trim() === '.' ? undefined : await this.confine(target), (p) => this.diagnostics(p));
        }
        case 'get_selection':
          return ready(undefined, () => this.selection());
        case 'apply_edit':
          return await this.prepareEdit(await this.confine(stringArg(args, 'path')), stringArg(args, 'old_text'), stringArg(args, 'new_text'));
        case 'run_command':
          return this.prepareCommand(stringArg(args, 'command'));
        default:
          return { kind: 'refused', error: `unknown tool "${call.name}"` };
      }
    } catch (error) {
      if (error instanceof ToolArgumentError) return { kind: 'refused', error: `${call.name}: ${error.message}` };
      if (error instanceof Refusal) return { kind: 'refused', error: error.message };
      throw error;
    }
  }

  private roots(): Array<{ folder: vscode.WorkspaceFolder; fsPath: string }> {
    return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((folder) => ({ folder, fsPath: folder.uri.fsPath }));
  }

  private async confine(input: string): Promise<Confined> {
    const result = await confinePath(input, { roots: this.roots().map((r) => r.fsPath), realpath: (p) => fs.realpath(p), lstat: (p) => fs.lstat(p) });
    if (!result.ok) throw new Refusal(result.error);
    return result;
  }

  private rel(p: Confined): string {
    return displayPath(p);
  }

  private async readFile(p: Confined): Promise<string> {
    const stat = await statOf(p.path);
    if (!stat) throw new Error(`${this.rel(p)} does not exist`);
    if (stat.type & vscode.FileType.Directory) throw new Error(`${this.rel(p)} is a directory; use list_directory`);
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(p.path));
    if (isBinary(bytes)) throw new Error(`${this.rel(p)} is a binary file`);
    return truncateOutput(Buffer.from(bytes).toString('utf8'), MAX_RESULT_CHARS);
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
    if (pattern.split(/[\\/]/).includes('..') || path.isAbsolute(pattern)) throw new Error('the pattern must be relative to the workspace, without ".."');
    const found: string[] = [];
    for (const root of this.roots()) {
      const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(root.folder, pattern), EXCLUDE, MAX_FOUND_FILES);
      for (const uri of uris) found.push(path.relative(root.fsPath, uri.fsPath).split(path.sep).join('/'));
    }
    found.sort();
    return found.length === 0 ? `No files match ${pattern}` : found.slice(0, MAX_FOUND_FILES).join('\n');
  }

  /** Plain-text search over workspace.findFiles, bounded in files, size, matches and time. */
  private async searchText(query: string, signal: AbortSignal): Promise<string> {
    if (query.trim() === '') throw new Error('the query is empty');
    const needle = query.toLowerCase();
    const deadline = Date.now() + SEARCH_BUDGET_MS;
    const matches: string[] = [];
    let searched = 0;
    let complete = true;
    outer: for (const root of this.roots()) {
      const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(root.folder, '**/*'), EXCLUDE, MAX_SEARCH_FILES);
      uris.sort((a, b) => a.fsPath.localeCompare(b.fsPath));
      for (const uri of uris) {
        if (signal.aborted || Date.now() > deadline) {
          complete = false;
          break outer;
        }
        // Symlinked files may lead outside the workspace; they are skipped like any refused path.
        const confined = await confinePath(uri.fsPath, { roots: [root.fsPath], realpath: (p) => fs.realpath(p), lstat: (p) => fs.lstat(p) });
        if (!confined.ok) continue;
        const stat = await statOf(uri.fsPath);
        if (!stat || stat.size > MAX_SEARCH_FILE_BYTES) continue;
        const bytes = await vscode.workspace.fs.readFile(uri).then((b) => b, () => undefined);
        if (!bytes || isBinary(bytes)) continue;
        searched += 1;
        const rel = path.relative(root.fsPath, uri.fsPath).split(path.sep).join('/');
        const lines = Buffer.from(bytes).toString('utf8').split('\n');
        for (let i = 0; i < lines.length; i++) {
          if (!lines[i].toLowerCase().includes(needle)) continue;
          matches.push(`${rel}:${i + 1}: ${lines[i].trim().slice(0, 200)}`);
          if (matches.length >= MAX_SEARCH_MATCHES) {
            complete = false;
            break outer;
          }
        }
      }
    }
    const note = complete ? '' : `\n(stopped after ${matches.length} matches in ${searched} files; narrow the query for more)`;
    return matches.length === 0 ? `No matches for "${query}" in ${searched} files${note}` : matches.join('\n') + note;
  }

  private async diagnostics(p: Confined | undefined): Promise<string> {
    const roots = this.roots().map((r) => r.fsPath);
    const entries: Array<[vscode.Uri, readonly vscode.Diagnostic[]]> = p
      ? [[vscode.Uri.file(p.path), vscode.languages.getDiagnostics(vscode.Uri.file(p.path))]]
      : vscode.languages.getDiagnostics().filter(([uri]) => uri.scheme === 'file' && roots.some((r) => !path.relative(r, uri.fsPath).startsWith('..')));
    const lines: string[] = [];
    for (const [uri, diagnostics] of entries) {
      const root = roots.find((r) => !path.relative(r, uri.fsPath).startsWith('..')) ?? '';
      const rel = path.relative(root, uri.fsPath).split(path.sep).join('/');
      for (const d of diagnostics) {
        const source = d.source ? ` (${d.source})` : '';
        lines.push(`${rel}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severity(d.severity)}: ${d.message}${source}`);
      }
    }
    if (lines.length === 0) return p ? `No problems reported for ${this.rel(p)}` : 'No problems reported in the workspace';
    return truncateOutput(lines.slice(0, 200).join('\n'), MAX_RESULT_CHARS);
  }

  private async selection(): Promise<string> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return 'No editor is active.';
    const doc = editor.document;
    let name = doc.isUntitled ? doc.uri.path : doc.fileName;
    if (doc.uri.scheme === 'file') {
      const confined = await confinePath(doc.uri.fsPath, { roots: this.roots().map((r) => r.fsPath), realpath: (p) => fs.realpath(p), lstat: (p) => fs.lstat(p) });
      if (!confined.ok) throw new Error('the active editor shows a file outside the workspace folders');
      name = displayPath(confined);
    }
    const sel = editor.selection;
    if (sel.isEmpty) return `Nothing is selected in ${name} (cursor at line ${sel.active.line + 1}).`;
    const text = truncateOutput(doc.getText(sel), MAX_RESULT_CHARS);
    return `${name}, lines ${sel.start.line + 1}-${sel.end.line + 1} (${doc.languageId}):\n${text}`;
  }

  private async prepareEdit(p: Confined, oldText: string, newText: string): Promise<PreparedTool> {
    const rel = this.rel(p);
    const uri = vscode.Uri.file(p.path);
    const stat = await statOf(p.path);
    if (stat && stat.type & vscode.FileType.Directory) throw new Refusal(`apply_edit: ${rel} is a directory`);
    const current = stat ? await documentText(uri) : undefined;
    const proposed = applyReplacement(rel, current, oldText, newText);
    const preview = await this.proposals.show(current === undefined ? undefined : uri, rel, proposed);
    const summary =
      current === undefined
        ? `Create ${rel} (${lineCount(proposed)} lines)`
        : oldText === ''
          ? `Replace all of ${rel} (${lineCount(current)} → ${lineCount(proposed)} lines)`
          : `Edit ${rel}: replace ${lineCount(oldText)} line(s) with ${lineCount(newText)} line(s)`;
    const detail = truncateOutput(diffText(oldText === '' ? (current ?? '') : oldText, newText), 4000);
    return {
      kind: 'ready',
      approval: { summary, detail },
      run: async () => {
        try {
          return await applyEdit(uri, rel, oldText, newText);
        } finally {
          await this.proposals.close(preview);
        }
      },
      discard: () => void this.proposals.close(preview),
    };
  }

  private prepareCommand(command: string): PreparedTool {
    if (!vscode.workspace.isTrusted) {
      throw new Refusal('run_command is unavailable: this workspace is not trusted (Restricted Mode), so Tandem runs no commands in it');
    }
    if (command.trim() === '') throw new Refusal('run_command: the command is empty');
    const root = this.roots()[0];
    if (!root) throw new Refusal('run_command: no workspace folder is open');
    return {
      kind: 'ready',
      approval: { summary: `Run \`${command}\` in a terminal`, detail: `Working directory: ${root.folder.name} (workspace root)\nThe command runs in the VS Code terminal "Tandem".` },
      run: (signal) => runInTerminal(this.terminal.get(root.fsPath), command, signal),
    };
  }
}

/** A refused call: the message goes to the model as the tool's result. */
class Refusal extends Error {}

function ready(p: Confined | undefined, run: (p: Confined, signal: AbortSignal) => Promise<string>): PreparedTool {
  return { kind: 'ready', run: (signal) => run(p as Confined, signal) };
}

async function statOf(p: string): Promise<vscode.FileStat | undefined> {
  return vscode.workspace.fs.stat(vscode.Uri.file(p)).then((s) => s, () => undefined);
}

/** An open document's text wins over the disk: it is what the user sees. */
async function documentText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  return Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
}

function applyReplacement(rel: string, current: string | undefined, oldText: string, newText: string): string {
  if (oldText === '') return newText;
  if (current === undefined) throw new Refusal(`apply_edit: ${rel} does not exist; to create it, pass old_text ""`);
  const count = current.split(oldText).length - 1;
  if (count === 0) throw new Refusal(`apply_edit: old_text was not found in ${rel}; read the file again and copy the text exactly`);
  if (count > 1) throw new Refusal(`apply_edit: old_text occurs ${count} times in ${rel}; include more surrounding lines so it is unique`);
  return current.replace(oldText, () => newText);
}

async function applyEdit(uri: vscode.Uri, rel: string, oldText: string, newText: string): Promise<string> {
  const exists = (await statOf(uri.fsPath)) !== undefined;
  const edit = new vscode.WorkspaceEdit();
  if (!exists) {
    edit.createFile(uri, { contents: Buffer.from(newText, 'utf8') });
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code could not create ${rel}`);
    return `Created ${rel} (${lineCount(newText)} lines).`;
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  // Re-applied to the text as it is now, in case it changed while the user looked at the diff.
  const next = applyReplacement(rel, doc.getText(), oldText, newText);
  edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), next);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code could not apply the edit to ${rel}`);
  await doc.save();
  return `Applied the edit to ${rel} (${lineCount(next)} lines now).`;
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** What the approval card shows: the lines that go and the lines that come. */
function diffText(oldText: string, newText: string): string {
  const minus = oldText === '' ? [] : oldText.replace(/\n$/, '').split('\n').map((l) => `- ${l}`);
  const plus = newText === '' ? [] : newText.replace(/\n$/, '').split('\n').map((l) => `+ ${l}`);
  return [...minus, ...plus].join('\n');
}

function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
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
