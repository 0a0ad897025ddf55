// The one channel to the host. `acquireVsCodeApi` may be called once per page; main.ts does it.
import type { WebviewMessage } from '../../shared/protocol';

/** What the webview keeps across hides and reloads of the view (VS Code's setState). */
export interface UiState {
  chatId?: string;
  draft: string;
  scrollTop: number;
  /** Reasoning blocks the user opened (turn ids). */
  openReasoning: string[];
}

export interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: UiState): void;
}

declare global {
  function acquireVsCodeApi(): VsCodeApi;
}

export function readUiState(api: VsCodeApi): UiState {
  const raw = api.getState() as Partial<UiState> | undefined;
  return {
    chatId: typeof raw?.chatId === 'string' ? raw.chatId : undefined,
    draft: typeof raw?.draft === 'string' ? raw.draft : '',
    scrollTop: typeof raw?.scrollTop === 'number' ? raw.scrollTop : 0,
    openReasoning: Array.isArray(raw?.openReasoning) ? raw.openReasoning.filter((id): id is string => typeof id === 'string') : [],
  };
}
