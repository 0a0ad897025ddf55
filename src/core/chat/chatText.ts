// Small text helpers of the chat: titles, and the summary a new chat starts from.
import type { ChatView } from '../../shared/protocol';

const TITLE_CHARS = 60;

/** A chat's title: the first line of its first message, shortened at a word boundary. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0].replace(/\s+/g, ' ').trim();
  if (line === '') return 'New chat';
  if (line.length <= TITLE_CHARS) return line;
  const cut = line.slice(0, TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const SUMMARY_TURN_CHARS = 600;
const SUMMARY_MAX_CHARS = 6000;

/**
 * A local summary of a chat that outgrew the context window: the question and the latest exchanges,
 * each shortened. Built locally because asking the model would send the same too-long context.
 */
export function summaryOf(chat: ChatView): string {
  const lines: string[] = [`Summary of the earlier chat "${chat.title}":`];
  const turns = chat.turns.filter((t) => (t.role === 'user' ? t.text : t.content).trim() !== '');
  const first = turns[0];
  const picked = turns.length > 7 ? [first, ...turns.slice(-6)] : turns;
  for (const turn of picked) {
    const text = (turn.role === 'user' ? turn.text : turn.content).trim();
    const short = text.length > SUMMARY_TURN_CHARS ? `${text.slice(0, SUMMARY_TURN_CHARS)}…` : text;
    lines.push(`${turn.role === 'user' ? 'User' : 'Assistant'}: ${short}`);
    if (turn === first && picked.length < turns.length) lines.push('[…]');
  }
  const summary = lines.join('\n\n');
  return summary.length > SUMMARY_MAX_CHARS ? `${summary.slice(0, SUMMARY_MAX_CHARS)}…` : summary;
}
