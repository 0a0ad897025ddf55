// The request of an inline edit. Cache-friendly: the system text never changes, then the file and its
// context, and the instruction last, so a retry or a second instruction on the same code reuses the
// prefix the service has cached. The model is asked for the rewritten selection in one fence, the
// format the applier places most reliably; the applier still accepts the others models send.
import type { ChatMessage } from '../services/wireTypes';
import { estimateTokens } from '../spend/usageTokens';

export const EDIT_SYSTEM_PROMPT =
  'You are Tandem, editing code inside VS Code. The user selected some lines of a file and says how to change them. ' +
  'Answer with the complete rewritten selection in one fenced code block, and nothing after the block. Keep the ' +
  "selection's indentation and everything the instruction does not ask to change. Do not repeat the lines around the " +
  'selection, and never abbreviate code with comments such as "... existing code ...".';

/** Lines of context sent around the selection, both sides together, at most. */
export const CONTEXT_LINES = 100;
/** Tokens the context around the selection may take. */
const CONTEXT_TOKEN_BUDGET = 6000;

export interface EditDiagnostic {
  /** 0-based. */
  line: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  source?: string;
}

export interface EditPromptInput {
  /** As the user sees it: relative to the workspace. */
  path: string;
  languageId: string;
  /** The file's lines, without endings. */
  lines: readonly string[];
  /** 0-based, inclusive. */
  startLine: number;
  endLine: number;
  instruction: string;
  diagnostics: readonly EditDiagnostic[];
  /** The project rules section (AGENTS.md), already gated and capped. */
  rules?: string;
  /** Earlier rounds of this edit: each instruction and the answer it got, so a follow-up refines. */
  previous?: ReadonlyArray<{ instruction: string; answer: string }>;
  tokenBudget?: number;
}

export interface ContextWindow {
  before: { start: number; lines: string[] };
  after: { start: number; lines: string[] };
}

/** Up to CONTEXT_LINES lines around the selection, shared evenly, the nearest first, within the token budget. */
export function contextAround(
  lines: readonly string[],
  startLine: number,
  endLine: number,
  tokenBudget = CONTEXT_TOKEN_BUDGET,
): ContextWindow {
  let before = startLine;
  let after = endLine + 1;
  let left = CONTEXT_LINES;
  let tokens = 0;
  let turn = 0;
  while (left > 0 && (before > 0 || after < lines.length)) {
    const takeBefore = before > 0 && (turn % 2 === 0 || after >= lines.length);
    const line = takeBefore ? lines[before - 1] : lines[after];
    const cost = estimateTokens(line) + 1;
    if (tokens + cost > tokenBudget) break;
    tokens += cost;
    if (takeBefore) before--;
    else after++;
    left--;
    turn++;
  }
  return {
    before: { start: before, lines: lines.slice(before, startLine) },
    after: { start: endLine + 1, lines: lines.slice(endLine + 1, after) },
  };
}

export function editMessages(input: EditPromptInput): ChatMessage[] {
  const { lines, startLine, endLine } = input;
  const context = contextAround(lines, startLine, endLine, input.tokenBudget);
  const selected = lines.slice(startLine, endLine + 1);
  const fence = [...context.before.lines, ...selected, ...context.after.lines].some((l) => l.includes('```')) ? '````' : '```';
  const parts: string[] = [];
  if (input.rules) parts.push(input.rules);
  parts.push(`File: ${input.path} (${input.languageId})`);
  parts.push(
    `Lines ${context.before.start + 1}-${startLine} before the selection:\n${fence}${input.languageId}\n${context.before.lines.join('\n')}\n${fence}`,
  );
  parts.push(`The selection, lines ${startLine + 1}-${endLine + 1}:\n${fence}${input.languageId}\n${selected.join('\n')}\n${fence}`);
  parts.push(
    `Lines ${endLine + 2}-${endLine + 1 + context.after.lines.length} after the selection:\n${fence}${input.languageId}\n${context.after.lines.join('\n')}\n${fence}`,
  );
  const problems = input.diagnostics.filter((d) => d.line >= startLine && d.line <= endLine);
  if (problems.length > 0) {
    parts.push(
      `Problems reported in the selection:\n${problems.map((d) => `- line ${d.line + 1}, ${d.severity}${d.source ? ` (${d.source})` : ''}: ${d.message}`).join('\n')}`,
    );
  }
  const messages: ChatMessage[] = [{ role: 'system', content: EDIT_SYSTEM_PROMPT }];
  const rounds = [...(input.previous ?? []), { instruction: input.instruction, answer: '' }];
  rounds.forEach((round, i) => {
    const content =
      i === 0 ? `${parts.join('\n\n')}\n\nInstruction: ${round.instruction}` : `Refine your answer. Instruction: ${round.instruction}`;
    messages.push({ role: 'user', content });
    if (i < rounds.length - 1) messages.push({ role: 'assistant', content: round.answer });
  });
  return messages;
}
