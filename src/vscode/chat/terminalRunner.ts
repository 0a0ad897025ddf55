import type * as vscode from 'vscode';
import { DisposableStore } from '../../core/lifecycle/disposableStore';
import type { CommandShell } from '../../core/tools/commandShell';
import { truncateOutput } from '../../core/tools/toolArgs';
import { realTimer, type Timer } from '../../core/transport/callDeadline';

const SHELL_INTEGRATION_WAIT_MS = 3000;
const COMMAND_TIMEOUT_MS = 120_000;
/** After the command ends, how long its last output may take to be read. */
const OUTPUT_DRAIN_MS = 500;
const MAX_OUTPUT_CHARS = 20_000;

/** What the runner needs of `vscode.window`, passed in so tests drive the terminal events and the clock. */
export interface TerminalHost {
  window: Pick<typeof vscode.window, 'onDidEndTerminalShellExecution' | 'onDidChangeTerminalShellIntegration'>;
  timer: Timer;
}

/**
 * One "Tandem" terminal per window, reused while it is open, so commands do not pile up terminals. It
 * runs the shell the standing rules judge for (commandShell.ts), named explicitly, not the user's
 * default shell; where none could be judged for it runs the default shell and the rules are off.
 */
export class TandemTerminal {
  private terminal: vscode.Terminal | undefined;

  constructor(
    private readonly window: TerminalHost['window'] & Pick<typeof vscode.window, 'createTerminal'>,
    private readonly judgedShell: () => CommandShell,
    private readonly timer: Timer = realTimer,
  ) {}

  /** The shell the terminal runs, which the standing rules judge commands for. */
  get shell(): CommandShell {
    return this.judgedShell();
  }

  get(cwd: string): vscode.Terminal {
    if (!this.terminal || this.terminal.exitStatus !== undefined) {
      const { shell } = this;
      this.terminal = this.window.createTerminal({ name: 'Tandem', cwd, ...(shell.kind === 'posix' ? { shellPath: shell.path } : {}) });
    }
    return this.terminal;
  }

  /** Runs an approved command in this window's "Tandem" terminal (see runInTerminal). */
  run(cwd: string, command: string, signal: AbortSignal): Promise<string> {
    return runInTerminal(this.get(cwd), command, signal, { window: this.window, timer: this.timer });
  }
}

/**
 * Runs an approved command in the "Tandem" terminal, where the user watches it. With shell integration the
 * output and exit code go back to the model; without it the command is only sent, and the model is told so.
 */
export async function runInTerminal(terminal: vscode.Terminal, command: string, signal: AbortSignal, host: TerminalHost): Promise<string> {
  terminal.show(true);
  const integration = await shellIntegrationOf(terminal, host);
  if (!integration) {
    terminal.sendText(command, true);
    return `Sent \`${command}\` to the terminal "Tandem"; its output could not be captured (shell integration is not active). Ask the user for the result if you need it.`;
  }
  const execution = integration.executeCommand(command);
  // Whatever the wait sets up (exit listener, abort listener, timers) is released however it ends:
  // exit, stop or timeout. Left behind, each command would keep a listener and a 2-minute timer alive.
  const waiting = new DisposableStore();
  try {
    const exit = new Promise<number | undefined>((resolve) => {
      waiting.add(host.window.onDidEndTerminalShellExecution((e) => e.execution === execution && resolve(e.exitCode)));
    });
    let output = '';
    const reading = (async () => {
      for await (const data of execution.read()) {
        output += data;
        if (output.length > MAX_OUTPUT_CHARS * 2) output = output.slice(-MAX_OUTPUT_CHARS * 2);
      }
    })();
    const stopped = new Promise<'stopped'>((resolve) => {
      const onAbort = () => resolve('stopped');
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.add({ dispose: () => signal.removeEventListener('abort', onAbort) });
    });
    const timeout = new Promise<'timeout'>((resolve) => waiting.add({ dispose: host.timer(COMMAND_TIMEOUT_MS, () => resolve('timeout')) }));
    const outcome = await Promise.race([exit, stopped, timeout]);
    if (outcome === 'stopped' || outcome === 'timeout') {
      terminal.sendText('\u0003', false); // Ctrl+C
      return `The command was interrupted (${outcome === 'stopped' ? 'the user stopped the answer' : 'it ran over 2 minutes'}). Output so far:\n${clean(output)}`;
    }
    await Promise.race([reading, new Promise<void>((resolve) => waiting.add({ dispose: host.timer(OUTPUT_DRAIN_MS, resolve) }))]);
    return `Exit code: ${outcome ?? 'unknown'}\n${clean(output)}`;
  } finally {
    void waiting.dispose();
  }
}

function shellIntegrationOf(terminal: vscode.Terminal, host: TerminalHost): Promise<vscode.TerminalShellIntegration | undefined> {
  if (terminal.shellIntegration) return Promise.resolve(terminal.shellIntegration);
  return new Promise((resolve) => {
    const cancelTimer = host.timer(SHELL_INTEGRATION_WAIT_MS, () => {
      sub.dispose();
      resolve(undefined);
    });
    const sub = host.window.onDidChangeTerminalShellIntegration((e) => {
      if (e.terminal === terminal) {
        cancelTimer();
        sub.dispose();
        resolve(e.shellIntegration);
      }
    });
  });
}

/** Terminal output carries colour and cursor escape codes the model has no use for. */
function clean(output: string): string {
  return truncateOutput(
    output
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\][^\u0007]*\u0007|\u001b\[[0-9;?]*[A-Za-z]/g, '')
      .replace(/\r/g, '')
      .trim(),
    MAX_OUTPUT_CHARS,
  );
}
