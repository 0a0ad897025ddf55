// Characters that change what a command does, or how it reads, without showing: line breaks, C0 and
// C1 controls, DEL, bidi controls and zero-width characters. The approval card shows each one as a
// visible mark, and a standing approval ("Always") never covers text that holds any: the user could
// not have read it as it runs.
import type { ToolApproval } from './protocol';

// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
const HIDDEN_EACH = new RegExp(HIDDEN.source, 'g');
/** What ends a line for a shell or a terminal (Enter is `\r`); the break stays at the end of its line. */
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/**
 * Whether "Always" may cover a call: only one with a scope, and (defence in depth, whatever the tool
 * host offers) never one whose command or scope hides a character, since what the user read once need
 * not be what runs. The card offers the button, and the session honours it, on this same rule.
 */
export function mayStand(approval: ToolApproval): approval is ToolApproval & { alwaysScope: string } {
  const { alwaysScope, command } = approval;
  return alwaysScope !== undefined && !hasHiddenCharacters(alwaysScope) && (command === undefined || !hasHiddenCharacters(command));
}

/** ASCII's names of its control characters, 0x00 to 0x1f. */
const C0_NAMES = 'NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US'.split(
  ' ',
);

/**
 * The mark shown for a hidden character: ⏎ for a line feed, ⇥ for a tab, the ASCII name of another
 * control (ESC, CR, NUL…, DEL), else the code point (U+202E). Names rather than the Unicode control
 * pictures (␛ ␍), which many editor fonts lack and would draw as an empty box.
 */
export function visibleForm(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (char === '\n') return '⏎';
  if (char === '\t') return '⇥';
  if (code < 0x20) return C0_NAMES[code];
  if (code === 0x7f) return 'DEL';
  return codePoint(char);
}

/** `U+001B` for ESC: how a hidden character is named where its mark alone would be ambiguous. */
export function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Text cut into plain runs and single hidden characters, in order. */
export function textPieces(text: string): Array<{ text: string; hidden: boolean }> {
  const pieces: Array<{ text: string; hidden: boolean }> = [];
  let at = 0;
  for (const match of text.matchAll(HIDDEN_EACH)) {
    if (match.index > at) pieces.push({ text: text.slice(at, match.index), hidden: false });
    pieces.push({ text: match[0], hidden: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), hidden: false });
  return pieces;
}

/** The text with its line breaks removed: what is left to check for other hidden characters. */
export function withoutLineBreaks(text: string): string {
  return text.replace(LINE_BREAK, '');
}

/** The lines of a command as a shell reads them, each with its line break kept at its end. */
export function commandLines(command: string): string[] {
  const lines: string[] = [];
  let at = 0;
  for (const match of command.matchAll(LINE_BREAK)) {
    const end = match.index + match[0].length;
    lines.push(command.slice(at, end));
    at = end;
  }
  lines.push(command.slice(at));
  return lines;
}
