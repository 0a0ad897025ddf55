// What "read aloud" says for a chat answer: the answer's text only. Reasoning and tool cards are other
// parts of the turn and are never read; web addresses and citation markers are noise to a listener;
// a fenced code block is announced (or read as words, or skipped, per tandem.speech.codeBlocks).
// Pure string work: the host reads the turn from the chat's own history and calls this.
import type { AssistantTurn } from '../../shared/protocol';
import { partsOf } from '../../shared/turnParts';
import { cleanForSpeech, splitForSpeech } from './speechText';

type CodeBlockMode = 'announce' | 'read' | 'skip';

export interface AnswerSpeechOptions {
  codeBlocks: CodeBlockMode;
  /** tandem.speech.readCodeLiterally: with `read`, code is spoken as written rather than as words. */
  readCodeLiterally?: boolean;
}

/** A fence's info word → the language's spoken name and its VS Code language id (for the code verbaliser). */
const FENCE_LANGUAGES: Record<string, [name: string, languageId: string]> = {
  ts: ['TypeScript', 'typescript'],
  typescript: ['TypeScript', 'typescript'],
  tsx: ['TypeScript', 'typescriptreact'],
  js: ['JavaScript', 'javascript'],
  javascript: ['JavaScript', 'javascript'],
  jsx: ['JavaScript', 'javascriptreact'],
  mjs: ['JavaScript', 'javascript'],
  cjs: ['JavaScript', 'javascript'],
  py: ['Python', 'python'],
  python: ['Python', 'python'],
  python3: ['Python', 'python'],
  go: ['Go', 'go'],
  golang: ['Go', 'go'],
  rs: ['Rust', 'rust'],
  rust: ['Rust', 'rust'],
  java: ['Java', 'java'],
  c: ['C', 'c'],
  h: ['C', 'c'],
  cpp: ['C++', 'cpp'],
  'c++': ['C++', 'cpp'],
  cc: ['C++', 'cpp'],
  hpp: ['C++', 'cpp'],
  cs: ['C sharp', 'csharp'],
  csharp: ['C sharp', 'csharp'],
  'c#': ['C sharp', 'csharp'],
  kt: ['Kotlin', 'kotlin'],
  kotlin: ['Kotlin', 'kotlin'],
  swift: ['Swift', 'swift'],
  rb: ['Ruby', 'ruby'],
  ruby: ['Ruby', 'ruby'],
  php: ['PHP', 'php'],
  sh: ['shell', 'shellscript'],
  bash: ['shell', 'shellscript'],
  zsh: ['shell', 'shellscript'],
  shell: ['shell', 'shellscript'],
  shellscript: ['shell', 'shellscript'],
  console: ['shell', 'shellscript'],
  ps1: ['PowerShell', 'powershell'],
  powershell: ['PowerShell', 'powershell'],
  sql: ['SQL', 'sql'],
  json: ['JSON', 'json'],
  jsonc: ['JSON', 'jsonc'],
  yaml: ['YAML', 'yaml'],
  yml: ['YAML', 'yaml'],
  toml: ['TOML', 'toml'],
  html: ['HTML', 'html'],
  xml: ['XML', 'xml'],
  css: ['CSS', 'css'],
  scss: ['SCSS', 'scss'],
  md: ['Markdown', 'markdown'],
  markdown: ['Markdown', 'markdown'],
  diff: ['diff', 'diff'],
  dockerfile: ['Dockerfile', 'dockerfile'],
  makefile: ['Makefile', 'makefile'],
};
/** Info words that name no language: such a block is announced as plain "code block". */
const NO_LANGUAGE = new Set(['', 'text', 'txt', 'plaintext', 'plain', 'output']);

