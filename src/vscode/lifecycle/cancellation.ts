import type * as vscode from 'vscode';

/** A VS Code cancellation token seen as an AbortSignal, and the listener that links them. */
export interface TokenSignal {
  readonly signal: AbortSignal;
  /** Stops listening to the token; call it when the work the signal guards is over. */
  dispose(): void;
}

/**
 * Cancellation is real end to end: the signal reaches the undici request, so a cancelled completion,
 * check or speech closes its socket at the service.
 */
export function signalFromToken(token: vscode.CancellationToken): TokenSignal {
  const controller = new AbortController();
  // VS Code calls this listener even for a token cancelled before it was added.
  const listener = token.onCancellationRequested(() => controller.abort());
  return { signal: controller.signal, dispose: () => listener.dispose() };
}
