// Applies a model's answer to the file it was asked to edit, whichever shape the answer took. The
// result is the whole new file text, or a refusal that says why: an answer that cannot be placed
// with certainty is never applied.
import { MARKER_LINE, parseAnswer, type Fence } from './answerFormats';
import type { ReplaceBlock } from './replaceBlock';
import { codeWithoutComment, findBlock, MATCH_LEVELS, type BlockMatch, type LineRange } from './blockMatch';
import { indentUnit } from './indentUnits';
import { replacementLines } from './replaceLines';
import { answerLines, FENCE_OPEN, isBlank, joinText, splitText, STRING_LITERALS, trimBlankEnds, type TextLines } from './editText';
import { unfinishedThinking } from './modelMarkup';
import { placedAsSaid, placedAtFileEdge, placedInside, saysWhere } from './saidPlace';
import { type Asked, placeWholeBlock, type PlacedBlock } from './wholeBlock';
import { wholeWord } from '../../shared/literalRegExp';

/** Lines are 0-based; `endLine` is included. */
export interface LineSelection {
  startLine: number;
  endLine: number;
}

type EditFormat = 'wholeBlock' | 'searchReplace' | 'unifiedDiff';

type RefusalReason =
  'ambiguous' | 'tooLarge' | 'notFound' | 'truncated' | 'empty' | 'severalBlocks' | 'noCode' | 'noChange' | 'markers' | 'outsideSelection';

export type EditOutcome =
  | { kind: 'apply'; fileText: string; format: EditFormat; changed: LineRange }
  | { kind: 'refuse'; why: RefusalReason; message: string; format?: EditFormat };

// What starts a comment line. (`"` is Vim script's; `rem` and `::` batch files'; `dnl` m4's.)
const COMMENT_LEADER = String.raw`(?:\/\/|#|--|\/\*+|<!--|;+|%|"|@?rem\b|::|dnl\b)`;
// A marker's leader: a comment's, or troff's `.\"` and `\#`.
const LEADER = String.raw`(?:${COMMENT_LEADER}|\.?\\["#])`;
const ELLIPSIS = String.raw`(?:\.\.\.|…)`;
const KEPT = String.raw`(?:rest(?: of)?|existing|remaining|unchanged|same(?: as before)?|other|previous|omitted|skipped)`;
/**
 * A line that stands for code the model left out ("// ... existing code ...", "# rest unchanged"). Applied,
 * it would delete that code.
 */
const ELISION = new RegExp(
  [
    // An ellipsis alone, commented or not: `...`, `// ...`, `/* ... */`, `[...]`, Windsurf's `{{ ... }}`.
    String.raw`^\s*(?:${LEADER}|\*)?\s*(?:${ELLIPSIS}|\[\.\.\.\]|\{\{\s*${ELLIPSIS}\s*\}\})\s*(?:\*\/|-->)?\s*$`,
    // An ellipsis, then up to two words (in parentheses or not) and a word for kept code: `# ... rest
    // unchanged`, `" ... (the remaining options stay commented out)`.
    String.raw`^\s*${LEADER}\s*${ELLIPSIS}\s*\(?\s*(?:\w+\s+){0,2}${KEPT}\b`,
    // A word for kept code and what it keeps: `// rest of the methods`, `# existing code here`.
    String.raw`^\s*${LEADER}\s*\(?\s*${KEPT}\b[^.…]*(?:${ELLIPSIS}|code|unchanged|here|before|methods|functions|lines|file|implementation|imports|includes|statements|declarations|definitions|fields|entries|options|rules|cases)`,
    // Between ellipses, code named and said to stay: `// ... Path() stays as it is ...`, `// ... the check as before ...`.
    String.raw`^\s*${LEADER}\s*${ELLIPSIS}.*\b(?:stays?|remains?|kept|unchanged|as (?:it is|is|before|they are))\b.*${ELLIPSIS}\s*(?:\*\/|-->)?\s*$`,
    // In parentheses, a word for kept code and at most two more: `// (existing scripts)`, `# (rest omitted)`.
    String.raw`^\s*${LEADER}\s*\(\s*${KEPT}(?:\s+[\w-]+){0,2}\s*\)\s*(?:\*\/|-->)?\s*$`,
    // In parentheses, code named and said to stay: `// (headless unchanged)`, `# (the guard stays as it is)`.
    String.raw`^\s*${LEADER}\s*\(\s*[^()]{1,40}?\s(?:stays?|remains?|kept|unchanged|as (?:it is|is|before|they are))\s*\)\s*(?:\*\/|-->)?\s*$`,
  ].join('|'),
  'i',
);

/**
 * Prose saying the code should stay as it is ("No change is needed", "I'd leave them as they are", "it
 * already handles that"): with code that repeats no line of the selection, that code is an aside (a
 * command to run, a usage example), not the edit.
 */
const DECLINES =
  /\b(no (code )?changes? (is |are )?(needed|necessary|required)|nothing (needs|has) to (change|be changed)|(leave|keep) (it|them|this|these|the \w+) (as (it is|they are|is)|unchanged)|already (does|do|handles?|copes?|cope|works?|supports?)\b)/i;
/** Words that ask the user for an answer before there is an edit: a clarifying question. */
const ASKS_BACK =
  /\b(?:tell me|let me know|would you like|do you want(?: me)?|should I|shall I|(?:could|can) you (?:clarify|confirm|tell|say)|which \w+ (?:do|would|did) you)\b/i;
