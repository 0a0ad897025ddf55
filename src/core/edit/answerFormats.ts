// Reads a model's raw answer into one of the shapes models actually send, whatever was asked for:
// search/replace blocks (Aider's `<<<<<<< SEARCH` / `=======` / `>>>>>>> REPLACE`), a unified diff, or the
// rewritten code in a markdown fence with prose around it (or bare, with no fence at all).
import { answerLines, COMMENT_LINE, FENCE_OPEN, leadingWhitespace, trimBlankEnds } from './editText';
import { answerOf } from './modelMarkup';
import type { ReplaceBlock } from './replaceBlock';
import { toolCallEdits } from './toolCallEdits';
import { xmlToolCall } from './xmlToolCalls';

export interface Fence {
  language: string;
  lines: string[];
  closed: boolean;
}

export type ParsedAnswer =
  | { format: 'searchReplace'; blocks: ReplaceBlock[]; complete: boolean }
  /** `complete`: false when its fence was never closed (the stream was cut). */
  | { format: 'unifiedDiff'; hunks: ReplaceBlock[]; complete: boolean }
  /** Lines to put before a 1-based line of the file (Roo Code's `insert_content`). */
  | { format: 'insert'; line: number; lines: string[] }
  /** A tool call that edits nothing (reads a file, runs a command), or one cut off before its end. */
  | { format: 'toolCall'; truncated?: boolean }
  /** `prose`: the answer's lines outside its fences, when it has any. */
  | { format: 'wholeBlock'; fences: Fence[]; bare: string[]; prose: string[] };

// Aider's markers, and Cline's (`------- SEARCH` / `+++++++ REPLACE`).
const SEARCH_START = /^\s*(<{5,9}\s*(SEARCH|ORIGINAL)?|-{5,9}\s*SEARCH)\s*$/i;
const DIVIDER = /^\s*={5,9}\s*$/;
const REPLACE_END = /^\s*(>{5,9}\s*(REPLACE|UPDATED)?|\+{5,9}\s*REPLACE)\s*$/i;
// Unified diff headers, bare `@@` ones, and apply_patch's (Codex) `@@ <the line the hunk is under>`.
const HUNK_HEADER = /^@@( -\d+(,\d+)? \+\d+(,\d+)? @@.*| .*@@.*|(@@?)?\s*| \S.*)$/;
/** apply_patch's envelope: `*** Begin Patch`, `*** Update File: …`, `*** End of File`, `*** End Patch`. */
const PATCH_ENVELOPE = /^\*\*\* (Begin Patch|End Patch|End of File|Update File: .*)\s*$/;
/** Lines that only mark a merge or an edit block; code that contains them is an answer format gone wrong. */
export const MARKER_LINE = /^\s*(<{7}|={7}|>{7}|-{7}\s*SEARCH|\+{7}\s*REPLACE)/;

export function parseAnswer(raw: string): ParsedAnswer {
  // Before unescaping: a tool call's JSON has escapes of its own.
  const text = answerOf(raw);
  const calls = xmlToolCall(text) ?? toolCallEdits(text);
  if (calls.kind === 'edits') return { format: 'searchReplace', blocks: calls.blocks, complete: true };
  if (calls.kind === 'code')
    return { format: 'wholeBlock', fences: [{ language: '', lines: calls.lines, closed: true }], bare: [], prose: [] };
  if (calls.kind === 'insert') return { format: 'insert', line: calls.line, lines: calls.lines };
  if (calls.kind === 'notAnEdit') return { format: 'toolCall' };
  if (calls.kind === 'truncated') return { format: 'toolCall', truncated: true };
  const lines = answerLines(answerOf(unescaped(raw)));
  if (lines.some((l) => OLD_TEXT.test(l))) return parseTaggedEdits(lines);
  if (lines.some((l) => SEARCH_START.test(l)) && lines.some((l) => DIVIDER.test(l))) return parseSearchReplace(lines);
  const { fences, prose } = parseFences(lines);
  const diffFence = fences.find((f) => /^(diff|patch|udiff)$/i.test(f.language));
  const fencedDiff = diffFence ?? (fences.length === 1 && markedAsDiff(fences[0]) ? fences[0] : undefined);
  if (fencedDiff) return { format: 'unifiedDiff', hunks: parseDiff(fencedDiff.lines, true), complete: fencedDiff.closed };
  if (looksLikeDiff(lines, fences)) {
    const source = fences.length === 1 && looksLikeDiff(fences[0].lines, []) ? fences[0].lines : lines;
    return { format: 'unifiedDiff', hunks: parseDiff(source, false), complete: true };
  }
  return { format: 'wholeBlock', fences, bare: codeOf(trimBlankEnds(lines)), prose };
}