/** The language a fence's info string names, if any: `ts`, `python title="x.py"`, `{.rust}`. */
export function fenceLanguage(info: string): { name: string; languageId: string } | undefined {
  const word = /^[{.\s]*([\w+#-]{1,30})/.exec(info.trim())?.[1]?.toLowerCase() ?? '';
  if (NO_LANGUAGE.has(word)) return undefined;
  const known = FENCE_LANGUAGES[word];
  // An unknown tag is still a hint worth hearing ("of mermaid"); its id leaves the verbaliser's shared rules.
  return known ? { name: known[0], languageId: known[1] } : { name: word, languageId: word };
}

/** "Code block, 12 lines of TypeScript." */
export function announceCodeBlock(lines: number, language: string | undefined): string {
  const count = `${lines} ${lines === 1 ? 'line' : 'lines'}`;
  return language ? `Code block, ${count} of ${language}.` : `Code block, ${count}.`;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** An answer in pieces: prose to clean as markdown, and fenced code blocks. */
type AnswerPiece = { kind: 'prose'; text: string } | { kind: 'code'; info: string; code: string[] };

/** Splits markdown into prose and fenced code; a fence that never closes runs to the end. */
function answerPieces(markdown: string): AnswerPiece[] {
  const pieces: AnswerPiece[] = [];
  let prose: string[] = [];
  let code: { fence: string; info: string; lines: string[] } | undefined;
  const flushProse = () => {
    if (prose.length > 0) pieces.push({ kind: 'prose', text: prose.join('\n') });
    prose = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (code) {
      if (isFenceClose(line, code.fence)) {
        pieces.push({ kind: 'code', info: code.info, code: code.lines });
        code = undefined;
      } else code.lines.push(line);
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    // A backtick fence's info string may not hold a backtick (CommonMark), so "```a``` b" is inline code.
    if (open && !(open[1][0] === '`' && open[2].includes('`'))) {
      flushProse();
      code = { fence: open[1], info: open[2].trim(), lines: [] };
      continue;
    }
    prose.push(line);
  }
  flushProse();
  if (code) pieces.push({ kind: 'code', info: code.info, code: code.lines });
  return pieces;
}

/** A closing fence: the same character, at least as many, and nothing else on the line. */
export function isFenceClose(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= fence.length && trimmed.startsWith(fence) && [...trimmed].every((c) => c === fence[0]);
}

// Citation markers as models write them: [1], [1, 2], [^3], [citation:4], 【5】. Not a link's text ("[1](…)").
// A run of them goes at once; one after a bracket is a reference link's label ("[text][1]"), which stays.
const CITATION_MARKER = /\s?(?:(?<!\])(?:\[(?:\^|citation:\s?|source:?\s?)?\d{1,3}(?:\s?,\s?\d{1,3}){0,9}\])+(?![(:[])|【\d{1,3}】)/gi;
/** `[1]: https://…` reference definitions and `[^1]: note` footnotes say where, not what. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]{1,100}\]:\s+\S+.*$/gm;
// Mirrors speechText's link rule (not after a word or bracket, one level of parentheses in the target).
const LINK = /(?<![\w\])!])\[([^\]]{1,500})\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/g;
const AUTOLINK = /<((?:https?|ftp):\/\/[^\s<>]+)>/gi;
const BARE_URL = /\b(?:https?|ftp):\/\/[^\s<>()[\]]*[^\s<>()[\].,;:!?'"*_~`]/gi;
/** What a bare address becomes: a word says there was one, the address itself is noise. */
const URL_WORD = 'link';

/** Answer prose without addresses and citation markers; links keep their text. */
export function proseWithoutUrls(text: string): string {
  // Code spans are set aside: `a[1]` or `fetch("https://…")` is code the listener should hear as written.
  const kept: string[] = [];
  const masked = text.replace(/(`+)[^`\n]{1,1000}?\1/g, (span) => `\uE010${kept.push(span) - 1}\uE011`);
  return masked
    .replace(REFERENCE_DEFINITION, '')
    .replace(LINK, '$1')
    .replace(AUTOLINK, '$1')
    .replace(BARE_URL, URL_WORD)
    .replace(CITATION_MARKER, '')
    .replace(/\uE010(\d+)\uE011/g, (_m, index: string) => kept[Number(index)]);
}

/** The answer's own text: its text parts, without reasoning or tool cards. */
export function answerText(turn: AssistantTurn): string {
  return partsOf(turn)
    .flatMap((part) => (part.kind === 'text' ? [part.text] : []))
    .join('\n\n');
}

/** The answer (markdown) as it should be spoken. */
export function answerForSpeech(markdown: string, options: AnswerSpeechOptions): string {
  const spoken: string[] = [];
  for (const piece of answerPieces(markdown)) {
    if (piece.kind === 'prose') {
      spoken.push(cleanForSpeech(proseWithoutUrls(piece.text), { stripMarkup: true, languageId: 'markdown' }));
      continue;
    }
    const language = fenceLanguage(piece.info);
    const lines = trimBlankEnds(piece.code);
    if (options.codeBlocks === 'skip' || lines.length === 0) continue;
    if (options.codeBlocks === 'announce') {
      spoken.push(announceCodeBlock(lines.length, language?.name));
      continue;
    }
    // A block with no language is read as text; comments lose their markers either way.
    spoken.push(
      cleanForSpeech(lines.join('\n'), {
        stripMarkup: true,
        languageId: language?.languageId ?? 'plaintext',
        readCodeLiterally: options.readCodeLiterally,
      }),
    );
  }
  return spoken.filter(Boolean).join(' ');
}

/** A turn as read-aloud parts (speechText's limits). */
export function answerSpeechParts(turn: AssistantTurn, options: AnswerSpeechOptions): string[] {
  return splitForSpeech(answerForSpeech(answerText(turn), options));
}

function trimBlankEnds(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start].trim()) start++;
  while (end > start && !lines[end - 1].trim()) end--;
  return lines.slice(start, end);
}
