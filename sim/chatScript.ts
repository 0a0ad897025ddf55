// Deterministic chat text: reasoning (a few sentences about the question) and an answer in
// markdown (heading, list, fenced code block). Same request, same text. A `[[tokens=N]]` hint in
// the last user message makes reasoning + answer come to exactly N completion tokens.
import type { Annotation } from '../src/core/services/wireTypes';
import { codeFor, detectLanguage, type LangInfo } from './codeSnippets';
import type { ConversationMessage, PlainToolCall } from './conversation';
import { makeRng, seedFrom, type Rng } from './rng';
import { countTokens, truncateToTokens } from './tokens';

export type WebOutcome = { ok: true; annotations: Annotation[] } | { ok: false; error: string };

export interface ScriptInput {
  model: string;
  messages: readonly ConversationMessage[];
  reasoning: boolean;
  effort: 'high' | 'max';
  json: boolean;
  /** Calls the model makes this turn; when present the answer is empty. */
  toolCalls: readonly PlainToolCall[];
  web?: WebOutcome;
}

export interface Script {
  reasoning: string;
  content: string;
}

const TOKENS_HINT = /\[\[tokens=(\d+)\]\]/;
const MAX_HINT_TOKENS = 200_000;

const STOP_WORDS = new Set(
  (
    'a an the and or but if then else of to in on at by for with from into onto about as is are was were be been being do does did ' +
    'how what why when where which who whom whose can could should would will shall may might must i me my you your we our it its ' +
    'this that these those there here please write show give make tell explain help need want use using get some any all more most ' +
    'very just also like not no yes so than too out up down over under again one two three code example function simple small ' +
    'typescript javascript python golang rust java bash shell sql script program way best good new file files tokens'
  ).split(' '),
);

export function keywordsOf(text: string, max = 3): string[] {
  const out: string[] = [];
  for (const word of text
    .replace(TOKENS_HINT, ' ')
    .toLowerCase()
    .match(/[a-z][a-z0-9-]{2,}/g) ?? []) {
    if (STOP_WORDS.has(word) || out.includes(word)) continue;
    out.push(word);
    if (out.length >= max) break;
  }
  return out;
}

function titleCase(words: readonly string[]): string {
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
}

function tokensHint(messages: readonly ConversationMessage[]): number | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role !== 'user') continue;
    const m = TOKENS_HINT.exec(messages[i].text);
    return m ? Math.min(MAX_HINT_TOKENS, Number(m[1])) : undefined;
  }
  return undefined;
}

function lastUser(messages: readonly ConversationMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return messages[i].text.replace(TOKENS_HINT, '').trim();
  return '';
}

/** The tool results at the end of the conversation, with the names of the calls they answer. */
function trailingToolResults(messages: readonly ConversationMessage[]): Array<{ name: string; content: string }> {
  const results: Array<{ name: string; content: string; id?: string }> = [];
  let i = messages.length - 1;
  for (; i >= 0 && messages[i].role === 'tool'; i--)
    results.unshift({ name: 'tool', content: messages[i].text, id: messages[i].toolCallId });
  const caller = messages[i];
  if (caller?.role === 'assistant') {
    results.forEach((r, k) => {
      r.name = caller.toolCalls.find((c) => c.id === r.id)?.name ?? caller.toolCalls[k]?.name ?? 'tool';
    });
  }
  return results;
}

function subject(words: readonly string[]): string {
  return words.length > 0 ? words.join(' ') : 'the question';
}

function reasoningFor(input: ScriptInput, rng: Rng, words: readonly string[], lang: LangInfo): string {
  const topic = subject(words);
  const sentences: string[] = [];
  const tools = trailingToolResults(input.messages);
  if (input.toolCalls.length > 0) {
    for (const call of input.toolCalls) {
      sentences.push(`The user wants something that the \`${call.name}\` tool can provide, so I should call it with ${call.arguments}.`);
    }
    sentences.push('Once the result comes back I can answer with real data instead of guessing.');
  } else if (tools.length > 0) {
    for (const t of tools) sentences.push(`The \`${t.name}\` tool returned ${t.content.length} characters.`);
    sentences.push('I should summarise what it returned and quote the relevant part so the user can check it.');
  } else {
    sentences.push(
      rng.pick([`The user is asking about ${topic}.`, `This question is about ${topic}.`, `Let me think about ${topic} first.`]),
    );
    sentences.push(
      rng.pick([
        `I should explain the core idea briefly, then show a short ${lang.label} example.`,
        `A short explanation followed by a small ${lang.label} snippet should answer it.`,
        `The clearest answer is a few key points and one ${lang.label} example.`,
      ]),
    );
    sentences.push(
      rng.pick([
        'Edge cases matter here: empty input and errors should be handled.',
        'I will keep the example small enough to paste and run.',
      ]),
    );
    if (input.web?.ok) sentences.push('The search results give me sources I can cite.');
    if (input.web && !input.web.ok) sentences.push('The web search failed, so I will answer from what I already know.');
    if (input.json) sentences.push('The user wants JSON, so the answer must be a single valid JSON object.');
  }
  if (input.effort === 'max') {
    sentences.push(
      'Let me double-check the details before answering.',
      'Yes, that is consistent with the question, and nothing important is missing.',
    );
  }
  return sentences.join(' ');
}