/** A path alone on a line (Void puts the file's path first in the block): `src/app/main.ts`. */
const BARE_PATH = /^\s*[\w.-]+(\/[\w.-]+)+\.\w+\s*$/;
/** Output tags a tool asks its model to wrap the code in (Cody's `<CODE5711>`, Void's `<SELECTION>`). */
const WRAPPER_OPEN = /^(\s*)<([A-Z][A-Z0-9_]*)>/;

/**
 * The code of a block without what tools and models wrap it in: a first line naming the file
 * (Copilot's `// filepath: src/a.ts`, Void's bare path), a stray backtick line right after the fence,
 * output tags around the code (on lines of their own or on its first and last lines), and line numbers
 * copied from a file view.
 */
function codeOf(block: readonly string[]): string[] {
  let lines = [...block];
  if (/^\s*`{1,2}\s*$/.test(lines[0] ?? '')) lines.shift();
  if (FILEPATH_LINE.test(lines[0] ?? '') || BARE_PATH.test(lines[0] ?? '')) lines.shift();
  const first = lines.findIndex((l) => l.trim() !== '');
  const last = lines.length - 1 - [...lines].reverse().findIndex((l) => l.trim() !== '');
  const tag = first >= 0 ? WRAPPER_OPEN.exec(lines[first]) : null;
  const close = tag && new RegExp(`</${tag[2]}>\\s*$`);
  if (tag && close!.test(lines[last])) {
    lines[last] = lines[last].replace(close!, '');
    lines[first] = tag[1] + lines[first].slice(tag[0].length);
    lines = trimBlankEnds(lines);
  } else if (first >= 0 && SWE_EDIT_OPEN.test(lines[first]) && SWE_EDIT_END.test(lines[last])) {
    // SWE-agent's edit command: its line numbers are as unreliable as a diff's; the text is the block.
    lines = lines.slice(first + 1, last);
  }
  return withoutLineNumbers(lines);
}

/** SWE-agent's edit command: `edit <start>:<end>`, the lines that replace that range, then `end_of_edit`. */
const SWE_EDIT_OPEN = /^\s*edit\s+\d+:\d+\s*$/;
const SWE_EDIT_END = /^\s*end_of_edit\s*$/;

// Zed's edit format: `<old_text>` … `</old_text>` then `<new_text>` … `</new_text>`, in `<edits>`. Models
// often close the new text with `</edits>` or start the next `<old_text>` without closing it.
const OLD_TEXT = /^\s*<old_text>/;
const TAG_LINE = /^\s*<\/?(old_text|new_text|edits)>\s*$/;

function parseTaggedEdits(lines: readonly string[]): ParsedAnswer {
  const blocks: ReplaceBlock[] = [];
  let state: 'outside' | 'old' | 'between' | 'new' = 'outside';
  let current: ReplaceBlock = { search: [], replace: [] };
  const endNew = () => {
    blocks.push(current);
    state = 'outside';
  };
  for (const line of lines) {
    const tag = TAG_LINE.exec(line)?.[0].trim();
    if (tag === '<old_text>') {
      if (state === 'new') endNew();
      current = { search: [], replace: [] };
      state = 'old';
    } else if (tag === '</old_text>' && state === 'old') state = 'between';
    else if (tag === '<new_text>' && state === 'between') state = 'new';
    else if ((tag === '</new_text>' || tag === '</edits>') && state === 'new') endNew();
    else if (state === 'old') current.search.push(line);
    else if (state === 'new') current.replace.push(line);
  }
  return { format: 'searchReplace', blocks, complete: state === 'outside' };
}

/**
 * An answer that arrived as one string literal (a model or a tool that JSON-escaped it): one line with
 * escaped line breaks in it. Its escapes are decoded; an answer with real line breaks is left alone.
 */
function unescaped(raw: string): string {
  // A `\n` a sentence quotes in backticks ("copes with `\r\n` endings") is prose about escapes, not one.
  const escapes = raw.replace(/(?<!`)`[^`\n]+`(?!`)/g, '').match(/\\n/g)?.length ?? 0;
  if (raw.trim().includes('\n') || escapes < 2) return raw;
  const decoded: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', "'": "'", '\\': '\\' };
  return raw.replace(/\\([ntr"'\\])/g, (_, ch: string) => decoded[ch]);
}

function parseSearchReplace(lines: readonly string[]): ParsedAnswer {
  const blocks: ReplaceBlock[] = [];
  let state: 'outside' | 'search' | 'replace' = 'outside';
  let current: ReplaceBlock = { search: [], replace: [] };
  let divider = '';
  for (const line of lines) {
    if (state === 'outside') {
      if (SEARCH_START.test(line)) {
        state = 'search';
        current = { search: [], replace: [] };
      }
    } else if (state === 'search') {
      if (DIVIDER.test(line)) {
        state = 'replace';
        divider = line;
      } else current.search.push(line);
    } else if (DIVIDER.test(line) && current.replace.length === 0) {
      // Two dividers in a row (a habit of some models): one empty section is no text.
      continue;
    } else if (REPLACE_END.test(line)) {
      blocks.push(withSplits(current, divider));
      state = 'outside';
    } else if (SEARCH_START.test(line)) {
      // A missing REPLACE marker before the next block: the replace section ends here.
      blocks.push(withSplits(current, divider));
      state = 'search';
      current = { search: [], replace: [] };
    } else {
      current.replace.push(line);
    }
  }
  return { format: 'searchReplace', blocks, complete: state === 'outside' };
}

function withSplits(block: ReplaceBlock, divider: string): ReplaceBlock {
  const body = [...block.search, divider, ...block.replace];
  const otherReadings: ReplaceBlock[] = [];
  for (let at = block.search.length + 1; at < body.length; at++) {
    if (DIVIDER.test(body[at])) otherReadings.push(withoutRooMarks({ search: body.slice(0, at), replace: body.slice(at + 1) }));
  }
  return { ...withoutRooMarks(deletion(block)), ...(otherReadings.length > 0 ? { otherReadings } : {}) };
}

/** A REPLACE of blank lines only under a SEARCH of code: the model's way to delete it, not to leave a gap. */
function deletion(block: ReplaceBlock): ReplaceBlock {
  return block.replace.length > 0 && block.replace.every((l) => l.trim() === '') && !block.search.some((l) => l.trim() === '')
    ? { ...block, replace: [] }
    : block;
}

/**
 * Roo Code's additions to a SEARCH/REPLACE block: a `:start_line:` header (and `:end_line:`) closed by
 * `-------`, and its file view's `NNN | ` line numbers copied into the text. Neither is the file's text.
 */
function withoutRooMarks(block: ReplaceBlock): ReplaceBlock {
  let search = block.search;
  let header = 0;
  while (header < search.length && /^\s*:(start|end)_line:\s*\d+\s*$/.test(search[header])) header++;
  if (header > 0 && /^\s*-{3,}\s*$/.test(search[header] ?? '')) header++;
  search = search.slice(header);
  if (!numbered(search) || !(block.replace.length === 0 || numbered(block.replace))) return { search, replace: block.replace };
  return { search: withoutLineNumbers(search), replace: withoutLineNumbers(block.replace) };
}

/**
 * Line numbers of a tool's file view copied into the code: Roo Code's `12 | `, Claude Code's `    12→`,
 * `cat -n`'s `12<tab>`. Taken as such only when every line has them in one style, counting up.
 */
const LINE_NUMBER = /^\s*(\d+)( \| ?|→|\t)/;

function numbered(lines: readonly string[]): boolean {
  const marks = lines.filter((l) => l.trim() !== '').map((l) => LINE_NUMBER.exec(l));
  if (marks.length === 0 || marks.some((m) => !m || m[2].trim() !== marks[0]![2].trim())) return false;
  return marks.every((m, i) => i === 0 || Number(m![1]) > Number(marks[i - 1]![1]));
}

function withoutLineNumbers(lines: readonly string[]): string[] {
  return numbered(lines) ? lines.map((l) => l.replace(LINE_NUMBER, '')) : [...lines];
}

const FILEPATH_LINE = /^\s*(\/\/|#|--|<!--|\/\*)\s*(filepath|file):\s*\S+\s*(-->|\*\/)?\s*$/i;

/** Tags that hold code on the lines between them: bolt.new's `<boltAction type="file">`, Claude's `<antArtifact language="js">`. */
const TAGGED_OPEN = /^\s*<(boltAction|antArtifact)\b([^>]*)>\s*$/;

/** A tagged block's language: a bolt.new `file` action holds a file's text, a `shell` one a command. */
function taggedLanguage(tag: string, attributes: string): string {
  const value = (name: string) => new RegExp(`\\b${name}="([\\w+#.-]*)"`).exec(attributes)?.[1] ?? '';
  if (tag === 'antArtifact') return value('language');
  const type = value('type');
  return type === 'file' ? '' : type;
}

function parseFences(lines: readonly string[]): { fences: Fence[]; prose: string[] } {
  const fences: Fence[] = [];
  const prose: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const tagged = TAGGED_OPEN.exec(lines[i]);
    if (tagged) {
      let j = i + 1;
      while (j < lines.length && lines[j].trim() !== `</${tagged[1]}>`) j++;
      fences.push({ language: taggedLanguage(tagged[1], tagged[2]), lines: lines.slice(i + 1, j), closed: j < lines.length });
      i = j;
      continue;
    }
    const open = FENCE_OPEN.exec(lines[i]);
    if (!open) {
      prose.push(lines[i]);
      continue;
    }
    const marker = open[1];
    const char = marker[0] === '`' ? '`' : '~';
    // In a diff, a line that starts with a space, `+` or `-` is the diff's, fence or not (a Markdown file's
    // own ```` ```js ```` as context): only a fence at the line's start closes the block, and none nests.
    const diff = /^(?:diff|patch|udiff)$/i.test(open[2] ?? '');
    const close = new RegExp(`^${diff ? '' : '\\s*'}${char}{${marker.length},}\\s*$`);
    // A fence of the same kind with a language inside opens a nested block (markdown that shows code):
    // its bare closing line closes the nested block, not this one.
    const nestedOpen = diff ? /(?!)/ : new RegExp(`^\\s*${char}{${marker.length},}\\s*[^\\s${char}]`);
    const body: string[] = [];
    let depth = 0;
    let j = i + 1;
    for (; j < lines.length; j++) {
      if (close.test(lines[j])) {
        if (depth === 0) break;
        depth--;
      } else if (nestedOpen.test(lines[j])) {
        // The opening written twice (same language), maybe with a file-name comment between: the block starts again.
        const again = FENCE_OPEN.exec(lines[j])![2] === open[2];
        if (again && depth === 0 && body.length <= 2 && body.every((l) => l.trim() === '' || COMMENT_LINE.test(l))) {
          body.length = 0;
          continue;
        }
        depth++;
      }
      body.push(lines[j]);
    }
    // A fence indented inside a list item: its lines carry the item's indentation (CommonMark strips it).
    const indent = /^ */.exec(lines[i])![0].length;
    const code = body.map((line) => line.slice(Math.min(indent, /^ */.exec(line)![0].length)));
    fences.push({ language: open[2] ?? '', lines: codeOf(code), closed: j < lines.length });
    i = j;
  }
  return { fences, prose: fences.length > 0 ? prose : [] };
}

/**
 * A fence in the file's language whose lines carry a diff's `+`, `-` or space and no headers (models asked
 * to show only what changed): added lines, and kept or removed ones around them. Not where a list's
 * bullets or comments start lines (Markdown, YAML, SQL's `--`).
 */
function markedAsDiff(fence: Fence): boolean {
  const lines = fence.lines.filter((l) => l.trim() !== '');
  return (
    !/^(markdown|md|yaml|yml|text|txt|plaintext|sql)$/i.test(fence.language) &&
    lines.every((l) => /^[ +-]/.test(l)) &&
    lines.some((l) => l.startsWith('+')) &&
    lines.some((l) => /^[ -]/.test(l)) &&
    !lines.some((l) => /^(--|\+\+)/.test(l))
  );
}

function looksLikeDiff(lines: readonly string[], fences: readonly Fence[]): boolean {
  // In apply_patch's envelope a hunk header may name the line the hunk is under: `@@ class Foo:`.
  const envelope = lines.some((l) => /^\*\*\* Begin Patch/.test(l));
  const hunks = lines.filter(
    (l) => /^@@ -\d+(,\d+)? \+\d+(,\d+)? @@/.test(l) || /^@@ .* @@\s*$/.test(l) || /^@@\s*$/.test(l) || (envelope && /^@@ \S/.test(l)),
  ).length;
  if (hunks === 0) return false;
  // A hunk header inside a fence of some other language is code, not a diff.
  // (apply_patch's envelope is a patch in any fence: Codex writes it as a shell heredoc.)
  return !fences.some(
    (f) =>
      f.language !== '' &&
      f.lines.some((l) => l.startsWith('@@')) &&
      !/^(diff|patch)$/i.test(f.language) &&
      !f.lines.some((l) => /^\*\*\* Begin Patch/.test(l)),
  );
}

/** A hunk as written: its context lines whole, since some models leave out their leading space. */
interface RawHunk {
  rows: Array<{ kind: ' ' | '-' | '+'; text: string }>;
}

function parseDiff(lines: readonly string[], wholeIsDiff: boolean): ReplaceBlock[] {
  const hunks: RawHunk[] = [];
  let current: RawHunk | undefined = wholeIsDiff && !lines.some((l) => HUNK_HEADER.test(l)) ? { rows: [] } : undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ')) {
      i++;
      continue;
    }
    if (/^(diff --git |index [0-9a-f]+\.\.)/.test(line) || PATCH_ENVELOPE.test(line)) continue;
    if (HUNK_HEADER.test(line)) {
      if (current?.rows.length) hunks.push(current);
      current = { rows: [] };
      continue;
    }
    if (!current) continue;
    if (line.startsWith('\\')) continue;
    if (line.startsWith('-') || line.startsWith('+')) current.rows.push({ kind: line[0] as '-' | '+', text: line.slice(1) });
    else if (line.startsWith(' ') || line === '') current.rows.push({ kind: ' ', text: line });
    else if (/^(`{3,}|~{3,})/.test(line)) continue;
    else if (changeFollows(lines, i)) {
      // A context line that lost its leading space: the hunk goes on after it.
      current.rows.push({ kind: ' ', text: line });
    } else {
      // Prose after the hunk ends it.
      hunks.push(current);
      current = undefined;
    }
  }
  if (current?.rows.length) hunks.push(current);
  // Blank context lines at a hunk's ends are often a model's padding, not the file's.
  return hunks.map(toBlock).map(trimHunk);
}

/**
 * The hunk's old and new lines. Context lines whose leading space is the code's own indentation (a
 * model that left the column out) are taken whole: that shows as their indentation, taken whole, being
 * the changed lines' more often than with a space dropped. The other reading goes with it, for the
 * applier to take if the file has it more closely (a Markdown file's headings at column 0 look like
 * context without its column beside a ` * ` bullet). A context line with no leading space at all is
 * taken whole either way.
 */
function toBlock(hunk: RawHunk): ReplaceBlock {
  const code = (context: boolean) => hunk.rows.filter((r) => context === (r.kind === ' ') && r.text.trim() !== '').map((r) => r.text);
  const changed = new Set(code(false).map(leadingWhitespace));
  const context = code(true);
  const fits = (lines: string[]) => lines.filter((line) => changed.has(leadingWhitespace(line))).length;
  const whole = fits(context) > fits(context.map((line) => (line.startsWith(' ') ? line.slice(1) : line)));
  const read = (whole: boolean) => {
    const block: ReplaceBlock = { search: [], replace: [] };
    for (const { kind, text } of hunk.rows) {
      const line = kind === ' ' && !whole && text.startsWith(' ') ? text.slice(1) : text;
      if (kind !== '+') block.search.push(line);
      if (kind !== '-') block.replace.push(line);
    }
    return block;
  };
  const other = context.some((line) => line.startsWith(' ')) ? [read(!whole)] : [];
  return { ...read(whole), ...(other.length > 0 ? { otherReadings: other } : {}) };
}

/** Whether an added or removed line comes after line `i` before the hunk ends (a header, a fence, prose's blank line). */
function changeFollows(lines: readonly string[], i: number): boolean {
  for (let j = i + 1; j < lines.length; j++) {
    const line = lines[j];
    if (HUNK_HEADER.test(line) || /^(`{3,}|~{3,})/.test(line) || line === '') return false;
    if (/^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line)) return true;
  }
  return false;
}

function trimHunk(h: ReplaceBlock): ReplaceBlock {
  const search = [...h.search];
  const replace = [...h.replace];
  while (search.length && replace.length && search[search.length - 1].trim() === '' && replace[replace.length - 1].trim() === '') {
    search.pop();
    replace.pop();
  }
  return { search, replace, ...(h.otherReadings ? { otherReadings: h.otherReadings.map(trimHunk) } : {}) };
}
