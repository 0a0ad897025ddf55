// Where the prose around a snippet says its lines go. Chat answers often give only the new lines and
// a sentence: "Add this right after the `if (!stream)` check, separated by a blank line:". Read as a
// rewrite of the selection, the snippet would delete every selected line; read as the sentence says,
// it goes in beside the construct the sentence names.
import { wholeWord } from '../../shared/literalRegExp';
import { COMMENT_LINE, DEFINES, isBlank, LEADS_DEFINITION, leadingWhitespace, OPENS_BLOCK, spaced, STRING_LITERALS } from './editText';
import { balance, balanced } from './lineBalance';

/**
 * "add / insert / put … after / below / before / above (the) (closing…) (brace of) `name`", or "replace the `name`
 * line (or branch, block, function…) with".
 */
const SAID =
  /\b(?:add|insert|put|place|append|paste|drop|goes|(?:should|can|must|would)\s+go|belongs)\b(?:[^.`]|`[^`\n]*`)*?\b(after|below|under|before|above|next\s+to|beside)\b\s+(?:the\s+|its\s+)?(line\s+)?(?:(?:closing|opening|final|last|first|existing|current|inner|outer|nested|enclosing)\s+)?(?:(?:brace|bracket|block|body|definition|end)\s+of\s+(?:the\s+)?)?`([^`\n]+)`(\s+line\b)?|\b(replace)\s+(?:the\s+)?`([^`\n]+)`\s+(line|branch|case|arm|block|function|method|check|loop|statement)\b[^.]*?\bwith\b/i;
/**
 * "add … as the (very) first line of the file" (or of io.py), "put … at the end of the file" (or of
 * `abc.py`), "put this on line 1".
 */
const FILE_EDGE =
  /\b(?:add|insert|put|place|append|prepend)\b[^.]*?\b(?:(?:as\s+the\s+(?:very\s+)?(?:first|last)\s+lines?|at\s+the\s+(?:very\s+)?(?:top|beginning|start|end|bottom))\s+of\s+(?:the\s+(?:file|script|module)\b|`?[\w-]+\.\w{1,5}\b`?)|(?:on|at|as)\s+line\s+1\b|at\s+the\s+(?:very\s+)?(?:top|beginning|start|end|bottom)\s+of\s+`[^`\s]+\.\w{1,5}`|at\s+the\s+very\s+(?:top|beginning|start|end|bottom)\b(?!\s+of\s+(?:the\s+)?`))/i;

/** "add … to the `Foo` class", "put … inside `main`", "at the end (the top) of `run`". */
const INSIDE =
  /\b(?:add|insert|put|place|append|paste|goes|belongs)\b[^.]*?\b(?:(?:(?<!next\s)to|into|inside)\s+(?:the\s+)?(?:(?:inner|outer|nested|enclosing)\s+)?`([^`\n]+)`(?:\s+(?:class|function|method|block|body|object|interface|struct|enum|type|loop|section)\b)?|at\s+the\s+(?:very\s+)?(end|bottom|top|start|beginning)\s+of\s+(?:the\s+)?(?:(?:inner|outer|nested|enclosing)\s+)?`([^`\n]+)`)/i;

/** Whether the prose says where the code's lines go: then they are new lines there, not the selection rewritten. */
export function saysWhere(prose: readonly string[]): boolean {
  return sentences(prose).some((l) => SAID.test(l) || FILE_EDGE.test(l) || INSIDE.test(l));
}

/**
 * The selection with the snippet's lines inside the construct the prose names ("add this method to the
 * `Cache` class"): last in its body, or first when the prose says the top; else undefined. The named
 * construct is the one selected line that names it and opens a block.
 */
export function placedInside(prose: readonly string[], selected: readonly string[], snippet: readonly string[]): string[] | undefined {
  const said = sentences(prose)
    .map((l) => INSIDE.exec(l))
    .find((m) => m !== null);
  if (!said || !snippet.some((l) => /\w/.test(l))) return undefined;
  const name = (said[1] ?? said[3]).trim();
  const named = (l: string) => (/^[\w$]+$/.test(name) ? wholeWord(name).test(l) : spaced(l).includes(spaced(name)));
  const heads = selected.flatMap((l, i) => (named(l) && !COMMENT_LINE.test(l) && OPENS_BLOCK.test(l) ? [i] : []));
  if (heads.length !== 1) return undefined;
  const [head] = heads;
  const end = constructEnd(selected, head);
  if (end === head) return undefined;
  const body = new Set(wordyLines(selected.slice(head, end + 1)));
  if (snippet.some((l) => body.has(spaced(l)))) return undefined;
  const atTop = /^(top|start|beginning)$/i.test(said[2] ?? '');
  const closes = /^\s*([)\]}]|(end|fi|done|esac)\b)/.test(selected[end]);
  const at = atTop ? head + 1 : closes ? end : end + 1;
  // A definition among definitions set apart by blank lines is set apart too.
  const apart =
    opensDefinition(snippet.find((l) => !isBlank(l) && !LEADS_DEFINITION.test(l)) ?? '') && selected.slice(head + 1, end).some(isBlank);
  const lines = apart && !isBlank(snippet[0]) ? (atTop ? [...snippet, ''] : ['', ...snippet]) : [...snippet];
  return [...selected.slice(0, at), ...lines, ...selected.slice(at)];
}

