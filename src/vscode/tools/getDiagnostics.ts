import * as vscode from 'vscode';
import { readWarning } from '../../core/security/sensitiveWarnings';
import { stringArg, truncateOutput } from '../../core/tools/toolArgs';
import { TOOL_DEFINITIONS } from '../../core/tools/toolDefinitions';
import type { OpenTool } from '../../core/tools/toolRegistry';
import type { Confined, ToolContext } from './toolContext';
import { MAX_RESULT_CHARS } from './toolLimits';

/** One file's problems (judged when prepared), or the whole workspace's. */
type DiagnosticsPlan = { file: { input: string; checked: Confined; shown: string } } | { file?: undefined };

/**
 * A diagnostic's message can quote its file (a parser error shows the line): the problems of one
 * sensitive file are shared only after a card that says so, and the workspace-wide list leaves
 * sensitive files and files outside the usable folders out.
 */
export const getDiagnostics: OpenTool<'get_diagnostics', ToolContext, DiagnosticsPlan> = {
  definition: TOOL_DEFINITIONS.get_diagnostics,
  gated: false,
  async prepare(args, tools) {
    const input = stringArg(args, 'path', { optional: true });
    if (input.trim() === '' || input.trim() === '.') return { plan: {} };
    const checked = await tools.confine(input);
    const judged = await tools.judged(checked, 'diagnostics');
    const plan = { file: { input, checked, shown: judged.shown } };
    if (!judged.kind) return { plan };
    return {
      plan,
      sensitive: true,
      approval: { summary: `Read the problems reported for ${judged.name}`, warning: readWarning(judged.name, tools.services.service()) },
    };
  },
  async run({ file }, _signal, _context, tools) {
    if (!file) return workspaceDiagnostics(tools);
    const p = await tools.reconfine(file.input, file.checked);
    const lines = diagnosticLines(file.shown, vscode.languages.getDiagnostics(vscode.Uri.file(p.path)));
    return lines.length === 0 ? `No problems reported for ${file.shown}` : truncateOutput(lines.join('\n'), MAX_RESULT_CHARS);
  },
};

async function workspaceDiagnostics(tools: ToolContext): Promise<string> {
  const entries = vscode.languages.getDiagnostics().filter(([uri, d]) => uri.scheme === 'file' && d.length > 0);
  const verdicts = await tools.gate.judgeMany(
    'diagnostics',
    entries.map(([uri]) => uri),
  );
  const lines: string[] = [];
  let withheld = 0;
  for (const [i, [, diagnostics]] of entries.entries()) {
    const verdict = verdicts[i];
    if (!verdict.inWorkspace) continue;
    if (verdict.sensitive) {
      withheld += 1;
      continue;
    }
    lines.push(...diagnosticLines(verdict.shown, diagnostics));
  }
  const note = withheld > 0 ? `\n(${withheld} sensitive file(s) left out; ask for one by its path to see its problems)` : '';
  if (lines.length === 0) return `No problems reported in the workspace${note}`;
  return truncateOutput(lines.slice(0, 200).join('\n') + note, MAX_RESULT_CHARS);
}

/** One line per diagnostic, `path:line:column severity: message (source)`. */
function diagnosticLines(shown: string, diagnostics: readonly vscode.Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const source = d.source ? ` (${d.source})` : '';
    return `${shown}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severity(d.severity)}: ${d.message}${source}`;
  });
}

function severity(s: vscode.DiagnosticSeverity): string {
  switch (s) {
    case vscode.DiagnosticSeverity.Error:
      return 'error';
    case vscode.DiagnosticSeverity.Warning:
      return 'warning';
    case vscode.DiagnosticSeverity.Information:
      return 'info';
    default:
      return 'hint';
  }
}