function citations(web: WebOutcome | undefined, n: number): string {
  return web?.ok ? ` [${n}]` : '';
}

function answerFor(input: ScriptInput, rng: Rng, question: string, words: readonly string[], lang: LangInfo): string {
  const tools = trailingToolResults(input.messages);
  if (tools.length > 0) return toolResultAnswer(tools);
  const topic = words.length > 0 ? titleCase(words) : 'Answer';
  const earlier = input.messages.some((m) => m.role === 'assistant');
  const intro = earlier
    ? `Building on the previous answer, here is how to approach ${subject(words)}.`
    : rng.pick([
        `Here is a practical way to handle ${subject(words)}.`,
        `Short answer: keep ${subject(words)} simple and explicit.`,
        `${topic} comes down to a few clear steps.`,
      ]);
  const points = [
    `**Start small**: make the ${words[0] ?? 'core'} logic a pure function so it is easy to test.${citations(input.web, 1)}`,
    `**Handle edge cases**: empty input and errors.${citations(input.web, 2)}`,
    `**Keep it readable**: clear names.${citations(input.web, 3)}`,
  ];
  if (input.json) {
    return JSON.stringify({ topic, summary: intro, language: lang.label, steps: points.map((p) => p.replace(/\*\*/g, '')) }, null, 2);
  }
  const parts = [`## ${topic}`, ''];
  if (input.web && !input.web.ok)
    parts.push(`_Web search was unavailable (${input.web.error}), so this answer is based on built-in knowledge._`, '');
  parts.push(intro, '', ...points.map((p) => `- ${p}`), '', '```' + lang.fence, codeFor(lang, question, words), '```', '');
  parts.push(
    rng.pick(['This version is easy to extend.', 'Adjust the names to fit your codebase.', 'Add tests for the edge cases above.']),
  );
  if (input.web?.ok) {
    parts.push('', 'Sources:', ...input.web.annotations.map((a, i) => `${i + 1}. [${a.title}](${a.url})`));
  }
  return parts.join('\n');
}

function toolResultAnswer(results: Array<{ name: string; content: string }>): string {
  const parts: string[] = [];
  for (const r of results) {
    const lines = r.content.split(/\r?\n/);
    const quoted = lines.slice(0, 3).map((l) => `> ${l.slice(0, 200)}`);
    parts.push(`The \`${r.name}\` tool returned:`, '', ...quoted, '');
    let shape = '';
    try {
      const parsed: unknown = JSON.parse(r.content);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        shape = ` It is a JSON object with the keys ${Object.keys(parsed).slice(0, 6).join(', ')}.`;
      else if (Array.isArray(parsed)) shape = ` It is a JSON array of ${parsed.length} items.`;
    } catch {
      // Not JSON: describe it as text.
    }
    parts.push(
      `In short: ${lines.length} line${lines.length === 1 ? '' : 's'} (${r.content.length} characters), starting with "${lines[0].slice(0, 80)}".${shape}`,
      '',
    );
  }
  parts.push('Let me know if you want me to look into any part of it in more detail.');
  return parts.join('\n');
}

const FILLER = [
  'Measure before optimising: the simplest version is often fast enough.',
  'Write a test for each edge case so regressions show up early.',
  'Prefer explicit types at module boundaries and inference inside functions.',
  'Keep side effects at the edges and the core logic pure.',
  'Log enough context to debug a failure without leaking secrets.',
  'Cancellation should reach every await, otherwise work continues after the user stops it.',
  'Small functions with clear names beat comments that explain long ones.',
  'When in doubt, return early instead of nesting conditions.',
];

/** Pads with extra sections, then cuts, so the text is exactly `target` tokens. */
function fitTo(text: string, target: number, rng: Rng): string {
  let out = text;
  let section = 1;
  while (countTokens(out) < target) {
    out += `\n\n### Note ${section++}\n\n${rng.pick(FILLER)} ${rng.pick(FILLER)} ${rng.pick(FILLER)}`;
  }
  return truncateToTokens(out, target);
}

export function writeScript(input: ScriptInput): Script {
  const question = lastUser(input.messages);
  const seed = seedFrom(input.model, JSON.stringify(input.messages.map((m) => [m.role, m.text])));
  const rng = makeRng(seed);
  const words = keywordsOf(question);
  const lang = detectLanguage(question);
  let reasoning = input.reasoning ? reasoningFor(input, rng, words, lang) : '';
  let content = input.toolCalls.length > 0 ? '' : answerFor(input, rng, question, words, lang);
  const target = tokensHint(input.messages);
  if (target !== undefined && input.toolCalls.length === 0) {
    const reasoningTarget = input.reasoning ? Math.min(countTokens(reasoning), Math.floor(target / 4)) : 0;
    reasoning = truncateToTokens(reasoning, reasoningTarget);
    content = fitTo(content, target - reasoningTarget, rng);
  }
  return { reasoning, content };
}
