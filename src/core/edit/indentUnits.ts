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
    const after = leadingWhitespace(code[i]);
    if (after.length <= before.length || !after.startsWith(before)) continue;
    const step = after.slice(before.length);
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
