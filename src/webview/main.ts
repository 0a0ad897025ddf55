// Webview entry (browser bundle): builds the chat view, validates every host message before
// dispatch, and says `ready`. The chat host (chatViewProvider.ts) queues nothing: it drops what it
// would post before `ready` and answers `ready` with the full state, which already holds all of it.
// Only a reading started before then holds its audio messages until the view is ready (webviewPlayer.ts).
import type { WebviewMessage } from '../shared/protocol';
import { parseHostMessage } from '../shared/validateHostMessage';
import { ChatApp } from './chat/chatApp';
import { readUiState } from './common/vscodeApi';

const api = acquireVsCodeApi();
// `ready` goes out before the view is built: the host's answer (and the audio of a reading that is
// waiting for this view) is on its way while the chat renders, and is handled once it has: no message
// event can run before this script ends, and the listener below is attached by then.
api.postMessage({ type: 'ready' } satisfies WebviewMessage);
// The benchmark splits read aloud's cold start at this mark (bench/speechColdStart.ts).
performance.mark('tandem:ready');
const root = document.getElementById('app') ?? document.body.appendChild(document.createElement('div'));
const app = new ChatApp(root, api, readUiState(api));

window.addEventListener('message', (event: MessageEvent) => {
  const message = parseHostMessage(event.data);
  if (!message) {
    console.warn('Tandem: dropped a message that does not match the protocol');
    return;
  }
  app.handle(message);
});