/**
 * The prose's lines, then all of it as one line: a sentence may begin before the code and end after it
 * ("Put" … "after the closing `fi`."). A place said before the verb ("Right after `import os`, add:")
 * is said after it, and "between `a` and `b`" is after `a`.
 */
function sentences(prose: readonly string[]): string[] {
  const lines = prose.length > 1 ? [...prose, prose.filter((l) => !isBlank(l)).join(' ')] : [...prose];
  return lines.map((l) => l.replace(PLACE_FIRST, '$3 this $1 $2').replace(BETWEEN, 'after $1'));
}

// (After a scope said first too: "Inside `slicy`, directly after its `var arr = [];` line, add:".)
const PLACE_FIRST =
  /^\W*(?:(?:inside|in|within)\s+(?:the\s+)?`[^`\n]+`(?:\s+\w+)?\s*,\s*)?(?:(?:right|just|directly|immediately)\s+)?(after|below|under|before|above)\s+([^,:]*?`[^`\n]+`[^,:]*?)\s*,\s*(add|insert|put|place|append|paste)\b/i;
/** A line under the construct a sentence named first: `, right after \`  contents: read\``. */
const NARROWER = /^[^.;]*?,\s*(?:right\s+|just\s+|directly\s+|immediately\s+)?(after|below|before|above)\s+(?:the\s+)?`([^`\n]+)`/i;
// ("between the closing `}` of the `ParserStream` class and the `//# sourceMappingURL` comment" too.)
// (The construct named in code, or by its own capitalised words: "of the Bitstream Vera Sans Mono rule".)
const OF = /`([^`\n]+)`\s+of\s+(?:the\s+)?(?:`([^`\n]+)`|((?:[A-Z][\w.+-]*\s+){0,4}[A-Z][\w.+-]*)\b)/;
const BETWEEN =
  /\bbetween\s+(?:the\s+)?(?:(?:closing|opening|final|last|first)\s+)?(`[^`\n]+`)(?:\s+\w+)?(?:\s+of\s+(?:the\s+)?`[^`\n]+`(?:\s+\w+)?)?\s+and\s+(?:the\s+)?`[^`\n]+`/i;

/**
 * The selection with the snippet's lines at the file's first or last line, where the prose says so and
 * the selection reaches that end of the file; else undefined. (Read as the selection rewritten, a
 * coding line "as the first line of the file" would take the place of the first line.)
 */
export function placedAtFileEdge(
  prose: readonly string[],
  selected: readonly string[],
  snippet: readonly string[],
  reaches: { start: boolean; end: boolean },
): string[] | undefined {
  const said = sentences(prose)
    .map((l) => FILE_EDGE.exec(l))
    .find((m) => m !== null);
  if (!said || !snippet.some((l) => /\w/.test(l))) return undefined;
  const atStart = /\b(first|top|beginning|start|line\s+1)\b/i.test(said[0]);
  if (!(atStart ? reaches.start : reaches.end)) return undefined;
  // The selection's first (last) lines the snippet ends (starts) with are there already; then, half of
  // it or more the selection's own lines, it is the selection rewritten. (A lone `}` closes the new lines
  // as it does the old; a sibling block may repeat a line or two of the one it copies.)
  const fresh = atStart ? withoutContext(snippet, [], selected) : withoutContext(snippet, selected, []);
  const old = new Set(wordyLines(selected));
  const own = wordyLines(fresh);
  if (own.length > 0 && own.filter((l) => old.has(l)).length * 2 >= own.length) return undefined;
  // ("… followed by a blank line", "separated by an empty line".)
  const { lines: apart } = saidBlankLines(prose);
  return atStart ? [...fresh, ...apart, ...selected] : [...selected, ...apart, ...fresh];
}

const PY_DEFINES = /^\s*(?:async\s+)?(?:def|class)\s+\w+.*:\s*$/;
const BLANK_BETWEEN =
  /\b((?:separated|set apart)(?: from (?:it|them|`[^`]+`))? by|followed by|preceded by|with|leave|leaving|keep) (an?|one|two|2) (?:blank|empty) lines?\b(?:\s+(before|after|above|below)\s+(?:it|them)\b)?/i;

