// Where the prose around a snippet says its lines go. Chat answers often give only the new lines and
// a sentence: "Add this line right after the `id` property:". Read as a rewrite of the selection, the
// snippet would delete every selected line; read as the sentence says, it goes in beside one of them.
import { wholeWord } from '../../shared/literalRegExp';
import { isBlank, spaced } from './editText';

/** "add / insert / put … after / below / before / above (the) `name`". */
const SAID = /\b(?:add|insert|put|place|append)\b[^.`]*?\b(after|below|under|before|above)\b\s+(?:the\s+)?(?:line\s+)?`([^`\n]+)`/i;

/**
 * The selection with the snippet's lines where the prose says, when the snippet is all new (none of its
 * lines is selected) and the named place is in exactly one selected line; else undefined.
 */
export function placedAsSaid(prose: readonly string[], selected: readonly string[], snippet: readonly string[]): string[] | undefined {
  const said = prose.map((l) => SAID.exec(l)).find((m) => m !== null);
  const code = snippet.filter((l) => !isBlank(l));
  if (!said || code.length === 0 || code.some((l) => selected.some((s) => spaced(s) === spaced(l)))) return undefined;
  const [, where, name] = said;
  const named = wholeWord(name.trim());
  const holding = selected.flatMap((l, i) => (named.test(l) ? [i] : []));
  // The line that starts with the name (the `id` property's own line) over lines that only use it.
  const own = holding.filter((i) => selected[i].trimStart().startsWith(name.trim()));
  const lines = own.length === 1 ? own : holding;
  if (lines.length !== 1) return undefined;
  const at = /after|below|under/i.test(where) ? lines[0] + 1 : lines[0];
  return [...selected.slice(0, at), ...snippet, ...selected.slice(at)];
}