/** A second option named in the prose ("Option 2", "Approach B"): the code is one of several edits, not the edit. */
const SECOND_OPTION = /\b(option|approach|alternative|solution)\s*#?\s*(2|two|b)\b/i;
/** A comment that holds the place of code the model did not write ("// ... add the variants here ...", "the new variant goes here"). */
const PLACEHOLDER = new RegExp(
  String.raw`^\s*${COMMENT_LEADER}\s*(?:${ELLIPSIS}.*${ELLIPSIS}\s*(?:\*\/|-->)?\s*$|.*\b(?:goes here|go here|your code here|(?:code|implementation) here)\b)`,
  'i',
);

/**
 * Whether a comment between ellipses names code the selection has (`// ... boolean, number, string checks
 * ...` over `typeof arg === 'boolean' ||` and its siblings): it stands for those lines. Words the selection
 * lacks (`<!-- ... id and credentials from the environment ... -->`) stand for code still to write.
 */
const BETWEEN_ELLIPSES = new RegExp(String.raw`^\s*${LEADER}\s*${ELLIPSIS}([^.…]+)${ELLIPSIS}\s*(?:\*\/|-->)?\s*$`);

function namesSelected(line: string, selected: readonly string[]): boolean {
  const between = BETWEEN_ELLIPSES.exec(line);
  if (!between) return false;
  const words = between[1].toLowerCase().match(/[a-z]{3,}/g) ?? [];
  const known = new Set(
    selected
      .join('\n')
      .toLowerCase()
      .match(/[a-z]{3,}/g),
  );
  const named = words.filter((w) => known.has(w)).length;
  return named >= 2 && named * 2 >= words.length;
}

/** A line that is only a tool call's tag (Grok's `</xai:function_call>`): markup a model left in its code. */
const CALL_TAG_LINE = /^\s*<\/?(?:\w+:(?:function_call|tool_call)|function_calls|tool_call|invoke)>\s*$/;

