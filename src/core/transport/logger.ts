/**
 * The logging surface core/ writes to. The method set matches VS Code's `LogOutputChannel`, so the
 * vscode layer can pass its output channel straight in while core/ stays free of `vscode`.
 */
export interface Logger {
  trace?(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const noop = (): void => undefined;

/** For tests and callers that do not care; frozen so it cannot become shared mutable state. */
export const silentLogger: Logger = Object.freeze({ trace: noop, debug: noop, info: noop, warn: noop, error: noop });
