// The chat as it may be kept (saved, exported, copied): the secrets the chat handled are replaced in
// every string it holds (tool-call arguments, approval cards, tool results, the model's text, the
// wire messages sent back), and quotes of the answer in progress's sensitive text in what the model wrote.
import type { ChatMessage } from '../services/wireTypes';
import type { AssistantTurn } from '../../shared/protocol';
import type { SecretRedactor } from '../security/secretRedaction';
import type { StoredChat } from './chatStore';
import type { UnsavedContent } from './unsavedContent';

/**
 * Replaces the chat's secrets in place, in every turn and wire message. Returns the ids of the turns
 * that changed (the view shows them again).
 */
export function redactChat(chat: StoredChat, secrets: SecretRedactor): string[] {
  if (secrets.empty) return [];
  const changed: string[] = [];
  for (const turn of chat.turns) {
    let touched = false;
    const redact = (text: string) => {
      const out = secrets.redact(text);
      if (out !== text) touched = true;
      return out;
    };
    redactStrings(turn, redact);
    const wire = chat.wire[turn.id];
    if (wire) redactStrings(wire, redact);
    if (touched) changed.push(turn.id);
  }
  chat.title = secrets.redact(chat.title);
  return changed;
}

/** The answer as kept: quotes of this answer's sensitive text in what the model wrote are replaced. */
export function redactAnswerText(turn: AssistantTurn, wire: ChatMessage[], unsaved: UnsavedContent): void {
  turn.content = unsaved.redact(turn.content);
  turn.reasoning = unsaved.redact(turn.reasoning);
  for (const part of turn.parts ?? []) if (part.kind !== 'tool') part.text = unsaved.redact(part.text);
  for (const m of wire) {
    if (m.role !== 'assistant') continue;
    if (typeof m.content === 'string') m.content = unsaved.redact(m.content);
    if (m.reasoning_content) m.reasoning_content = unsaved.redact(m.reasoning_content);
  }
}

/** Every string inside `value`, replaced in place (objects keep their identity: the answer in progress maps tool messages by it). */
function redactStrings(value: object, redact: (text: string) => string): void {
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (typeof item === 'string') record[key] = redact(item);
    else if (item && typeof item === 'object') redactStrings(item, redact);
  }
}
