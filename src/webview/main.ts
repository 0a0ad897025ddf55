// Webview entry (browser bundle): builds the chat view, validates every host message before
// dispatch, and says `ready`. The chat host (chatViewProvider.ts) queues nothing: it drops what it
// would post before `ready` and answers `ready` with the full state, which already holds all of it.
// Only a reading started before then holds its audio messages until the view is ready (webviewPlayer.ts).
import type { WebviewMessage } from '../shared/protocol';
import { parseHostMessage } from '../shared/validateHostMessage';
import { ChatApp } from './chatApp';
import { readUiState } from './vscodeApi';

const api = acquireVsCodeApi();
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

api.postMessage({ type: 'ready' } satisfies WebviewMessage);
