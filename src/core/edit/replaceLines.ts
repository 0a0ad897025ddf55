// Builds the new lines for a matched place from a quoted old block and its replacement. A line the
// model kept (the same in both) is written back as the file has it, so a SEARCH text whose spacing
// drifted never rewrites the lines around the change; a new line gets the file's indentation.
import { diffArrays } from 'diff';
import type { BlockMatch } from './blockMatch';
import { isBlank, leadingWhitespace } from './editText';
import { type IndentPair, indentUnit, minimumIndent, pairedUnits, relevelled } from './indentUnits';

/** New lines, and for each the file line it was copied from (undefined for a line the model wrote). */
export interface NewLines {
  lines: string[];
  from: Array<number | undefined>;
}

export function replacementLines(
  file: readonly string[],
  match: BlockMatch,
  oldBlock: readonly string[],
  newBlock: readonly string[],
  fileUnit: string | undefined,
): NewLines {
  const reindent = indentMapper(file, match, oldBlock, newBlock, fileUnit);
  // A line the model kept may come back re-indented (a diff that removes and re-adds a block in its own
  // unit): it is the same line, written as the file has it unless the model moved it to another depth.
  const parts = diffArrays(
    oldBlock.map((l) => l.trim()),
    newBlock.map((l) => l.trim()),
  );
  const out: string[] = [];
  const from: Array<number | undefined> = [];
  const push = (line: string, source?: number) => {
    out.push(line);
    from.push(source);
  };
  const mapped = new Set(match.fileLineOf.filter((x): x is number => x !== undefined));
  let oldIndex = 0;
  let newIndex = 0;
  // A blank line the model left out of the quote but wrote in the replacement is the file's own blank
  // line, not a second one: the two meet when one is written right after the other.
  let unclaimedBlank = false;
  const pushFileBlank = (at: number) => {
    if (out.length > 0 && from[from.length - 1] === undefined && isBlank(out[out.length - 1])) {
      out.pop();
      from.pop();
      unclaimedBlank = false;
    } else unclaimedBlank = true;
    push(file[at], at);
  };
  // File lines inside the place that no quoted line stands for (blank lines the model left out) stay
  // where they are: right after the file line before them.
  const keepUnmappedAfter = (fileLine: number) => {
    for (let next = fileLine + 1; next < match.end && !mapped.has(next); next++) if (isBlank(file[next])) pushFileBlank(next);
  };
  for (let next = match.start; next < match.end && !mapped.has(next); next++) if (isBlank(file[next])) push(file[next], next);
  // A changed line the model wrote at the same indentation as the line it replaces sits where that line
  // did in the file, whatever drift the quote had elsewhere (a diff whose context lost its leading space).
  const replaced = new Map<string, string>();
  // Lines written in place of removed ones (changed lines), as against new ones between kept lines.
  const changes = new Set<number>();
  // A new line at the depth of the kept line above it goes where the file has that line: in a file whose
  // lines at one depth differ (a tab here, 8 spaces there), no one mapping of the quote says it.
  let keptAbove: { quoted: string; actual: string } | undefined;
  // Else, at the depth of any line the model kept, where the file has that line (a `case` pattern at
  // twelve spaces in a file whose bodies are tabs, quoted with every tab as eight spaces).
  const quotedDepths = keptDepths(file, match, parts, oldBlock, newBlock);
  for (const part of parts) {
    if (!part.added && !part.removed) replaced.clear();
    for (let k = 0; k < part.count!; k++) {
      if (part.added) {
        const line = newBlock[newIndex++];
        if (isBlank(line) && unclaimedBlank) {
          unclaimedBlank = false;
          continue;
        }
        const lead = leadingWhitespace(line);
        const at = replaced.get(lead) ?? (keptAbove?.quoted === lead ? keptAbove.actual : quotedDepths.get(lead));
        if (replaced.size > 0) changes.add(out.length);
        push(at !== undefined && !isBlank(line) ? at + line.slice(lead.length) : reindent(line));
        unclaimedBlank = false;
        continue;
      }
      const at = match.fileLineOf[oldIndex];
      unclaimedBlank = false;
      if (part.removed) {
        if (at !== undefined) {
          if (!isBlank(file[at])) replaced.set(leadingWhitespace(oldBlock[oldIndex]), leadingWhitespace(file[at]));
          keepUnmappedAfter(at);
        }
        oldIndex++;
        continue;
      }
      const moved =
        at !== undefined &&
        leadingWhitespace(newBlock[newIndex]) !== leadingWhitespace(oldBlock[oldIndex]) &&
        leadingWhitespace(reindent(newBlock[newIndex])) !== leadingWhitespace(file[at]);
      if (at !== undefined && !moved) {
        push(file[at], at);
        if (!isBlank(file[at])) keptAbove = { quoted: leadingWhitespace(newBlock[newIndex]), actual: leadingWhitespace(file[at]) };
        keepUnmappedAfter(at);
      } else if (at !== undefined) {
        push(reindent(newBlock[newIndex]));
        keepUnmappedAfter(at);
      } else {
        push(reindent(newBlock[newIndex]));
      }
      oldIndex++;
      newIndex++;
    }
  }
  const undrift = driftUndone(file, match, oldBlock);
  return { lines: out.map((line, i) => (from[i] === undefined ? undrift(line, !changes.has(i)) : line)), from };
}

