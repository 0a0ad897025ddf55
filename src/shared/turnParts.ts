// The order of an assistant turn's pieces. The host records it as the answer
// streams and the webview replays the same deltas with the same function, so both sides agree on
// where a piece of text belongs without sending the parts again on every delta.
import type { AssistantTurn, TurnPart } from './protocol';

/**
 * Adds streamed text to the parts: to the last part if it is of the same kind, else as a new part.
 * A new part drops leading line breaks: they are the blank line that joins rounds in `content` and
 * `reasoning`, and here the rounds are separate parts already.
 */
export function appendPart(parts: TurnPart[], kind: 'reasoning' | 'text', text: string): void {
  if (!text) return;
  const last = parts.at(-1);
  if (last && last.kind === kind) {
    last.text += text;
    return;
  }
  const trimmed = text.replace(/^\n+/, '');
  if (trimmed) parts.push({ kind, text: trimmed });
}

/** The turn's parts; a turn saved before parts existed reads in the old layout (reasoning, text, tools). */
export function partsOf(turn: AssistantTurn): TurnPart[] {
  if (turn.parts) {
    // A card is never lost, even if its call is missing from the parts.
    const missing = turn.toolCalls.filter((c) => !turn.parts?.some((p) => p.kind === 'tool' && p.callId === c.id));
    return missing.length ? [...turn.parts, ...missing.map((c): TurnPart => ({ kind: 'tool', callId: c.id }))] : turn.parts;
  }
  const parts: TurnPart[] = [];
  if (turn.reasoning) parts.push({ kind: 'reasoning', text: turn.reasoning });
  if (turn.content) parts.push({ kind: 'text', text: turn.content });
  for (const call of turn.toolCalls) parts.push({ kind: 'tool', callId: call.id });
  return parts;
}

/**
 * Whether `local` is `host` with more streamed text: same kinds in the same order, each host text a
 * prefix of the local one, and perhaps more parts after. The webview then keeps its own (newer) text.
 */
export function partsExtend(local: readonly TurnPart[], host: readonly TurnPart[]): boolean {
  if (local.length < host.length) return false;
  return host.every((h, i) => {
    const l = local[i];
    if (h.kind === 'tool') return l.kind === 'tool' && l.callId === h.callId;
    return h.kind === l.kind && l.text.startsWith(h.text);
  });
}