/**
 * The blank lines the prose asks for around the snippet, if it says, and on which side: `near` the place
 * it names ("separated from it by a blank line"), or `before` or `after` the snippet itself ("with two
 * blank lines before it", "followed by one blank line").
 */
function saidBlankLines(prose: readonly string[]): { lines: string[]; side: 'near' | 'before' | 'after' } {
  const said = prose.map((l) => BLANK_BETWEEN.exec(l)).find((m) => m !== null);
  if (!said) return { lines: [], side: 'near' };
  const lines = Array.from({ length: /^(two|2)$/i.test(said[2]) ? 2 : 1 }, () => '');
  const side =
    /^followed/i.test(said[1]) || /^(after|below)$/i.test(said[3] ?? '')
      ? 'after'
      : /^preceded/i.test(said[1]) || /^(before|above)$/i.test(said[3] ?? '')
        ? 'before'
        : 'near';
  return { lines, side };
}

/**
 * The selection with the snippet's lines where the prose says, when the named place is in exactly one
 * selected line and the snippet is new there (none of its lines of two words or more at its own level is
 * a selected line it does not replace); else undefined.
 */
export function placedAsSaid(
  prose: readonly string[],
  selected: readonly string[],
  snippet: readonly string[],
  around: { before: readonly string[]; after: readonly string[] } = { before: [], after: [] },
): string[] | undefined {
  const read = sentences(prose);
  const said = read.map((l) => SAID.exec(l)).find((m) => m !== null);
  if (!said || !snippet.some((l) => /\w/.test(l))) return undefined;
  // "under `permissions:`, right after `  contents: read`": the second place, where the selection has it,
  // says more.
  const narrower = /^under$/i.test(said[1] ?? '') ? NARROWER.exec(said.input.slice(said.index + said[0].length)) : null;
  if (narrower && selected.some((l) => spaced(l).includes(spaced(narrower[2]))))
    return placedAsSaid([`Add this ${narrower[1]} \`${narrower[2]}\`.`], selected, snippet, around);
  const where = said[1] ?? said[5];
  // What the sentence leaves out of a long construct (`f(...)`, `if (x) { ... }`) is not looked for.
  // (A call's empty parentheses, `keys()`, name the function.)
  const name = (said[3] ?? said[6])
    .split(/\.\.\.|…/)[0]
    .trim()
    .replace(/^([\w$.]+)\(\)$/, '$1');
  // A name is a whole word (`id` is not in `get_id`); code (`if (!stream)`) is found as written.
  // (Its spacing may be the sentence's: `#define _TTYS_WINDOW "window"` for a line with tabs.)
  const named = (l: string) => (/^[\w$]+$/.test(name) ? wholeWord(name).test(l) : spaced(l).includes(spaced(name)));
  // Code that names it over comments that do (` * The value of the name …` beside `get name() {`).
  const naming = selected.flatMap((l, i) => (named(l) ? [i] : []));
  const inCode = naming.filter((i) => !COMMENT_LINE.test(selected[i]) && !/^\s*\*/.test(selected[i]));
  const holding = inCode.length > 0 ? inCode : naming;
  // The line that starts with the name (the `id` property's own line), or defines it, over lines that
  // only use it (`this.source.pause();` in `prototype.pause = function`).
  const own = holding.filter((i) => selected[i].trimStart().startsWith(name));
  const defining = holding.filter((i) => opensDefinition(selected[i]));
  let lines = own.length === 1 ? own : defining.length === 1 ? defining : holding;
  // Of several, "the closing `}` of `If.hdmi6`" is the one that closes it, "the `endif` of the `'^Package:'`
  // check" the first after the line that names the check.
  const ofMatch = read.map((l) => OF.exec(l)).find((m) => m !== null && m[1].trim() === name);
  const of = ofMatch?.[2] ?? ofMatch?.[3];
  const ofLine = of === undefined ? -1 : selected.findIndex((l) => spaced(l).includes(spaced(of)));
  const closing = ofLine >= 0 ? constructEnd(selected, ofLine) : -1;
  const next = lines.includes(closing) && closing > ofLine ? closing : lines.find((i) => i > ofLine);
  if (lines.length > 1 && ofLine >= 0 && next !== undefined) lines = [next];
  const after = /after|below|under|next|beside/i.test(where);
  if (lines.length === 0 && after && !said[2] && !said[4]) return afterOpenedAbove(prose, selected, snippet, around.before, named);
  if (lines.length !== 1) return undefined;
  const [line] = lines;
  const first = snippet.find((l) => !isBlank(l)) ?? '';
  const top = leadingWhitespace(first).length;
  // After "the `x` line" is after that line; after "the `x`" is after the whole construct it starts,
  // unless the snippet sits deeper than `x`: then it goes in that construct, first (a docstring).
  const deeper = top > leadingWhitespace(selected[line]).length;
  let placeEnd = said[2] || said[4] || deeper ? line : constructEnd(selected, line);
  // "after the `var ast;` line and its blank line": past the blank lines under it.
  if (after && /^\s*and\s+(?:its|the)\s+(?:blank|empty)\s+lines?\b/i.test(said.input.slice(said.index + said[0].length)))
    while (placeEnd + 1 < selected.length && isBlank(selected[placeEnd + 1])) placeEnd++;
  // "after `case 'let':` (before `return true;`)": the construct ends before the line the prose puts it before.
  const before = after ? read.map((l) => BEFORE.exec(l)?.[1]).find((x) => x !== undefined) : undefined;
  const stop = before === undefined ? -1 : selected.findIndex((l, i) => i > line && i <= placeEnd && spaced(l).includes(spaced(before)));
  if (stop > line) placeEnd = stop - 1;
  // The lines the snippet takes the place of: the named line or construct, or none.
  const replaced = /replace/i.test(where)
    ? { start: line, end: (/^line$/i.test(said[7]) ? line : constructEnd(selected, line)) + 1 }
    : { start: after ? placeEnd + 1 : line, end: after ? placeEnd + 1 : line };
  // Lines the snippet repeats from around its place (a type's `};` after its new member) are there already.
  const fresh =
    replaced.start === replaced.end
      ? withoutContext(
          snippet,
          [...around.before, ...selected.slice(0, replaced.start)],
          [...selected.slice(replaced.end), ...around.after],
        )
      : snippet;
  const others = new Set(wordyLines([...selected.slice(0, replaced.start), ...selected.slice(replaced.end)]));
  // A line in the body of a construct the snippet opens may repeat one (`hasbytes = True` under a new
  // `elif`); one at the snippet's own level is context or a rewrite, not new lines.
  // (A whole construct's own head and end, `<match target="font">` … `</match>` copied for a sibling rule,
  // are its lines, not context.)
  const body = fresh.filter((l) => !isBlank(l));
  const whole = body.length > 2 && balance(body.slice(0, 1)).some((n) => n > 0) && balanced(body);
  // (So are one statement's, from its head to the `;` that ends it: SQL's `CREATE FUNCTION …` over its clauses.)
  const statement = body.length > 2 && constructEnd(body, 0) === body.length - 1;
  const level = statement ? [] : (whole ? body.slice(1, -1) : fresh).filter((l) => leadingWhitespace(l).length <= top);
  if (wordyLines(level).some((l) => others.has(l))) return undefined;
  // A definition added after another is set apart as the file sets that one apart from what follows
  // it, or, at the file's end, from what comes before it (PEP 8 has two blank lines between Python's
  // top-level functions, but not every file does; JavaScript files vary).
  const head = fresh.find((l) => !isBlank(l) && !LEADS_DEFINITION.test(l)) ?? '';
  const definitions = opensDefinition(selected[line]) && opensDefinition(head) && !isBlank(fresh[0]);
  // (A one-line definition right under another, `var TEST = …;` then `var SOURCE = …;`, is set apart by none.)
  const previous = [...around.before, ...selected.slice(0, line)].at(-1);
  const consecutive = placeEnd === line && previous !== undefined && !isBlank(previous) && opensDefinition(previous);
  const apart = consecutive ? [] : Array.from({ length: Math.min(2, gapAround(selected, line, placeEnd, around) ?? 1) }, () => '');
  const blank = saidBlankLines(prose);
  const near = blank.side === 'near' ? blank.lines : [];
  const gap = replaced.start !== replaced.end ? [] : definitions ? (near.length > 0 && apart.length === 0 ? near : apart) : near;
  const [ahead, behind] = [blank.side === 'before' ? blank.lines : [], blank.side === 'after' ? blank.lines : []];
  // (A snippet that starts like a selected line at column 0, `if 'sigwaitinfo' in _globals:` beside
  // `if 'sigwait' in _globals:`, belongs at column 0; so does a definition written at column 0 where the
  // file's definitions above start there: `def call(…):` after the last line of `def check_output(…):`.)
  const opening = fresh.find((f) => !isBlank(f));
  const definesAtZero = (l: string | undefined) => l !== undefined && leadingWhitespace(l) === '' && DEFINES.test(l);
  const topLevel =
    selected.some((l) => !isBlank(l) && leadingWhitespace(l) === '' && startsAlike(l, opening)) ||
    (definesAtZero(opening) && [...around.before, ...selected].some((l) => definesAtZero(l) && startsAlike(l, opening)));
  const placed = topLevel
    ? fresh
    : after && placeEnd > line
      ? atDepth(fresh, leadingWhitespace(selected[line]))
      : atDepth(
          fresh,
          depthAt(fresh, [...around.before, ...selected.slice(0, replaced.start)], [...selected.slice(replaced.end), ...around.after]),
        );
  // (Blank lines the snippet keeps between itself and the code it repeats are that gap already, and so
  // are the ones the prose asks for on that side: "with one blank line before it".)
  const setApart = after ? isBlank(placed[0] ?? 'x') || ahead.length > 0 : isBlank(placed.at(-1) ?? 'x') || behind.length > 0;
  const spacing = setApart ? [] : gap;
  const inserted = after ? [...spacing, ...ahead, ...placed, ...behind] : [...ahead, ...placed, ...behind, ...spacing];
  const kept = selected.slice(0, replaced.start);
  // A JSON member put after the last one of its object takes the comma the one before it now needs.
  const last = kept.length - 1;
  const following = [...selected.slice(replaced.end), ...around.after].find((l) => !isBlank(l)) ?? '';
  const member = (l: string | undefined) => l !== undefined && /^\s*"[^"]+"\s*:\s*\S/.test(l) && !/,\s*$/.test(l);
  if (after && !isBlank(inserted[0] ?? '') && member(kept[last]) && member(placed[0]) && /^\s*[}\]]/.test(following))
    kept[last] = kept[last].replace(/(\s*)$/, ',$1');
  return [...kept, ...inserted, ...selected.slice(replaced.end)];
}