/** A marker that goes on to say what the code it stands for does ("… rest, using seen.has(node) …"): that code is new, not kept. */
const DESCRIBES_CODE = /\b(using|calling|with|via)\s+[\w$.]+\(/;

const BOM = '\uFEFF';

/**
 * An instruction that only asks for code to be added ("Add a `toggle()` method after `unmute`"), or for
 * something to go: it decides the readings of an answer that the answer alone leaves open (see
 * placeWholeBlock).
 */
const ADDS =
  /\b(?:adds?|inserts?|appends?|introduces?)\b|\b(?:too|as\s+well)\b(?=\s*(?:[,.;!?(]|$))|^\W*(?:please\s+)?(?:declare|create|define|(?:an?\s+)?new\s+\w+)\b/i;
/** "also …" (one thing more), in what the user asked, not in the answer's words ("this also drops the trailing space"). */
const ALSO = /\balso\b/i;
/** An instruction that asks for something to go ("remove the XXX note", "kill the blank lines"). */
const REMOVES = /\b(?:remove|delete|drop|strip|kill|ditch|get\s+rid\s+of)\b/i;
const CHANGES =
  /\b(?:rename|replace|change|convert|update|modify|rewrite|refactor|move|remove|delete|drop|strip|kill|ditch|fix|turn|make|reword|rephrase|instead)\b|\bas\s+an?\s|[\w$)]\s*(?:->|→)\s*[\w$]/i;

/** How far above the selection a snippet's sentence may name the construct it closes ("after the closing brace of `WriteStream`"). */
const CONTEXT_ABOVE = 200;

/** An instruction about comments ("replace these comments with a JSDoc comment", "reword the docstring"). */
const COMMENTS = /\b(?:comments?|docstrings?|jsdoc|doc\s+comments?)\b/i;

/** `instruction` is what the user asked for (it helps read an answer that leaves its place open). */
export function applyEditAnswer(fileText: string, selection: LineSelection, rawAnswer: string, instruction = ''): EditOutcome {
  // A byte order mark is the encoding's, not the first line's: answers never repeat it.
  if (fileText.startsWith(BOM)) {
    const outcome = applyEditAnswer(fileText.slice(BOM.length), selection, rawAnswer, instruction);
    return outcome.kind === 'apply' ? { ...outcome, fileText: BOM + outcome.fileText } : outcome;
  }
  const text = splitText(fileText);
  const chosen: LineRange = { start: selection.startLine, end: Math.min(selection.endLine + 1, text.lines.length) };
  if (rawAnswer.trim() === '') return refuse('empty', 'The answer was empty.');
  if (unfinishedThinking(rawAnswer))
    return refuse('truncated', 'The answer stops while the model was still reasoning; it has no code yet.');
  // (Where the instruction says neither, the answer's own opening words may: "Add the null check at the top:".)
  // (Names are no verbs: `make.valid.html`, `drop_caches`.)
  const asks = instruction.replace(NAMES_IN_WORDS, 'x');
  const said = asks.trim() === '' || (!ADDS.test(asks) && !REMOVES.test(asks) && !CHANGES.test(asks)) ? openingWords(rawAnswer) : asks;
  const asked =
    ADDS.test(said) && !CHANGES.test(said)
      ? 'add'
      : REMOVES.test(said)
        ? 'remove'
        : CHANGES.test(said) && !ADDS.test(said)
          ? COMMENTS.test(said)
            ? 'changeComments'
            : 'change'
          : ALSO.test(instruction)
            ? namesNew(instruction, text.lines.slice(chosen.start, chosen.end), rawAnswer)
              ? 'add'
              : 'also'
            : undefined;
  const outcome = applyParsed(text, chosen, rawAnswer, asked);
  // An answer that changes nothing is a model saying no change is needed, or asking: nothing to apply.
  if (outcome.kind === 'apply' && outcome.fileText === fileText) {
    const stripped = TRAILING_SPACE.test(instruction) ? trailingSpaceStripped(text, chosen, rawAnswer) : undefined;
    return stripped
      ? { ...outcome, fileText: joinText(stripped.text), changed: stripped.changed }
      : refuse('noChange', 'The answer changes nothing in the file.', outcome.format);
  }
  return outcome;
}

/**
 * Whether the instruction names code the selection lacks and the answer writes ("also unset
 * _CDO_CMP0127_WARNING"): the one thing more it asks for is that code, added, not a selected line rewritten.
 */
function namesNew(instruction: string, selected: readonly string[], rawAnswer: string): boolean {
  const names = instruction.match(/[A-Za-z_$][\w$]*(?:[_$\d][\w$]*|[a-z][A-Z][\w$]*)/g) ?? [];
  return names.some((name) => !selected.some((l) => wholeWord(name).test(l)) && wholeWord(name).test(rawAnswer));
}

/** The answer's first line of prose before its code, if it opens with one. */
function openingWords(rawAnswer: string): string {
  const lines = answerLines(rawAnswer);
  const first = lines.find((l) => l.trim() !== '') ?? '';
  if (!FENCE_OPEN.test(first)) return first.trim().startsWith('<') ? '' : first;
  // (Or its closing words, after an opening fence: "This keeps `html.cleanup` and adds `make.valid.html` below it.")
  // (FENCE_OPEN matches a closing fence too: one with no language.)
  const fences = lines.flatMap((l, i) => (FENCE_OPEN.test(l) ? [i] : []));
  return fences.length === 2 ? (lines.slice(fences[1] + 1).find((l) => l.trim() !== '') ?? '').replace(NAMES_IN_WORDS, 'x') : '';
}

/** Code spans and dotted or snake_case names in a sentence, whose words (`make`, `drop`) are no verbs. */
const NAMES_IN_WORDS = /`[^`\n]*`|[\w$]+(?:[._][\w$]+)+/g;

/** "remove the trailing whitespace", "strip trailing spaces", "whitespace at the end of lines". */
const TRAILING_SPACE = /\btrailing\s+(?:white\s*space|spaces?|blanks?|tabs?)\b|\bwhite\s*space\s+at\s+(?:the\s+)?ends?\b/i;

/**
 * Lines an answer keeps are written back with the file's bytes, so an answer whose only change is the
 * spaces at lines' ends reads as no change. Asked for exactly that, each selected line the answer writes
 * without them (as a fenced line, a REPLACE line or a diff's `+` line) loses them.
 */
function trailingSpaceStripped(text: TextLines, chosen: LineRange, rawAnswer: string): { text: TextLines; changed: LineRange } | undefined {
  const bare = new Set(
    answerLines(rawAnswer)
      .filter((l) => !/\s$/.test(l))
      .map((l) => l.replace(/^\+/, '').trim()),
  );
  const lines = [...text.lines];
  const changed: number[] = [];
  for (let i = chosen.start; i < chosen.end; i++) {
    const line = text.lines[i];
    if (line === line.trimEnd() || !bare.has(line.trim())) continue;
    lines[i] = line.trimEnd();
    changed.push(i);
  }
  if (changed.length === 0) return undefined;
  return { text: { ...text, lines }, changed: { start: changed[0], end: changed[changed.length - 1] + 1 } };
}

function applyParsed(text: TextLines, chosen: LineRange, rawAnswer: string, asked: Asked | undefined): EditOutcome {
  let parsed = parseAnswer(htmlUnescaped(withoutCopyArtifacts(rawAnswer, text), text.lines.slice(chosen.start, chosen.end)));
  if (parsed.format === 'searchReplace') {
    if (!parsed.complete)
      return refuse('truncated', 'The answer stops inside a SEARCH/REPLACE block; it may have been cut off.', 'searchReplace');
    if (parsed.blocks.length === 0) return refuse('empty', 'The answer has no complete SEARCH/REPLACE block.', 'searchReplace');
    return applyBlocks(text, chosen, parsed.blocks, 'searchReplace');
  }
  if (parsed.format === 'toolCall')
    return parsed.truncated
      ? refuse('truncated', 'The answer stops inside a tool call; it may have been cut off.')
      : refuse('noCode', 'The answer calls a tool (to read or run something) instead of giving the edit.');
  if (parsed.format === 'unifiedDiff') {
    if (!parsed.complete) return refuse('truncated', 'The answer stops inside its diff; it may have been cut off.', 'unifiedDiff');
    if (parsed.hunks.length === 0) return refuse('empty', 'The answer has a diff with no hunks.', 'unifiedDiff');
    return applyBlocks(text, chosen, parsed.hunks, 'unifiedDiff');
  }
  if (parsed.format === 'insert') {
    // Before line N (1-based) of the file, or after its last line for 0: inside the selection, the
    // selection with those lines in it is the rewrite.
    const at = parsed.line === 0 ? text.lines.length : parsed.line - 1;
    if (at < chosen.start || at > chosen.end)
      return refuse('outsideSelection', `The answer inserts code at line ${parsed.line}, outside the selection.`, 'wholeBlock');
    const around = text.lines.slice(chosen.start, chosen.end);
    const lines = [...around.slice(0, at - chosen.start), ...parsed.lines, ...around.slice(at - chosen.start)];
    parsed = { format: 'wholeBlock', fences: [{ language: '', lines, closed: true }], bare: [], prose: [] };
  }
  // What the prose around the code says decides whether the code is an edit at all.
  const selectedText = new Set(text.lines.slice(chosen.start, chosen.end).map((l) => l.trim()));
  // (An answer with no fence may hold its sentences among its lines.)
  const fenced = parsed.fences.length > 0;
  const codeLines = fenced ? parsed.fences.flatMap((f) => f.lines) : parsed.bare.filter((l) => !isSentence(l));
  const prose = fenced ? parsed.prose : [...parsed.prose, ...parsed.bare.filter(isSentence)];
  const repeatsSelection = codeLines.some((l) => l.trim().length > 3 && selectedText.has(l.trim()));
  // (Or code that only quotes selected lines, to point at them: "The disjunction … already matches".)
  const quotesSelection = codeLines.every((l) => isBlank(l) || selectedText.has(l.trim()));
  if ((!repeatsSelection || quotesSelection) && prose.some((l) => DECLINES.test(l))) {
    return refuse('noCode', 'The answer says no change is needed; its code is not an edit of the selection.', 'wholeBlock');
  }
  if (parsed.prose.some((l) => SECOND_OPTION.test(l))) {
    return refuse('severalBlocks', 'The answer offers more than one way to make the change; ask again for the one you want.', 'wholeBlock');
  }
  // Nothing left once the model's tokens and reasoning are gone (a run of `<|fim_pad|>`): no answer, not a deletion.
  if (parsed.fences.length === 0 && parsed.bare.every(isBlank))
    return refuse('empty', 'The answer holds nothing once its reasoning and model tokens are set aside.');
  const selected = text.lines.slice(chosen.start, chosen.end);
  const picked = pickBlock(parsed.fences, parsed.bare, selected);
  if ('why' in picked) return picked;
  const nearby = text.lines.slice(Math.max(0, chosen.start - 200), chosen.end + 200);
  const original = new Set(nearby.map((l) => l.trim()));
  const code = picked.lines.filter((l) => !CALL_TAG_LINE.test(l) || original.has(l.trim()));
  // Code that repeats the selection (three lines or more of it, nearly all, its first line too) is the
  // selection rewritten, whatever its sentence says of the new lines in it ("Add `exit 0` after the
  // final `fi`:"). A sibling copied from it starts with its own line (`export class TrustedStyle {`).
  const meaningful = selected.filter((l) => !isBlank(l));
  // (Asked to add, a copy that adds no line to the selection is a sibling: "add the same rule for …".)
  const addsNothing = asked === 'add' && lineCount(code) <= meaningful.length;
  const rewritten =
    meaningful.length >= 3 && keptShare(code, selected) >= 0.75 && code.some((l) => l.trim() === meaningful[0].trim()) && !addsNothing;
  // A marker at the snippet's start or end ("… existing code …" then the new lines) says no more than
  // the sentence does; one between its lines says where they go itself.
  const snippet = code.filter((l, k) => !(ELISION.test(l) && (k === 0 || k === code.length - 1)));
  const saidPlace =
    rewritten || snippet.some((l) => ELISION.test(l))
      ? undefined
      : (placedAsSaid(parsed.prose, selected, snippet, {
          before: text.lines.slice(Math.max(0, chosen.start - CONTEXT_ABOVE), chosen.start),
          after: text.lines.slice(chosen.end, chosen.end + 3),
        }) ??
        // (Blank lines past the selection, the newline that ends the file, leave it at the file's edge.)
        placedAtFileEdge(parsed.prose, selected, snippet, {
          start: text.lines.slice(0, chosen.start).every(isBlank),
          end: text.lines.slice(chosen.end).every(isBlank),
        }) ??
        placedInside(parsed.prose, selected, snippet));
  const block = { lines: saidPlace ?? code };
  // A snippet its sentence places where the selection has no one such place: read as the selection
  // rewritten, it would delete every selected line it does not repeat. (A marker says where itself.)
  if (block.lines === code && saysWhere(parsed.prose) && !code.some((l) => ELISION.test(l)) && keptShare(code, selected) < 0.5) {
    return refuse(
      'notFound',
      'The answer says where its lines go, but the selection has no one such place; nothing was applied.',
      'wholeBlock',
    );
  }
  const marker = block.lines.find((l) => MARKER_LINE.test(l) && !original.has(l.trim()));
  if (marker !== undefined) {
    return refuse(
      'markers',
      `The answer's code holds an edit marker ("${marker.trim()}") that is not in the file; it is not code to insert.`,
      'wholeBlock',
    );
  }
  // Prose in place of prose (a paragraph of a README rewritten) is the edit; prose in place of code is not,
  // nor prose that asks the user back ("Which options would you like documented? … tell me the names").
  const asksBack = block.lines.some((l) => l.includes('?')) && block.lines.some((l) => ASKS_BACK.test(l));
  if (parsed.fences.length === 0 && looksLikeProse(block.lines, original) && (asksBack || !looksLikeProse(selected, new Set()))) {
    return refuse('noCode', 'The answer is an explanation or a question, not code.', 'wholeBlock');
  }
  // (A marker's own words, "existing code", say nothing of what the block is about; a marker at one end
  // with the selection's own last or first line at the other, `}` or `};` too, says where the block is.)
  if (
    parsed.fences.length > 0 &&
    !markerSpansSelection(block.lines, selected) &&
    unrelated(
      block.lines.filter((l) => !ELISION.test(l)),
      selected,
      original,
    )
  ) {
    return refuse('noCode', "The answer's code shares nothing with the selection: it is an example, not a rewrite of it.", 'wholeBlock');
  }
  const elided = (l: string) => (ELISION.test(l) || namesSelected(l, selected)) && !original.has(l.trim()) && !DESCRIBES_CODE.test(l);
  const placeholder = block.lines.find((l) => PLACEHOLDER.test(l) && !elided(l) && !original.has(l.trim()));
  if (placeholder !== undefined) {
    return refuse('noCode', `The answer has a placeholder ("${placeholder.trim()}") where code should be.`, 'wholeBlock');
  }
  // Asked to add, new lines fewer than the selected ones, none of which repeats a line of the file around
  // them as it is (`return arr;` deeper, in a new guard, is not the function's own; a `}` is anyone's), with
  // no place said that could be read: as the selection rewritten, they would delete the code they were to join.
  const written = new Set(code.map((l) => l.trimEnd()));
  const repeats = nearby.some((l) => /\w/.test(l) && written.has(l.trimEnd()));
  if (asked === 'add' && block.lines === code && !code.some((l) => ELISION.test(l)) && lineCount(code) < lineCount(selected) && !repeats) {
    return refuse(
      'notFound',
      'The answer gives new lines without saying where in the selection they go; nothing was applied.',
      'wholeBlock',
    );
  }
  const placed = placeWholeBlock(text.lines, chosen, block.lines, elided, asked);
  if ('unplaced' in placed) {
    return refuse(
      placed.unplaced === 'ambiguous' ? 'ambiguous' : 'tooLarge',
      placed.unplaced === 'ambiguous'
        ? 'The answer leaves code out ("... existing code ...") where the file gives more than one way to put it back.'
        : 'The answer leaves code out ("... existing code ...") over too large a stretch of the file to put it back safely.',
      'wholeBlock',
    );
  }
  return applied(text, placed, 'wholeBlock');
}

