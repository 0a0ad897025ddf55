// Indentation units: what one level of indentation is in some lines (a tab, 2 or 4 spaces…), and a line
// moved from one unit to another level by level. Models often indent with their own unit, not the file's.
import { isBlank, leadingWhitespace } from './editText';

/** `line`, indented `own` plus some levels of `unit` (and alignment spaces), as `base` plus as many levels of `toUnit`. */
export function relevelled(line: string, own: string, unit: string, base: string, toUnit: string): string {
  const lead = leadingWhitespace(line);
  if (isBlank(line) || !lead.startsWith(own)) return line;
  let rest = lead.slice(own.length);
  let levels = 0;
  for (; rest.startsWith(unit); levels++) rest = rest.slice(unit.length);
  return base + toUnit.repeat(levels) + rest + line.slice(lead.length);
}

/**
 * What one level of indentation is in these lines: a tab, or the commonest step in spaces from a line
 * that opens a block (ends with `{`, `(`, `[` or `:`) to the next, or, with `openersOnly` false, from
 * any line to a deeper next one (a body without braces); undefined when they show none.
 */
export function indentUnit(lines: readonly string[], openersOnly = true): string | undefined {
  const code = lines.filter((line) => !isBlank(line));
  const steps = new Map<string, number>();
  for (let i = 1; i < code.length; i++) {
    if (openersOnly && !/[{([:]\s*$/.test(code[i - 1])) continue;
    const before = leadingWhitespace(code[i - 1]);
    // A union's member (`| {`) opens its body one level past the member, not past the bar.
    const member = UNION_MEMBER.exec(code[i - 1].slice(before.length))?.[0].length ?? 0;
    const after = leadingWhitespace(code[i]);
    if (after.length <= before.length + member || !after.startsWith(before)) continue;
    const step = after.slice(before.length + member);
    const unit = /^\t/.test(step) ? '\t' : /^ +$/.test(step) && step.length >= 2 && step.length <= 8 ? step : undefined;
    if (unit) steps.set(unit, (steps.get(unit) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [unit, count] of steps) {
    const bestCount = best === undefined ? 0 : steps.get(best)!;
    if (count > bestCount || (count === bestCount && unit.length < best!.length)) best = unit;
  }
  return best;
}

const UNION_MEMBER = /^[|&]\s+/;

/** The least indentation among the non-blank lines; undefined when all are blank. */
export function minimumIndent(lines: readonly string[]): string | undefined {
  let least: string | undefined;
  for (const line of lines) {
    if (isBlank(line)) continue;
    const lead = leadingWhitespace(line);
    if (least === undefined || lead.length < least.length) least = lead;
  }
  return least;
}

/** A line's indentation as the answer quoted it and as the file has it. */
export interface IndentPair {
  quoted: string;
  actual: string;
}

/**
 * The units that lines the answer kept show, by how far apart they sit on each side: kept lines 2 and 4
 * spaces deep in the answer and 1 and 2 tabs deep in the file say a level is 2 spaces there and a tab
 * here. That is the nesting around the place itself, which a file that mixes units (or an answer with no
 * nesting of its own) does not show as a whole. Each side indents with one character throughout;
 * undefined when the pairs sit at fewer than two depths or disagree.
 */
export function pairedUnits(
  pairs: readonly IndentPair[],
): { quotedBase: string; quotedUnit: string; fileBase: string; fileUnit: string } | undefined {
  const widths = new Map<number, number>();
  let quotedChar = '';
  let fileChar = '';
  for (const { quoted, actual } of pairs) {
    for (const [lead, char] of [
      [quoted, quotedChar],
      [actual, fileChar],
    ]) {
      if (lead !== '' && (!/^( +|\t+)$/.test(lead) || (char !== '' && lead[0] !== char))) return undefined;
    }
    quotedChar ||= quoted[0] ?? '';
    fileChar ||= actual[0] ?? '';
    if (widths.has(quoted.length) && widths.get(quoted.length) !== actual.length) return undefined;
    widths.set(quoted.length, actual.length);
  }
  const sorted = [...widths].sort((x, y) => x[0] - y[0]);
  if (sorted.length < 2 || !quotedChar || !fileChar) return undefined;
  const [q0, a0] = sorted[0];
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
  const quotedStep = sorted.slice(1).reduce((g, [q]) => gcd(g, q - q0), 0);
  const fileStep = ((sorted[1][1] - a0) * quotedStep) / (sorted[1][0] - q0);
  if (!Number.isInteger(fileStep) || fileStep <= 0 || sorted.some(([q, a]) => a !== a0 + ((q - q0) / quotedStep) * fileStep))
    return undefined;
  return {
    quotedBase: quotedChar.repeat(q0),
    quotedUnit: quotedChar.repeat(quotedStep),
    fileBase: fileChar.repeat(a0),
    fileUnit: fileChar.repeat(fileStep),
  };
}