/**
 * The selection with the snippet after the end of a construct that opens above it and closes inside it
 * ("after the closing brace of `if (fdst) {`" where the selection holds that brace), at the construct's
 * depth; else undefined.
 */
function afterOpenedAbove(
  prose: readonly string[],
  selected: readonly string[],
  snippet: readonly string[],
  above: readonly string[],
  named: (line: string) => boolean,
): string[] | undefined {
  const all = [...above, ...selected];
  // (The one such construct that closes inside the selection: `if (fdst) {` may open other blocks above.)
  const heads = above.flatMap((l, i) => {
    const end = named(l) && !COMMENT_LINE.test(l) && OPENS_BLOCK.test(l) ? constructEnd(all, i) - above.length : -1;
    return end >= 0 && end < selected.length ? [{ head: i, end }] : [];
  });
  if (heads.length !== 1) return undefined;
  const [{ head, end }] = heads;
  const fresh = withoutContext(snippet, [...above, ...selected.slice(0, end + 1)], selected.slice(end + 1));
  const lines = atDepth(fresh, leadingWhitespace(above[head]));
  const blank = saidBlankLines(prose);
  const [ahead, behind] = blank.side === 'after' ? [[], blank.lines] : [blank.lines, []];
  return [...selected.slice(0, end + 1), ...ahead, ...lines, ...behind, ...selected.slice(end + 1)];
}

