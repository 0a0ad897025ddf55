// The simulator's answers to Tandem's inline edit and commit message requests. The edit is a
// deterministic "copy model": it renames (`rename a to b`), replaces (`replace "a" with "b"`), or
// otherwise writes the instruction as a comment above the selection's first line, and sends the result
// in the shape the mode names (editMode.ts), with the drift real models show.
import type { ConversationMessage } from './conversation';
import type { EditMode } from './editMode';

const EDIT_SYSTEM_START = 'You are Tandem, editing code';
const COMMIT_SYSTEM_START = 'You write git commit messages';

interface EditRequest {
  language: string;
  before: string[];
  selection: string[];
  after: string[];
  /** 1-based line of the selection's start. */
  startLine: number;
  instruction: string;
}

/** The answer to an edit or commit message request, or undefined for any other chat request. */
export function specialAnswer(messages: readonly ConversationMessage[], mode: EditMode): string | undefined {
  const system = messages.find((m) => m.role === 'system')?.text ?? '';
  if (system.startsWith(COMMIT_SYSTEM_START)) return commitAnswer(messages);
  if (!system.startsWith(EDIT_SYSTEM_START)) return undefined;
  const users = messages.filter((m) => m.role === 'user');
  const request = parseRequest(users[0]?.text ?? '');
  if (!request) return 'I could not find the selection in your message.';
  const instruction = users.length > 1 ? (/Instruction: ([\s\S]*)$/.exec(users[users.length - 1].text)?.[1] ?? '') : request.instruction;
  // A follow-up refines the previous answer: both instructions apply.
  let edited = request.selection;
  for (const i of users.length > 1 ? [request.instruction, instruction] : [instruction])
    edited = applyInstruction(edited, i, request.language);
  return shape(request, edited, mode);
}

function parseRequest(text: string): EditRequest | undefined {
  const block = (label: RegExp) => {
    const m = label.exec(text);
    if (!m) return undefined;
    const rest = text.slice(m.index + m[0].length);
    const open = /^(`{3,})(\S*)\n/.exec(rest);
    if (!open) return undefined;
    const end = rest.indexOf(`\n${open[1]}`, open[0].length - 1);
    const body = rest.slice(open[0].length, end);
    return { language: open[2], lines: body === '' ? [] : body.split('\n') };
  };
  const selection = block(/The selection, lines (\d+)-\d+:\n/);
  const startLine = Number(/The selection, lines (\d+)-/.exec(text)?.[1] ?? '1');
  const before = block(/before the selection:\n/);
  const after = block(/after the selection:\n/);
  const instruction = /Instruction: ([\s\S]*)$/.exec(text)?.[1] ?? '';
  if (!selection) return undefined;
  return {
    language: selection.language,
    before: before?.lines ?? [],
    selection: selection.lines,
    after: after?.lines ?? [],
    startLine,
    instruction,
  };
}

function applyInstruction(lines: readonly string[], instruction: string, language: string): string[] {
  const rename = /\brename\s+`?([\w$]+)`?\s+to\s+`?([\w$]+)`?/i.exec(instruction);
  if (rename) return lines.map((l) => l.replace(new RegExp(`\\b${rename[1].replace(/\$/g, '\\$')}\\b`, 'g'), rename[2]));
  const replace = /\breplace\s+"([^"]+)"\s+with\s+"([^"]*)"/i.exec(instruction);
  if (replace) return lines.map((l) => l.split(replace[1]).join(replace[2]));
  const first = lines.findIndex((l) => l.trim() !== '');
  const indent = first >= 0 ? /^\s*/.exec(lines[first])![0] : '';
  const comment = `${indent}${commentToken(language)} ${instruction.split('\n')[0].trim()}`;
  const at = Math.max(0, first);
  return [...lines.slice(0, at), comment, ...lines.slice(at)];
}

function commentToken(language: string): string {
  if (/^(python|py|shellscript|sh|bash|ruby|rb|yaml|yml|perl|r|toml|dockerfile|makefile)$/i.test(language)) return '#';
  if (/^(sql|lua|haskell)$/i.test(language)) return '--';
  return '//';
}

function shape(request: EditRequest, edited: readonly string[], mode: EditMode): string {
  const lang = request.language;
  const fence = (lines: readonly string[]) => `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``;
  switch (mode) {
    case 'fenced':
      return `Here is the updated code:\n\n${fence(edited)}\n\nThis keeps the rest of the selection as it was.`;
    case 'context': {
      const before = request.before.slice(-2);
      const after = request.after.slice(0, 2);
      const all = [...before, ...edited, ...after];
      const indent = Math.min(...all.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)![0].length));
      return `Sure! I changed the selection; here it is with the lines around it:\n\n${fence(all.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)))}\n`;
    }
    case 'searchReplace': {
      // The search text drifts as models' does: two spaces less indentation, trailing spaces.
      const drift = (lines: readonly string[]) => lines.map((l) => `${l.startsWith('  ') ? l.slice(2) : l}  `);
      return `I'll make this change:\n\n\`\`\`${lang}\n<<<<<<< SEARCH\n${drift(request.selection).join('\n')}\n=======\n${edited
        .map((l) => (l.startsWith('  ') ? l.slice(2) : l))
        .join('\n')}\n>>>>>>> REPLACE\n\`\`\`\n`;
    }
    case 'diff': {
      const body = [...request.selection.map((l) => `-${l}`), ...edited.map((l) => `+${l}`)];
      const before = request.before.slice(-2).map((l) => ` ${l}`);
      const after = request.after.slice(0, 2).map((l) => ` ${l}`);
      const wrong = request.startLine + 7;
      return `\`\`\`diff\n--- a/file\n+++ b/file\n@@ -${wrong},${request.selection.length + 4} +${wrong},${edited.length + 4} @@\n${[...before, ...body, ...after].join('\n')}\n\`\`\`\n`;
    }
  }
}

/** A subject in the repository's style: "Update <files>", capitalised as most recent subjects are. */
function commitAnswer(messages: readonly ConversationMessage[]): string {
  const text = messages.find((m) => m.role === 'user')?.text ?? '';
  const files = [...text.matchAll(/^[AMDRC?] ([^\s:]+)/gm)].map((m) => m[1].split('/').pop()!);
  const subjects = [...text.matchAll(/^- (.*)$/gm)].map((m) => m[1]);
  const lower = subjects.length > 0 && subjects.filter((s) => /^[a-z]/.test(s)).length > subjects.length / 2;
  const verb = lower ? 'update' : 'Update';
  const names = files.length <= 3 ? files.join(', ') : `${files.slice(0, 2).join(', ')} and ${files.length - 2} more files`;
  return `${verb} ${names || 'files'}\n\nWritten by the simulator from ${files.length} changed file${files.length === 1 ? '' : 's'}.`;
}