/** For each depth the replacement keeps a line at, the file's depth for it (none where two differ). */
function keptDepths(
  file: readonly string[],
  match: BlockMatch,
  parts: ReturnType<typeof diffArrays<string>>,
  oldBlock: readonly string[],
  newBlock: readonly string[],
): Map<string, string | undefined> {
  const depths = new Map<string, string | undefined>();
  const kept = new Set<number>();
  let oldIndex = 0;
  let newIndex = 0;
  for (const part of parts) {
    for (let k = 0; k < part.count!; k++) {
      const at = part.added ? undefined : match.fileLineOf[oldIndex];
      const lead = part.added || part.removed ? undefined : leadingWhitespace(newBlock[newIndex]);
      if (lead !== undefined) kept.add(newIndex);
      // (A line the replacement moves to another depth, wrapped in a new block, says nothing of it.)
      if (lead === leadingWhitespace(oldBlock[oldIndex]) && at !== undefined && !isBlank(file[at])) {
        const actual = leadingWhitespace(file[at]);
        depths.set(lead, depths.has(lead) && depths.get(lead) !== actual ? undefined : actual);
      }
      if (!part.added) oldIndex++;
      if (!part.removed) newIndex++;
    }
  }
  // Only when every line the model wrote sits at such a depth: new lines at depths of their own (a
  // guard in a unit of two spaces) are laid out by the unit instead.
  const written = newBlock.filter((l, j) => !isBlank(l) && !kept.has(j));
  return written.every((l) => depths.get(leadingWhitespace(l)) !== undefined) ? depths : new Map();
}

/**
 * What the quote did to every line it matched, undone on the lines the model wrote: spaces added at
 * each line's end, or the tabs between a line's words written as spaces, either each as the same number
 * of spaces (`char\t*ty_comment;` quoted as `char    *ty_comment;`) or out to the next tab stop (a
 * header's aligned comments): a new line's runs of spaces are the file's tabs again.
 */
function driftUndone(file: readonly string[], match: BlockMatch, oldBlock: readonly string[]): (line: string, added: boolean) => string {
  const pairs = oldBlock.flatMap((quoted, j) => {
    const at = match.fileLineOf[j];
    return at === undefined || isBlank(quoted) ? [] : [{ quoted, actual: file[at] }];
  });
  if (pairs.length === 0) return (line) => line;
  const trailing = pairs.every((p) => /\s$/.test(p.quoted) && !/\s$/.test(p.actual));
  const tabs = tabsWritten(pairs);
  return (line, added) => {
    const lead = leadingWhitespace(line);
    let rest = line.slice(lead.length);
    if (trailing) rest = rest.trimEnd();
    if (tabs?.each !== undefined) {
      const each = tabs.each;
      rest = rest.replace(/(?<=\S) {2,}(?=\S)/g, (run) => (run.length % each === 0 ? '\t'.repeat(run.length / each) : run));
    }
    // (Out to tab stops, the spaces may be the model's own layout of a line it changed: only a line it
    // added between kept ones is laid out as they are.)
    if (tabs?.stop !== undefined && added) rest = tabbedToStops(rest, columnsOf(lead), tabs.stop);
    return lead + rest;
  };
}