/** The snippet less the lines at its ends that repeat the code next to its place, in order. */
function withoutContext(snippet: readonly string[], above: readonly string[], below: readonly string[]): readonly string[] {
  const code = (lines: readonly string[]) => lines.flatMap((l, i) => (isBlank(l) ? [] : [i]));
  const own = code(snippet);
  const next = code(below);
  const previous = code(above).reverse();
  // The most lines at each end (never all of them) that are those nearest the place, in order.
  const fits = (n: number, end: (k: number) => string, near: (k: number) => string | undefined) =>
    Array.from({ length: n }, (_, k) => k).every((k) => near(k) !== undefined && same(end(k), near(k)!));
  let tail = own.length - 1;
  while (
    tail > 0 &&
    !fits(
      tail,
      (k) => snippet[own[own.length - tail + k]],
      (k) => below[next[k]],
    )
  )
    tail--;
  let head = own.length - 1 - tail;
  while (
    head > 0 &&
    !fits(
      head,
      (k) => snippet[own[head - 1 - k]],
      (k) => above[previous[k]],
    )
  )
    head--;
  const from = head > 0 ? own[head - 1] + 1 : 0;
  let to = tail > 0 ? own[own.length - tail] : snippet.length;
  // (Blank lines after repeated code set the new lines apart from it; before repeated code, they are
  // that code's own layout.)
  while (tail > 0 && to > from && isBlank(snippet[to - 1])) to--;
  return snippet.slice(from, to);
}

