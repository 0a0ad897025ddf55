// Where the prose around a snippet says its lines go. Chat answers often give only the new lines and
// a sentence: "Add this right after the `if (!stream)` check, separated by a blank line:". Read as a
// rewrite of the selection, the snippet would delete every selected line; read as the sentence says,
// it goes in beside the construct the sentence names.
import { wholeWord } from '../../shared/literalRegExp';
import { isBlank, leadingWhitespace, spaced } from './editText';

/** "add / insert / put … after / below / before / above (the) `name`", or "replace the `name` line with". */
const SAID =
  /\b(?:add|insert|put|place|append)\b[^.]*?\b(after|below|under|before|above)\b\s+(?:the\s+)?(?:line\s+)?`([^`\n]+)`|\b(replace)\s+(?:the\s+)?`([^`\n]+)`\s+line\s+with\b/i;
const BLANK_BETWEEN = /\b(?:separated by|with) an? (?:blank|empty) line\b/i;

/**
 * The selection with the snippet's lines where the prose says, when the snippet is all new (none of its
 * lines with a word in it is selected) and the named place is in exactly one selected line; else undefined.
 */
export function placedAsSaid(prose: readonly string[], selected: readonly string[], snippet: readonly string[]): string[] | undefined {
  const said = prose.map((l) => SAID.exec(l)).find((m) => m !== null);
  const words = (lines: readonly string[]) => lines.filter((l) => /\w/.test(l)).map(spaced);
  const chosen = new Set(words(selected));
  if (!said || words(snippet).length === 0 || words(snippet).some((l) => chosen.has(l))) return undefined;
  const where = said[1] ?? said[3];
  const quoted = said[2] ?? said[4];
  // What the sentence leaves out of a long construct (`f(...)`, `if (x) { ... }`) is not looked for.
  const name = quoted.split(/\.\.\.|…/)[0].trim();
  // A name is a whole word (`id` is not in `get_id`); code (`if (!stream)`) is found as written.
  const named = (l: string) => (/^[\w$]+$/.test(name) ? wholeWord(name).test(l) : l.includes(name));
  const holding = selected.flatMap((l, i) => (named(l) ? [i] : []));
  // The line that starts with the name (the `id` property's own line) over lines that only use it.
  const own = holding.filter((i) => selected[i].trimStart().startsWith(name));
  const lines = own.length === 1 ? own : holding;
  if (lines.length !== 1) return undefined;
  if (/replace/i.test(where)) return [...selected.slice(0, lines[0]), ...snippet, ...selected.slice(lines[0] + 1)];
  const after = /after|below|under/i.test(where);
  const at = after ? constructEnd(selected, lines[0]) + 1 : lines[0];
  const gap = prose.some((l) => BLANK_BETWEEN.test(l)) ? [''] : [];
  const inserted = after ? [...gap, ...snippet] : [...snippet, ...gap];
  return [...selected.slice(0, at), ...inserted, ...selected.slice(at)];
}

/**
 * The last line of the construct that starts at `line`: to its closing bracket, over a Python block's
 * deeper lines, or to a shell `case` arm's `;;`; else the line itself.
 */
function constructEnd(lines: readonly string[], line: number): number {
  const net = (l: string) => (l.match(/[({[]/g)?.length ?? 0) - (l.match(/[)}\]]/g)?.length ?? 0);
  let depth = net(lines[line]);
  if (depth > 0) {
    for (let i = line + 1; i < lines.length; i++) if ((depth += net(lines[i])) <= 0) return i;
    return line;
  }
  const lead = leadingWhitespace(lines[line]).length;
  if (/:\s*$/.test(lines[line])) {
    let end = line;
    for (let i = line + 1; i < lines.length && (isBlank(lines[i]) || leadingWhitespace(lines[i]).length > lead); i++)
      if (!isBlank(lines[i])) end = i;
    return end;
  }
  if (/\)\s*$/.test(lines[line]) && depth < 0) {
    const close = lines.findIndex((l, i) => i > line && /;;\s*$/.test(l));
    if (close > 0) return close;
  }
  return line;
}
