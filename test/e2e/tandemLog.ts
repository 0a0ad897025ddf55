// Tandem's log as code-server writes it: the file behind Tandem's output channel, in the extension
// host's folder of the window's log session (a workbench opened with `logLevel: 'trace'` has the traces).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function tandemLog(userDataDir: string): string {
  const logs = join(userDataDir, 'logs');
  if (!existsSync(logs)) return '';
  for (const session of readdirSync(logs)) {
    for (const host of readdirSync(join(logs, session)).filter((name) => name.startsWith('exthost'))) {
      const file = join(logs, session, host, 'tandem.tandem', 'Tandem.log');
      if (existsSync(file)) return readFileSync(file, 'utf8');
    }
  }
  return '';
}

export interface CompletionStep {
  /** The file, relative to the workspace folder. */
  file: string;
  /** 1-based. */
  line: number;
  column: number;
  /** "asking Service B", "superseded by the next keystroke", or the answer: "typed, 12 characters". */
  step: string;
}

/** The inline completion provider's traced steps (inlineCompletionProvider.ts), oldest first. */
export function completionSteps(userDataDir: string): CompletionStep[] {
  return [...tandemLog(userDataDir).matchAll(/\[trace\] completion at (.+):(\d+):(\d+): (.*)/g)].map((m) => ({
    file: m[1],
    line: Number(m[2]),
    column: Number(m[3]),
    step: m[4],
  }));
}

/** Whether a step is an answer (not the request on its way, nor a call the next keystroke cancelled). */
export function isAnswer(step: CompletionStep): boolean {
  return !step.step.startsWith('asking') && !step.step.startsWith('superseded');
}