const TAB_STOP = 8;
const columnsOf = (text: string) => [...text].reduce((c, ch) => (ch === '\t' ? c + TAB_STOP - (c % TAB_STOP) : c + 1), 0);

/** `text` (starting at column `from`) with each run of two spaces or more between words that ends on a tab stop written as tabs. */
function tabbedToStops(text: string, from: number, stop: number): string {
  let out = '';
  let column = from;
  for (const part of text.split(/( {2,})/)) {
    const end = column + part.length;
    out += / {2,}/.test(part) && out !== '' && end % stop === 0 ? '\t'.repeat(Math.ceil((end - column) / stop)) : part;
    column = end;
  }
  return out;
}

/**
 * How the quote wrote the tabs between words, when every such run says the same: each as the same
 * number of spaces (no tab stop explains it), or out to the next tab stop (two runs or more).
 */
function tabsWritten(pairs: ReadonlyArray<{ quoted: string; actual: string }>): { each?: number; stop?: number } | undefined {
  // Each run between words with a tab in it: its tabs and spaces in the file, its width and column in the quote.
  const runs: Array<{ tabs: number; spaces: number; width: number; column: number }> = [];
  const rendered: boolean[] = [];
  for (const { quoted, actual } of pairs) {
    const a = actual.trim().split(/(\s+)/);
    const q = quoted.trim().split(/(\s+)/);
    if (a.length !== q.length || a.some((t, k) => k % 2 === 0 && t !== q[k])) continue;
    let column = leadingWhitespace(quoted).length;
    let tabbed = false;
    for (let k = 0; k < a.length; k++) {
      if (k % 2 === 1 && a[k].includes('\t')) {
        if (!/^ +$/.test(q[k])) return undefined;
        runs.push({ tabs: a[k].split('\t').length - 1, spaces: a[k].replace(/\t/g, '').length, width: q[k].length, column });
        tabbed = true;
      }
      column += q[k].length;
    }
    // The file's line with its tabs out to their stops is the quoted line.
    if (tabbed) rendered.push(expandedTo(actual, TAB_STOP) === quoted.trimEnd());
  }
  if (runs.length >= 2 && rendered.every(Boolean)) return { stop: TAB_STOP };
  // (Runs of tabs alone say the width: `\t\t` quoted as eight spaces is four a tab.)
  const pure = runs.filter((r) => r.spaces === 0);
  const n = pure.length > 0 ? pure[0].width / pure[0].tabs : undefined;
  if (pure.length < 2 || n === undefined || !Number.isInteger(n) || n < 2 || !runs.every((r) => r.width === r.spaces + n * r.tabs))
    return undefined;
  return { each: n };
}

/** A line with each tab written as the spaces out to the next stop. */
function expandedTo(line: string, stop: number): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(stop - (out.length % stop)) : ch;
  return out.trimEnd();
}

