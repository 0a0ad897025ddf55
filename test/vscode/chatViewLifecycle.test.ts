import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChatController } from '../../src/core/chat/chatController';
import type { ChatEditorActions } from '../../src/vscode/chat/chatEditorActions';
import { ChatViewProvider } from '../../src/vscode/chat/chatViewProvider';

/** An event whose live listeners can be counted. */
function countingEvent<T>(): { event: vscode.Event<T>; live: Set<(e: T) => unknown>; fire(e: T): void } {
  const live = new Set<(e: T) => unknown>();
  const event = ((listener: (e: T) => unknown) => {
    live.add(listener);
    return { dispose: () => live.delete(listener) };
  }) as vscode.Event<T>;
  return { event, live, fire: (e) => [...live].forEach((listener) => listener(e)) };
}

/** What VS Code hands resolveWebviewView, with its events counted. */
function fakeView() {
  const messages = countingEvent<unknown>();
  const disposed = countingEvent<void>();
  const view = {
    webview: {
      options: {},
      html: '',
      cspSource: 'https://fake.vscode-cdn.net',
      asWebviewUri: (uri: vscode.Uri) => uri,
      onDidReceiveMessage: messages.event,
      postMessage: async () => true,
    },
    onDidDispose: disposed.event,
    show: () => undefined,
  } as unknown as vscode.WebviewView;
  return { view, live: () => messages.live.size + disposed.live.size, dispose: () => disposed.fire() };
}

describe('chat view provider lifecycle: per-view listeners', () => {
  let log: vscode.LogOutputChannel;
  let provider: ChatViewProvider;

  beforeEach(() => {
    log = vscode.window.createOutputChannel('Tandem lifecycle test', { log: true });
    // Nothing here dispatches a message, so the controller and actions are never called.
    provider = new ChatViewProvider(vscode.Uri.file('/tandem'), {} as ChatController, {} as ChatEditorActions, log);
  });

  afterEach(async () => {
    await provider.dispose();
    log.dispose();
  });

  it('keeps no listener of a view once it is disposed, however often VS Code resolves it again', () => {
    const views: Array<ReturnType<typeof fakeView>> = [];
    for (let i = 0; i < 5; i++) {
      const current = fakeView();
      views.push(current);
      provider.resolveWebviewView(current.view);
      assert.equal(current.live(), 2, 'one message listener and one dispose listener on the live view');
      current.dispose();
      assert.equal(provider.resolved, false);
      assert.deepEqual(
        views.map((v) => v.live()),
        views.map(() => 0),
        `after ${i + 1} resolve/dispose cycle(s) no view keeps a listener`,
      );
    }
  });

  it('disposes the live view’s listeners with the provider', async () => {
    const current = fakeView();
    provider.resolveWebviewView(current.view);
    await provider.dispose();
    assert.equal(current.live(), 0);
  });
});