/** A terminal's colour and style codes (`ESC[32m`), copied into an answer from a tool's output. */
// eslint-disable-next-line no-control-regex -- the escape byte is what is matched
const ANSI_CODE = /\u001b\[[0-9;]*[A-Za-z]/g;

/**
 * The answer without what copying it picked up: terminal colour codes, and no-break spaces (U+00A0) in
 * its indentation from a chat page, unless the file has such bytes of its own.
 */
function withoutCopyArtifacts(raw: string, text: TextLines): string {
  const colourless = text.lines.some((l) => l.includes('\u001b')) ? raw : raw.replace(ANSI_CODE, '');
  const fenced = hyphenRulesAsFence(colourless, text.lines);
  if (text.lines.some((l) => /^[ \t]*\u00a0/.test(l))) return fenced;
  return fenced.replace(/^[ \t\u00a0]+/gm, (lead) => lead.replace(/\u00a0/g, ' '));
}

const HYPHEN_RULE = /^-{10,}[ \t]*$/;

/**
 * OpenAI's reasoning models set code between two long lines of hyphens instead of a fence: read them as
 * one, in an answer with no fence of its own, when the file has no such line (a Markdown rule is text).
 */
function hyphenRulesAsFence(raw: string, file: readonly string[]): string {
  const lines = raw.split('\n');
  const rules = lines.filter((l) => HYPHEN_RULE.test(l)).length;
  if (rules !== 2 || lines.some((l) => FENCE_OPEN.test(l)) || file.some((l) => HYPHEN_RULE.test(l))) return raw;
  return lines.map((l) => (HYPHEN_RULE.test(l) ? '```' : l)).join('\n');
}

const HTML_ENTITY = /&(amp|lt|gt|quot|apos|#39|#x27);/g;
const HAS_ENTITY = new RegExp(HTML_ENTITY.source);
const ENTITY_TEXT: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };

/**
 * An answer whose code came back HTML-escaped (`&amp;&amp;`, `&#39;`: the prompt was escaped on its way
 * and the model copied the escaping), unescaped once: when the selection has no entities of its own
 * and a line of the answer, unescaped, is one of the selection's.
 */
function htmlUnescaped(raw: string, selected: readonly string[]): string {
  if (!HAS_ENTITY.test(raw) || selected.some((l) => HAS_ENTITY.test(l))) return raw;
  const unescape = (t: string) => t.replace(HTML_ENTITY, (_, name: string) => ENTITY_TEXT[name]);
  const wanted = new Set(selected.map((l) => l.trim()).filter((l) => l !== ''));
  const confirms = raw.split('\n').some((l) => HAS_ENTITY.test(l) && wanted.has(unescape(l).trim()));
  return confirms ? unescape(raw) : raw;
}

function pickBlock(
  fences: readonly Fence[],
  bare: string[],
  selected: readonly string[],
): { lines: string[] } | Extract<EditOutcome, { kind: 'refuse' }> {
  if (fences.length === 0) return { lines: bare };
  const code = fences.filter((f) => !/^(text|plaintext|output|console|sh|shell|bash)$/i.test(f.language) || fences.length === 1);
  // A block that repeats the selection unchanged ("Here is your current code:") quotes it; it is not the edit.
  const asCode = (lines: readonly string[]) =>
    trimBlankEnds(lines)
      .map((l) => l.trim())
      .join('\n');
  // The same block written again (a model whose stop token was stripped answers twice) is one block.
  const pool = (code.length > 0 ? code : fences).filter((f, i, all) => all.findIndex((g) => asCode(g.lines) === asCode(f.lines)) === i);
  const changing = pool.filter((f) => asCode(f.lines) !== asCode(selected));
  const candidates = changing.length > 0 ? changing : pool;
  if (candidates.length === 1) {
    const [only] = candidates;
    if (!only.closed) return refuse('truncated', 'The answer stops inside its code block; it may have been cut off.', 'wholeBlock');
    return { lines: only.lines };
  }
  // Several fences: the one that shares most lines with the selection is the rewrite; a tie is not a choice.
  const wanted = new Set(selected.filter((l) => !isBlank(l)).map((l) => l.trim()));
  const scored = candidates
    .map((f) => ({ f, shared: f.lines.filter((l) => wanted.has(l.trim())).length }))
    .sort((a, b) => b.shared - a.shared);
  if (scored[0].shared === 0 || scored[0].shared === scored[1].shared) {
    return refuse(
      'severalBlocks',
      `The answer has ${candidates.length} code blocks and none of them is clearly the rewritten selection.`,
      'wholeBlock',
    );
  }
  if (!scored[0].f.closed) return refuse('truncated', 'The answer stops inside its code block; it may have been cut off.', 'wholeBlock');
  return { lines: scored[0].f.lines };
}

interface Change {
  range: LineRange;
  lines: string[];
}

/** Search/replace blocks and diff hunks, one after another on the text the previous one left. */
function applyBlocks(text: TextLines, chosen: LineRange, blocks: readonly ReplaceBlock[], format: EditFormat): EditOutcome {
  let lines = [...text.lines];
  let eols = [...text.eols];
  let scope = { ...chosen };
  const changes: Change[] = [];
  // The file's indentation unit, read once: a few replaced lines do not change it.
  const fileUnit = indentUnit(text.lines);
  // (A line the file has, `#     ...` in a comment's example, is quoted, not a marker.)
  const fileLines = new Set(text.lines.map((l) => l.trim()));
  for (let n = 0; n < blocks.length; n++) {
    const block = chosenReading(lines, blocks[n], scope);
    const name =
      blocks.length === 1
        ? format === 'unifiedDiff'
          ? 'The hunk'
          : 'The SEARCH block'
        : `${format === 'unifiedDiff' ? 'Hunk' : 'SEARCH block'} ${n + 1} of ${blocks.length}`;
    const pieces = elisionPieces(block, fileLines);
    if (!pieces) return refuse('notFound', `${name} leaves out code ("...") in a way its replacement does not match.`, format);
    for (const piece of pieces) {
      const trimmed = trimmedPair(piece);
      if (trimmed.search.length === 0) {
        return refuse('notFound', `${name} has no text to search for, so there is nowhere to put its replacement.`, format);
      }
      // The quoted blank lines at the ends are part of the place when the file has them there too.
      const whole = piece.search.length !== trimmed.search.length ? findBlock(lines, piece.search, scope) : undefined;
      const { search, replace } = whole?.kind === 'found' ? piece : trimmed;
      let found = whole?.kind === 'found' ? whole : findBlock(lines, search, scope);
      let replacement = replace;
      // A SEARCH of part of one line ("raise Exception(") is that part of the one line holding it.
      const part = found.kind === 'missing' ? partOfLine(lines, search, replace, scope) : undefined;
      if (part) ({ found, replacement } = { found: findBlock(lines, part.search, scope), replacement: part.replace });
      if (found.kind === 'ambiguous') {
        return refuse('ambiguous', `${name} matches ${found.places} places in the file; it was not applied anywhere.`, format);
      }
      if (found.kind === 'missing')
        return refuse('notFound', `${name} does not match the file: "${firstLine(search)}" was not found.`, format);
      const { match } = found;
      // A block found with one line misremembered may not be misremembering a line it removes: that
      // line is from another version of the file (`indexOf` for `lastIndexOf`), and the block cannot be
      // placed in this one without changing code it never quoted.
      const absent =
        match.level === 'changedLine'
          ? removedButAbsent(lines, match, search, replacement, format === 'unifiedDiff')
          : match.level === 'comments'
            ? commentEditedButAbsent(lines, match, search, replacement)
            : undefined;
      if (absent !== undefined) return refuse('notFound', `${name} quotes "${firstLine([absent])}", which is not in the file.`, format);
      // An inline edit changes the selection (or right next to it: "add X after this"): a block that
      // matches only elsewhere edits code the user did not point at.
      if (match.end < scope.start || match.start > scope.end) {
        return refuse('outsideSelection', `${name} matches only outside the selection; it was not applied.`, format);
      }
      const made = replacementLines(lines, match, part?.search ?? search, replacement, fileUnit);
      const newLines = made.lines;
      const removed = match.end - match.start;
      // Lines kept byte for byte keep their endings; new lines get the file's usual one.
      const newEols = made.from.map((at) => (at === undefined ? text.eol : eols[at]));
      lines = [...lines.slice(0, match.start), ...newLines, ...lines.slice(match.end)];
      eols = [...eols.slice(0, match.start), ...newEols, ...eols.slice(match.end)];
      const delta = newLines.length - removed;
      if (match.start < scope.start) scope = { start: Math.max(0, scope.start + delta), end: scope.end + delta };
      else if (match.start < scope.end) scope = { start: scope.start, end: Math.max(scope.start, scope.end + delta) };
      changes.push({ range: { start: match.start, end: match.start + newLines.length }, lines: newLines });
    }
  }
  const result: TextLines = { lines, eols, eol: text.eol };
  fixLastEol(result, text);
  const first = Math.min(...changes.map((c) => c.range.start));
  const last = Math.max(...changes.map((c) => c.range.end));
  return { kind: 'apply', fileText: joinText(result), format, changed: { start: first, end: last } };
}

/**
 * A line the block removes (quoted, not in its replacement), or for a diff any line it quotes, that the
 * match stood in for with another: a hunk's context is what the model saw, and it saw another version.
 */
function removedButAbsent(
  lines: readonly string[],
  match: BlockMatch,
  search: readonly string[],
  replace: readonly string[],
  context: boolean,
): string | undefined {
  const kept = new Set(replace.map((l) => l.trim()));
  // Punctuation misremembered (a trailing comma left out) is the same line, and so is a comment's
  // wording; another word in code is not, nor another text in a string (`"'a' and 'b'"` for `"a and b"`).
  const words = (line: string) =>
    [
      ...(line.match(/[\w$]+/g) ?? []),
      ...(line.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').match(STRING_LITERALS) ?? []).map((t) => t.slice(1, -1)),
    ].join(' ');
  // (Vim's `"` opens a comment only on a line with no other quote: `"xo": "^0.24.0"` is a JSON member;
  // nor does C's `#define`.)
  // (Only a comment in words: `#REMOVE_HOME = 0`, a setting commented out, is code.)
  const comment = (line: string) =>
    ((/^\s*(\/\/|#|--|\/\*|\*|;)/.test(line) && !/^\s*#\s*(define|undef|include|if|ifn?def|elif|else|endif|pragma|error)\b/.test(line)) ||
      /^\s*"[^"]*$/.test(line)) &&
    (line.match(/\b[A-Za-z]{2,}\b/g)?.length ?? 0) >= 3;
  return search.find((line, j) => {
    const at = match.fileLineOf[j];
    return at !== undefined && !comment(lines[at]) && words(lines[at]) !== words(line) && (context || !kept.has(line.trim()));
  });
}

/**
 * A block found with a trailing comment worded otherwise may not be changing that comment alone: the
 * comment it edits is not the file's ("segment shared with other files" where the file says "segment =
 * shared with another file").
 */
function commentEditedButAbsent(
  lines: readonly string[],
  match: BlockMatch,
  search: readonly string[],
  replace: readonly string[],
): string | undefined {
  const kept = new Set(replace.map((l) => l.trim()));
  const squashed = (l: string) => l.replace(/\s+/g, '');
  return search.find((line, j) => {
    const at = match.fileLineOf[j];
    if (at === undefined || kept.has(line.trim()) || squashed(lines[at]) === squashed(line)) return false;
    return replace.some((r) => r.trim() !== line.trim() && codeWithoutComment(r) === codeWithoutComment(line));
  });
}

/** Of a block's readings, the one with the longest SEARCH the file has in one place, then the one it has most closely. */
function chosenReading(lines: readonly string[], block: ReplaceBlock, scope: LineRange): ReplaceBlock {
  if (!block.otherReadings) return block;
  const found = [block, ...block.otherReadings].flatMap((b) => {
    const search = findBlock(lines, trimBlankEnds(b.search), scope);
    return search.kind === 'found' ? [{ b, closeness: MATCH_LEVELS.indexOf(search.match.level) }] : [];
  });
  const better = (x: (typeof found)[0], y: (typeof found)[0]) =>
    y.b.search.length !== x.b.search.length ? y.b.search.length > x.b.search.length : y.closeness < x.closeness;
  return found.reduce((a, b) => (better(a, b) ? b : a), found[0] ?? { b: block, closeness: 0 }).b;
}

/**
 * A one-line SEARCH that is part of a line, and its one-line REPLACE, as the whole line before and after:
 * when the text is in exactly one line of the selection (or, failing that, of the file).
 */
function partOfLine(
  lines: readonly string[],
  search: readonly string[],
  replace: readonly string[],
  scope: LineRange,
): ReplaceBlock | undefined {
  if (search.length !== 1 || replace.length !== 1 || search[0].trim().length < 4) return undefined;
  const wanted = search[0].trim();
  const holding = (from: number, to: number) => {
    const found: number[] = [];
    for (let i = from; i < to; i++) if (lines[i].includes(wanted)) found.push(i);
    return found;
  };
  const inside = holding(scope.start, scope.end);
  const at = inside.length > 0 ? inside : holding(0, lines.length);
  if (at.length !== 1 || lines[at[0]].split(wanted).length !== 2) return undefined;
  const line = lines[at[0]];
  return { search: [line], replace: [line.replace(wanted, () => replace[0].trim())] };
}

/**
 * A block whose SEARCH and REPLACE both skip lines with "..." is several blocks: the pieces between the
 * markers, pairwise. Pieces that are the same on both sides change nothing and are left out. Undefined
 * when the two sides skip a different number of times.
 */
function elisionPieces(block: ReplaceBlock, fileLines: ReadonlySet<string>): ReplaceBlock[] | undefined {
  const isMarker = (l: string) => ELISION.test(l) && !fileLines.has(l.trim());
  if (!block.search.some(isMarker) && !block.replace.some(isMarker)) return [block];
  const split = (lines: readonly string[]) => {
    const out: string[][] = [[]];
    for (const l of lines) {
      if (isMarker(l)) out.push([]);
      else out[out.length - 1].push(l);
    }
    return out;
  };
  const search = split(block.search);
  const replace = split(block.replace);
  if (search.length !== replace.length) return undefined;
  const pieces = search.map((s, i) => ({ search: s, replace: replace[i] }));
  return pieces.filter((p) => p.search.map((l) => l.trimEnd()).join('\n') !== p.replace.map((l) => l.trimEnd()).join('\n'));
}

/** Blank lines at a block's ends are padding: they are matched and replaced only where both sides have them. */
function trimmedPair(block: ReplaceBlock): ReplaceBlock {
  const search = trimBlankEnds(block.search);
  let lead = 0;
  while (lead < block.search.length && isBlank(block.search[lead])) lead++;
  let replaceStart = 0;
  while (replaceStart < lead && replaceStart < block.replace.length && isBlank(block.replace[replaceStart])) replaceStart++;
  let trail = 0;
  while (trail < block.search.length - lead && isBlank(block.search[block.search.length - 1 - trail])) trail++;
  let replaceEnd = block.replace.length;
  while (block.replace.length - replaceEnd < trail && replaceEnd > replaceStart && isBlank(block.replace[replaceEnd - 1])) replaceEnd--;
  return { search, replace: block.replace.slice(replaceStart, replaceEnd) };
}

function applied(text: TextLines, placed: PlacedBlock, format: EditFormat): EditOutcome {
  const { range, lines: newLines } = placed;
  // Lines kept byte for byte keep their endings; new lines get the file's usual one.
  const lines = [...text.lines.slice(0, range.start), ...newLines, ...text.lines.slice(range.end)];
  const eols = [
    ...text.eols.slice(0, range.start),
    ...placed.from.map((at) => (at === undefined ? text.eol : text.eols[at])),
    ...text.eols.slice(range.end),
  ];
  const result: TextLines = { lines, eols, eol: text.eol };
  fixLastEol(result, text);
  return { kind: 'apply', fileText: joinText(result), format, changed: { start: range.start, end: range.start + newLines.length } };
}

/** The file ends as it did: with its final newline, or without one. */
function fixLastEol(result: TextLines, original: TextLines): void {
  const n = result.lines.length;
  if (n === 0) return;
  const endedWith = original.eols[original.eols.length - 1] ?? '';
  for (let i = 0; i < n - 1; i++) if (result.eols[i] === '') result.eols[i] = original.eol;
  result.eols[n - 1] = endedWith;
}

function firstLine(lines: readonly string[]): string {
  const line = lines.find((l) => !isBlank(l))?.trim() ?? '';
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}

function refuse(why: RefusalReason, message: string, format?: EditFormat): Extract<EditOutcome, { kind: 'refuse' }> {
  return { kind: 'refuse', why, message, ...(format ? { format } : {}) };
}

/**
 * Whether the block is a marker and then code ending with the selection's last line, or the reverse, or
 * has one marker, at an end, beside new lines only: the selection kept, new lines before or after it.
 */
function markerSpansSelection(block: readonly string[], selected: readonly string[]): boolean {
  const ends = (lines: readonly string[]) => trimBlankEnds(lines).map((l) => l.trim());
  const code = ends(block);
  const own = ends(selected);
  if (code.length < 2 || own.length < 2) return false;
  const markers = code.filter((l) => ELISION.test(l)).length;
  return (
    (ELISION.test(code[0]) && code.at(-1) === own.at(-1) && !ELISION.test(code.at(-1)!)) ||
    (ELISION.test(code.at(-1)!) && code[0] === own[0] && !ELISION.test(code[0])) ||
    (markers === 1 && (ELISION.test(code[0]) || ELISION.test(code.at(-1)!)))
  );
}

/** The share of the selection's lines (not blank) that the code repeats. */
function keptShare(code: readonly string[], selected: readonly string[]): number {
  const lines = new Set(code.map((l) => l.trim()));
  const meaningful = selected.filter((l) => !isBlank(l));
  return meaningful.length === 0 ? 1 : meaningful.filter((l) => lines.has(l.trim())).length / meaningful.length;
}

/** How many lines are not blank. */
const lineCount = (lines: readonly string[]) => lines.filter((l) => !isBlank(l)).length;

/** A markdown list item's marker: `- `, `* `, `1. `, `2) `. */
const LIST_ITEM = /^\s*(?:[-*•]|\d{1,2}[.)])\s+/;

/** Words mostly (`share` of them) of letters alone (`the`, `printed`, `(a`, `logger,`), as a sentence has them and code does not. */
function wordy(words: readonly string[], share: number): boolean {
  return words.filter((w) => /^[(`"']?[A-Za-z][a-z']*[`"')]?[,.;:?!)]*$/.test(w)).length >= words.length * share;
}

/** A bare answer of sentences, sharing no line with the code around the selection. */
function looksLikeProse(lines: readonly string[], original: ReadonlySet<string>): boolean {
  const meaningful = lines.filter((l) => !isBlank(l));
  if (meaningful.length === 0) return false;
  if (meaningful.some((l) => original.has(l.trim()) && l.trim().length > 3)) return false;
  return meaningful.filter(isSentence).length * 2 >= meaningful.length;
}

/**
 * A line that reads as a sentence. It may go on from the line before, so it may start in lower case ("so
 * `f(x)` returns 2."); a list's item ("1. the way the message is printed (…),") may end anyhow but reads
 * as words.
 */
function isSentence(line: string): boolean {
  const item = LIST_ITEM.exec(line);
  const text = (item ? line.slice(item[0].length) : line).trim();
  const words = text.split(/\s+/);
  // (Code quoted in backticks reads as a word of the sentence; a code line's words are not words:
  // `if line and line[0] != '#':` ends like a sentence too.)
  const plain = text.replace(/`[^`]*`/g, 'code').split(/\s+/);
  return (
    words.length >= 5 &&
    /^[A-Za-z`"'(]/.test(text) &&
    (/[.?!:]$/.test(text) || /[a-z`]\. [A-Z]/.test(text) || item !== null) &&
    wordy(plain, item === null ? 0.6 : 0.7) &&
    !/[;{}]$/.test(text)
  );
}

/**
 * A fenced block that is not the selection rewritten: it shares no line with the selection or the code
 * around it, and few of its words. A selection of one or two lines is too little to tell.
 */
function unrelated(block: readonly string[], selected: readonly string[], original: ReadonlySet<string>): boolean {
  const code = selected.filter((l) => !isBlank(l));
  if (code.length < 3) return false;
  if (block.some((l) => !isBlank(l) && original.has(l.trim()) && l.trim().length > 3)) return false;
  const words = (lines: readonly string[]) =>
    new Set(
      lines
        .join(' ')
        .toLowerCase()
        .split(/[^\w$]+/)
        .filter((w) => w.length > 2),
    );
  const ours = words(selected);
  const theirs = words(block);
  // Only brackets and punctuation (`}` for a removed member and its comma) share no words with anything.
  if (theirs.size === 0) return false;
  let both = 0;
  for (const w of theirs) if (ours.has(w)) both++;
  return both / Math.max(1, theirs.size) < 0.3;
}