/** How a new line's indentation is turned into the file's, from the quoted lines that matched non-blank file lines. */
function indentMapper(
  file: readonly string[],
  match: BlockMatch,
  oldBlock: readonly string[],
  newBlock: readonly string[],
  fileUnit: string | undefined,
): (line: string) => string {
  const pairs: IndentPair[] = [];
  for (let j = 0; j < oldBlock.length; j++) {
    const at = match.fileLineOf[j];
    if (at === undefined || isBlank(oldBlock[j]) || isBlank(file[at])) continue;
    pairs.push({ quoted: leadingWhitespace(oldBlock[j]), actual: leadingWhitespace(file[at]) });
  }
  // SEARCH quoted at another indentation than REPLACE was written at: when REPLACE's first line sits
  // where the file has SEARCH's first line, REPLACE is written as the file is.
  const first = oldBlock.findIndex((l) => !isBlank(l));
  const newFirst = newBlock.find((l) => !isBlank(l));
  const firstAt = match.fileLineOf[first];
  if (newFirst !== undefined && firstAt !== undefined) {
    const lead = leadingWhitespace(newFirst);
    if (lead === leadingWhitespace(file[firstAt]) && lead !== leadingWhitespace(oldBlock[first])) return (line) => line;
  }
  // The model's own lines in its own unit (2 spaces a level where the file, and the lines it quoted, have
  // 4): each goes by its level under the first quoted line.
  const newUnit = indentUnit(newBlock);
  if (pairs[0] && fileUnit && newUnit && newUnit !== fileUnit && newUnit !== indentUnit(oldBlock)) {
    const { quoted, actual } = pairs[0];
    if (newBlock.every((l) => isBlank(l) || l.startsWith(quoted))) return (line) => relevelled(line, quoted, newUnit, actual, fileUnit);
    // The new lines start left of the first quoted one: the model re-indented the whole block, so its
    // least indented line sits where the place's least indented line does.
    const own = minimumIndent(newBlock) ?? '';
    const base = minimumIndent(pairs.map((p) => p.actual + 'x')) ?? '';
    return (line) => relevelled(line, own, newUnit, base, fileUnit);
  }
  // New lines in spaces among quoted lines in tabs (a model that writes spaces whatever the file has):
  // each goes by its own levels of the unit those lines show, in tabs.
  const spaced = newBlock.filter((l) => /^ +\S/.test(l));
  const spacedUnit = fileUnit === '\t' && pairs.every((p) => !p.actual.includes(' ')) && indentUnit(spaced, false);
  if (spacedUnit) return (line) => (/^ +\S/.test(line) ? relevelled(line, '', spacedUnit, '', '\t') : line);
  // The first pair whose indentation differs says how; a first line at column 0 on both sides says nothing.
  const differing = pairs.find((p) => p.quoted !== p.actual);
  if (!differing) return (line) => line;
  const shift = indentShift(differing.quoted, differing.actual);
  if (pairs.every((p) => shift(`${p.quoted}x`) === `${p.actual}x`)) return shift;
  // A model that wrote its own indent width (4 spaces a level where the file has 2): no one shift says it.
  const units = pairedUnits(pairs);
  return units ? (line) => relevelled(line, units.quotedBase, units.quotedUnit, units.fileBase, units.fileUnit) : shift;
}

/** Maps lines indented like `quoted` to lines indented like `actual`. */
export function indentShift(quoted: string, actual: string): (line: string) => string {
  if (quoted === actual) return (line) => line;
  if (actual.startsWith(quoted)) {
    const extra = actual.slice(quoted.length);
    return (line) => (isBlank(line) ? line : extra + line);
  }
  if (quoted.startsWith(actual)) {
    const drop = quoted.length - actual.length;
    return (line) => {
      const lead = leadingWhitespace(line);
      return line.slice(Math.min(drop, lead.length));
    };
  }
  // Tabs on one side, spaces on the other: convert by the ratio the matched line shows.
  const tabsActual = /^\t+$/.test(actual);
  const spacesQuoted = /^ +$/.test(quoted);
  if (tabsActual && spacesQuoted && quoted.length % actual.length === 0) {
    const width = quoted.length / actual.length;
    return (line) => {
      const lead = leadingWhitespace(line);
      if (!/^ *$/.test(lead)) return line;
      return '\t'.repeat(Math.floor(lead.length / width)) + ' '.repeat(lead.length % width) + line.slice(lead.length);
    };
  }
  if (/^ +$/.test(actual) && /^\t+$/.test(quoted) && actual.length % quoted.length === 0) {
    const width = actual.length / quoted.length;
    return (line) => {
      const lead = leadingWhitespace(line);
      if (!/^\t*$/.test(lead)) return line;
      return ' '.repeat(lead.length * width) + line.slice(lead.length);
    };
  }
  return (line) => line;
}
