// Scripted follow-up calls, for tests of what a model does with a tool's result: a user message holding
// `[[then <tool> <json arguments>]]` (one or more) makes the model, once the results of its previous
// round are in, call <tool> with those arguments, where `{{value:NAME}}` stands for the value NAME has
// in the tool results since that message (`NAME=value` or `NAME: value`; the latest one that has it). The first round is planned from the message without
// the directives, as any other. A model that reads a `.env` and then puts its token into a command is
// scripted this way.
import type { ConversationMessage, FunctionToolSpec, PlainToolCall } from './conversation';
import { stableId } from './rng';

const DIRECTIVE = /\[\[then\s+([\w.-]+)\s+(\{[\s\S]*?\})\]\]/g;

/** The messages with the directives taken out of the last user message, for planning its first round. */
export function withoutFollowUps(messages: readonly ConversationMessage[]): ConversationMessage[] {
  const at = lastUser(messages);
  if (at < 0 || !messages[at].text.includes('[[then ')) return [...messages];
  const copy = [...messages];
  copy[at] = { ...messages[at], text: messages[at].text.replace(DIRECTIVE, ' ').trim() };
  return copy;
}

/** The follow-up call due now, or undefined (no directive left, or the conversation does not end in tool results). */
export function followUpCalls(messages: readonly ConversationMessage[], tools: readonly FunctionToolSpec[]): PlainToolCall[] | undefined {
  const at = lastUser(messages);
  if (at < 0 || messages[messages.length - 1]?.role !== 'tool') return undefined;
  const directives = [...messages[at].text.matchAll(DIRECTIVE)];
  const rounds = messages.slice(at + 1).filter((m) => m.role === 'assistant' && m.toolCalls.length > 0).length;
  const next = directives[rounds - 1];
  if (!next || !tools.some((t) => t.name === next[1])) return undefined;
  // Every result since the message, the latest first: a value read two rounds ago still counts.
  const results = messages
    .slice(at + 1)
    .filter((m) => m.role === 'tool')
    .map((m) => m.text)
    .reverse();
  const args = next[2].replace(/\{\{value:([\w.-]+)\}\}/g, (_m, name: string) => valueOf(name, results.join('\n')));
  return [{ id: stableId('call_', messages[at].text, next[1], String(rounds), args), name: next[1], arguments: args }];
}

function lastUser(messages: readonly ConversationMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return i;
  return -1;
}

/** NAME's value in the results, escaped to stand inside a JSON string. */
function valueOf(name: string, text: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const value = new RegExp(`^\\s*(?:export\\s+)?${escaped}\\s*[=:]\\s*(.*)$`, 'm').exec(text)?.[1].trim() ?? '';
  return JSON.stringify(value).slice(1, -1);
}
