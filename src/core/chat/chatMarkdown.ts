// A chat as a Markdown document (Export Chat as Markdown…, Copy Chat). The text comes from the user,
// the model and the workspace, so it is escaped: raw HTML in it stays text, and nothing in it (a
// `</details>`, an unclosed code fence) can close or swallow the document's own structure.
import type { AssistantTurn, ChatView, ToolCallView, UserTurn } from '../../shared/protocol';

export interface ChatMarkdownMeta {
  /** When the export was made. */
  date: Date;
}

/** Longest tool target shown in a summary line: the line is a summary, not the call's arguments. */
const MAX_TARGET_CHARS = 120;

export function chatMarkdown(chat: ChatView, meta: ChatMarkdownMeta): string {
  const lines = [
    `# ${inlineText(chat.title || 'Untitled chat')}`,
    '',
    `- Date: ${formatDate(meta.date)}`,
    `- Model: ${inlineText(chat.options.model)} (Service ${chat.options.service})`,
  ];
  for (const turn of chat.turns) lines.push('', ...(turn.role === 'user' ? userPart(turn) : assistantPart(turn)));
  return `${lines.join('\n')}\n`;
}

/** A file name from the chat title, without the characters file systems refuse: `Fix: a/b?` → `Fix a b.md`. */
export function markdownFileName(title: string): string {
  const base = [...title]
    .map((c) => (c.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return `${base || 'chat'}.md`;
}

function userPart(turn: UserTurn): string[] {
  const out = ['## User', '', blockText(turn.text)];
  if (turn.attachments.length > 0) out.push('', `Attached: ${turn.attachments.map((a) => codeSpan(a.label)).join(', ')}`);
  return out;
}

function assistantPart(turn: AssistantTurn): string[] {
  const out = ['## Assistant'];
  if (turn.reasoning.trim()) {
    // GitHub and VS Code's preview need the blank lines to render the Markdown inside the HTML block.
    out.push('', '<details><summary>Reasoning</summary>', '', blockText(turn.reasoning), '', '</details>');
  }
  if (turn.toolCalls.length > 0) out.push('', ...turn.toolCalls.map(toolSummary));
  if (turn.content.trim()) out.push('', blockText(turn.content));
  if (turn.citations.length > 0) {
    out.push('', 'Sources:', '', ...turn.citations.map((c) => `- [${inlineText(c.title)}](${linkTarget(c.url)})`));
  }
  if (turn.status === 'stopped') out.push('', '_(stopped)_');
  if (turn.error) out.push('', `> ${inlineText(`${turn.error.message} ${turn.error.hint}`.trim())}`);
  return out;
}

/** One line per call: the tool, what it acted on, how it ended. */
function toolSummary(call: ToolCallView): string {
  const target = toolTarget(call.args);
  return `- Tool ${codeSpan(call.name)}${target ? ` ${codeSpan(target)}` : ''}: ${outcome(call)}`;
}

function toolTarget(args: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    return '';
  }
  if (!parsed || typeof parsed !== 'object') return '';
  const record = parsed as Record<string, unknown>;
  const value = ['path', 'command', 'query', 'url', 'pattern'].map((k) => record[k]).find((v) => typeof v === 'string' && v !== '');
  if (typeof value !== 'string') return '';
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TARGET_CHARS ? `${flat.slice(0, MAX_TARGET_CHARS - 1)}…` : flat;
}

function outcome(call: ToolCallView): string {
  switch (call.status) {
    case 'done':
      return 'done';
    case 'denied':
      return 'declined';
    case 'error': {
      const first = (call.result ?? '').split('\n')[0].replace(/^Error:\s*/, '');
      return inlineText(`failed${first ? `: ${first.slice(0, MAX_TARGET_CHARS)}` : ''}`);
    }
    case 'awaiting-approval':
      return 'not run';
    case 'running':
      return 'interrupted';
  }
}

/**
 * Markdown text kept as Markdown (code blocks stay code blocks) but made safe to embed: outside code,
 * `<` and `&` become entities so HTML (a `</details>`, a `<script>`) is shown, not parsed; a code
 * fence left open is closed, so it cannot swallow what follows.
 */
export function blockText(text: string): string {
  const out: string[] = [];
  let fence: { char: string; length: number } | undefined;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      out.push(line);
      if (marker && marker[1][0] === fence.char && marker[1].length >= fence.length && line.trim() === marker[1]) fence = undefined;
      continue;
    }
    // A backtick fence's info string may not hold a backtick; such a line is not a fence.
    if (marker && !(marker[1][0] === '`' && line.slice(marker[0].length).includes('`'))) {
      fence = { char: marker[1][0], length: marker[1].length };
      out.push(line);
      continue;
    }
    out.push(escapeOutsideCodeSpans(line));
  }
  if (fence) out.push(fence.char.repeat(fence.length));
  return out.join('\n').trimEnd();
}

/** One line of text (a title, a summary): no line breaks, no HTML, no Markdown links or emphasis. */
function inlineText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]#|])/g, '\\$1');
}

/** Inline code that holds any text: its backtick fence is longer than any run of backticks inside. */
function codeSpan(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const tick = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${tick}${pad}${flat}${pad}${tick}`;
}

/** A link destination that cannot end the link early or open HTML. */
function linkTarget(url: string): string {
  return url.replace(/[\s()<>[\]\\`]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function escapeOutsideCodeSpans(line: string): string {
  let out = '';
  let rest = line;
  for (;;) {
    const open = /`+/.exec(rest);
    if (!open) return out + escapeHtml(rest);
    const closeAt = findClosing(rest, open.index + open[0].length, open[0].length);
    if (closeAt < 0) {
      out += escapeHtml(rest.slice(0, open.index + open[0].length));
      rest = rest.slice(open.index + open[0].length);
      continue;
    }
    out += escapeHtml(rest.slice(0, open.index)) + rest.slice(open.index, closeAt + open[0].length);
    rest = rest.slice(closeAt + open[0].length);
  }
}

/** Where a run of exactly `length` backticks starts at or after `from`, or -1. */
function findClosing(text: string, from: number, length: number): number {
  const re = /`+/g;
  re.lastIndex = from;
  for (let m = re.exec(text); m; m = re.exec(text)) if (m[0].length === length) return m.index;
  return -1;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function formatDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