/** The same line at the same depth: a `}` at another closes another block. */
const same = (a: string, b: string) => a.trimEnd() === b.trimEnd();

/** Whether two lines start with the same word (`case 'yield':` like `case 'let':`, `if …` like `if …`). */
function startsAlike(line: string, other: string | undefined): boolean {
  const word = (l: string) => l.trim().split(/\W/)[0];
  return other !== undefined && word(line) !== '' && word(line) === word(other);
}

/** A line that closes a block, or goes on to its next branch: the code before it is deeper. */
const CLOSER = /^\s*(?:[)\]}]|(?:end|fi|done|esac|else|elif|elsif|except|finally)\b)/;

/**
 * The depth of code between `above` and `below` for `snippet`: the line before's when the snippet starts
 * like it (another `case` label after one), else the line after's, or the line before's when the line
 * after closes the block.
 */
function depthAt(snippet: readonly string[], above: readonly string[], below: readonly string[]): string | undefined {
  const next = below.find((l) => !isBlank(l));
  const previous = above.findLast((l) => !isBlank(l));
  const sibling =
    previous !== undefined &&
    startsAlike(
      previous,
      snippet.find((l) => !isBlank(l)),
    );
  const neighbour = !sibling && next !== undefined && !CLOSER.test(next) ? next : previous;
  if (neighbour === undefined) return undefined;
  // (After a line that only closes brackets, `  )` under `configure_file(…`, the depth of the line that opened them.)
  if (neighbour === previous && CLOSER.test(previous)) {
    let open = 0;
    for (let k = above.lastIndexOf(previous); k >= 0; k--) {
      open += balance([above[k]]).reduce((a, b) => a + b, 0);
      if (open >= 0) return leadingWhitespace(above[k]);
    }
  }
  return leadingWhitespace(neighbour);
}

/**
 * The snippet at the depth of the code where it goes (after a whole construct, the construct's), when
 * the model wrote it all at column 0: a shell loop's body. (Other depths are the model's meaning: a
 * snippet that opens with `} else if` is shallower than the branch it follows, and one deeper than the
 * named line goes inside it.)
 */
function atDepth(snippet: readonly string[], lead: string | undefined): readonly string[] {
  const own = snippet.filter((l) => !isBlank(l)).map(leadingWhitespace);
  const least = own.reduce((a, b) => (b.length < a.length ? b : a), own[0] ?? '');
  if (lead === undefined || least !== '') return snippet;
  return snippet.map((l) => (isBlank(l) ? l : lead + l));
}

