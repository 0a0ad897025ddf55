// What chat models write into an answer that is not the answer: reasoning before it (`<think>`,
// Magistral's `[THINK]`, Gemma's thought channel, Open WebUI's reasoning block, gpt-oss's Harmony
// analysis channel, also with its tokens stripped) and control tokens a service passed through as text
// (`<|endoftext|>`, Qwen's `<|cursor|>`, Zeta's editable-region markers). None of it may reach the file.
import { inFence } from './editText';
import { EDIT_END, EDIT_END_ALONE, EDIT_PLACE_TOKENS } from '../services/controlTokens';

/**
 * Reasoning blocks, closed, at the start of the answer: `<think>`, Claude's `<antThinking>`, Magistral's `[THINK]`, Kimi's `◁think▷`, Cohere's `<|START_THINKING|>`, Gemma's
 * `<|channel>thought … <channel|>`, Open WebUI's `<details type="reasoning">`.
 */
const THINKING =
  /^\s*(?:<(think|thinking|reasoning|antThinking)>[\s\S]*?<\/\1>|\[THINK\][\s\S]*?\[\/THINK\]|◁think▷[\s\S]*?◁\/think▷|<\|START_THINKING\|>[\s\S]*?<\|END_THINKING\|>|<\|channel>thought[\s\S]*?<channel\|>|<details type="reasoning"[^>]*>[\s\S]*?<\/details>)\s*/i;
const THINKING_OPEN =
  /^\s*(?:<(?:think|thinking|reasoning|antThinking)>|\[THINK\]|◁think▷|<\|START_THINKING\|>|<\|channel>thought|<details type="reasoning")/i;
const LONE_THINK_CLOSE = /^[ \t]*<\/(?:think|thinking)>[ \t]*$/m;
/** Harmony (gpt-oss): the answer is the final channel's message; `analysis` is reasoning. */
const HARMONY_FINAL = /<\|channel\|>\s*final\s*(?:<\|constrain\|>[^<]*)?<\|message\|>/g;
const HARMONY_OPEN = /^\s*(?:<\|start\|>assistant)?<\|channel\|>/;
/** Harmony with its tokens stripped by a template: `analysis…assistantfinal…`. */
const HARMONY_STRIPPED = /^\s*analysis[\s\S]*?assistantfinal/;
/** An answer cut off while still reasoning: it has no answer yet. */
export function unfinishedThinking(raw: string): boolean {
  if (THINKING_OPEN.test(raw)) return !THINKING.test(raw);
  return HARMONY_OPEN.test(raw) && !new RegExp(HARMONY_FINAL.source).test(raw);
}

/** The answer proper: reasoning before it dropped, cut at a turn-ending token, place tokens taken out. */
export function answerOf(raw: string): string {
  let text = unboxed(raw.replace(THINKING, ''));
  // Reasoning whose opening tag the template ate: everything up to a lone closing tag, outside code.
  const close = LONE_THINK_CLOSE.exec(text);
  if (close && !inFence(text, close.index)) text = text.slice(close.index + close[0].length);
  const finals = [...text.matchAll(HARMONY_FINAL)];
  if (finals.length > 0) {
    const last = finals[finals.length - 1];
    text = text.slice(last.index + last[0].length);
  } else {
    const stripped = HARMONY_STRIPPED.exec(text);
    if (stripped) text = text.slice(stripped[0].length);
  }
  const end = EDIT_END.exec(text);
  if (end) text = text.slice(0, end.index);
  const alone = EDIT_END_ALONE.exec(text);
  if (alone && !inFence(text, alone.index + alone[1].length)) text = text.slice(0, alone.index) + alone[1];
  // A line that held only place tokens goes with them.
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const bare = line.replace(EDIT_PLACE_TOKENS, '');
    if (bare !== line && bare.trim() === '') continue;
    lines.push(bare);
  }
  return lines.join('\n');
}

const BOX = /<\|begin_of_box\|>([\s\S]*?)<\|end_of_box\|>/;
const FENCED = /^\s*(`{3,}|~{3,})[^\n]*\n[\s\S]*\n[ \t]*\1\s*$/;

/**
 * GLM-V's answer box: what it holds is the answer. Code in it without a fence of its own gets one longer
 * than any backtick run inside, so the code's own ``` lines (a doc comment's example) stay code.
 */
function unboxed(text: string): string {
  const box = BOX.exec(text);
  if (!box) return text;
  const inner = box[1].replace(/^\s*\n/, '').replace(/\n\s*$/, '');
  if (FENCED.test(inner)) return inner;
  const fence = '`'.repeat(Math.max(3, ...(inner.match(/`+/g) ?? []).map((run) => run.length + 1)));
  return `${fence}\n${inner}\n${fence}`;
}
