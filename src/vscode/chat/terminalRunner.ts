import * as vscode from 'vscode';
import { truncateOutput } from '../../core/tools/toolArgs';

const SHELL_INTEGRATION_WAIT_MS = 3000;
const COMMAND_TIMEOUT_MS = 120_000;
const MAX_OUTPUT_CHARS = 20_000;

/** One "Tandem" terminal per window, reused while it is open, so commands do not pile up terminals. */
export class TandemTerminal {
  private terminal: vscode.Terminal | undefined;

  get(cwd: string): vscode.Terminal {
    if (!this.terminal || this.terminal.exitStatus !== undefined) this.terminal = vscode.window.createTerminal({ name: 'Tandem', cwd });
    return this.terminal;
  }
}

/**
 * Runs an approved command in the "Tandem" terminal, where the user watches it. With shell integration the
 * output and exit code go back to the model; without it the command is only sent, and the model is told so.
 */
export async function runInTerminal(terminal: vscode.Terminal, command: string, signal: AbortSignal): Promise<string> {
  terminal.show(true);
  const integration = await shellIntegrationOf(terminal);
  if (!integration) {
    terminal.sendText(command, true);
    return `Sent \`${command}\` to the terminal "Tandem"; its output could not be captured (shell integration is not active). Ask the user for the result if you need it.`;
  }
  const execution = integration.executeCommand(command);
  const exit = new Promise<number | undefined>((resolve) => {
    const sub = vscode.window.onDidEndTerminalShellExecution((e) => {
      if (e.execution === execution) {
        sub.dispose();
        resolve(e.exitCode);
      }
    });
  });
  let output = '';
  const reading = (async () => {
    for await (const data of execution.read()) {
      output += data;
      if (output.length > MAX_OUTPUT_CHARS * 2) output = output.slice(-MAX_OUTPUT_CHARS * 2);
    }
  })();
  const stopped = new Promise<'stopped'>((resolve) => signal.addEventListener('abort', () => resolve('stopped'), { once: true }));
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), COMMAND_TIMEOUT_MS));
  const outcome = await Promise.race([exit, stopped, timeout]);
  if (outcome === 'stopped' || outcome === 'timeout') {
    terminal.sendText('\u0003', false); // Ctrl+C
    return `The command was interrupted (${outcome === 'stopped' ? 'the user stopped the answer' : 'it ran over 2 minutes'}). Output so far:\n${clean(output)}`;
  }
  await Promise.race([reading, new Promise((r) => setTimeout(r, 500))]);
  return `Exit code: ${outcome ?? 'unknown'}\n${clean(output)}`;
}

function shellIntegrationOf(terminal: vscode.Terminal): Promise<vscode.TerminalShellIntegration | undefined> {
  if (terminal.shellIntegration) return Promise.resolve(terminal.shellIntegration);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      sub.dispose();
      resolve(undefined);
    }, SHELL_INTEGRATION_WAIT_MS);
    const sub = vscode.window.onDidChangeTerminalShellIntegration((e) => {
      if (e.terminal === terminal) {
        clearTimeout(timer);
        sub.dispose();
        resolve(e.shellIntegration);
      }
    });
  });
}

/** Terminal output carries colour and cursor escape codes the model has no use for. */
function clean(output: string): string {
  // eslint-disable-next-line no-control-regex
  return truncateOutput(output.replace(/\u001b\][^\u0007]*\u0007|\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '').trim(), MAX_OUTPUT_CHARS);
}