const BEFORE = /\bbefore\s+(?:the\s+)?`([^`\n]+)`/i;

/**
 * The lines of two words or more, spaced alike: those a snippet cannot repeat as new lines (a lone `fi`
 * or `}` closes new lines as it does old ones).
 */
const wordyLines = (lines: readonly string[]) => lines.filter((l) => (l.match(/[\w$]+/g)?.length ?? 0) >= 2).map(spaced);

/** A class's method: `clear() {`, `async get(key) {`, `private run(): void {`. */
const METHOD =
  /^\s*(?:(?:static|async|get|set|public|private|protected|override)\s+)*(?!(?:if|for|while|switch|catch|with|return)\b)[\w$]+\s*\([^()]*\)\s*(?::[^{]+)?\{\s*$/;

/** A function given a name by assignment: `MuteStream.prototype.mute = function () {`, `exports.f = (a) => {`. */
const ASSIGNED_FUNCTION = /^\s*[\w$.]+\s*=\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)/;

/** A method declared in an interface or a declaration file: `exists?(path: string): Promise<boolean>;`. */
const METHOD_SIGNATURE = /^\s*(?:readonly\s+)?[\w$]+\??\s*(?:<[^>]*>)?\([^()]*\)\s*:\s*[^;]+;\s*$/;

const opensDefinition = (line: string) =>
  PY_DEFINES.test(line) || DEFINES.test(line) || METHOD.test(line) || ASSIGNED_FUNCTION.test(line) || METHOD_SIGNATURE.test(line);

/**
 * How many blank lines set the construct at `line`..`end` apart: from the code after it, or, with none
 * after it, from the code before it (its doc comment and decorators with it). A form feed, Python's
 * page break between sections, is no blank line.
 */
function gapAround(
  selected: readonly string[],
  line: number,
  end: number,
  around: { before: readonly string[]; after: readonly string[] },
): number | undefined {
  const blank = (l: string) => /^[ \t\r]*$/.test(l);
  const next = [...selected.slice(end + 1), ...around.after];
  const below = next.findIndex((l) => !blank(l));
  if (below >= 0) return below;
  const above = [...around.before, ...selected.slice(0, line)];
  const code = above.findLastIndex((l) => !blank(l) && !LEADS_DEFINITION.test(l));
  if (code < 0) return undefined;
  const run = above.slice(code + 1).findIndex((l) => !blank(l));
  return run < 0 ? above.length - code - 1 : run;
}

/**
 * The last line of the construct that starts at `line`: to its closing bracket, over a Python block's
 * deeper lines, to a shell `case` arm's `;;`, or over a list item's continuation lines; else the line
 * itself.
 */
export function constructEnd(lines: readonly string[], line: number): number {
  // (Brackets in a string, `" %s)\n"`, open and close nothing.)
  const net = (line: string) => {
    const l = line.replace(STRING_LITERALS, '""');
    return (l.match(/[({[]/g)?.length ?? 0) - (l.match(/[)}\]]/g)?.length ?? 0);
  };
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
  // A statement that goes on to the `;` that ends it (SQL's `CREATE FUNCTION …` over its `RETURNS`, `AS`
  // and `LANGUAGE` lines), no blank line or block between.
  // (Not from a line that goes on from another itself, `| "number"`; a shell `case … in` opens arms that
  // end with `;;`.)
  const head = lines[line];
  if (/^\s*[A-Za-z]/.test(head) && !/[;{:,]\s*$/.test(head) && !OPENS_BLOCK.test(head) && !/^\s*case\b.*\bin\s*$/.test(head)) {
    for (let i = line + 1; i < lines.length && !isBlank(lines[i]) && leadingWhitespace(lines[i]).length >= lead; i++) {
      if (/(?<!;);\s*$/.test(lines[i])) return i;
      if (/[{:]\s*$/.test(lines[i])) break;
    }
  }
  // A Markdown list item, or a setting whose value is on the lines below (`commands =` in a tox.ini), with
  // the deeper lines that go on with it.
  if (/^\s*(?:[-*+]|\d{1,2}[.)])\s+\S/.test(lines[line]) || /^\s*[\w.-]+\s*=\s*$/.test(lines[line])) {
    let end = line;
    while (end + 1 < lines.length && !isBlank(lines[end + 1]) && leadingWhitespace(lines[end + 1]).length > lead) end++;
    return end;
  }
  return line;
}
