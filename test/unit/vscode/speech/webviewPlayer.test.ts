// The player over the chat webview holds a reading's messages until the view says `ready`, then sends
// them in the same turn as the readiness event: before anything the view's host posts after it (the
// chat state, which a long chat takes a while to render), so a cold start plays as soon as it can.
import { strict as assert } from 'node:assert';
import type { SpeechHostMessage } from '../../../../src/shared/protocol';
import type { SpeechView } from '../../../../src/vscode/speech/speechView';
import { WebviewPlayer } from '../../../../src/vscode/speech/webviewPlayer';

type Listener = (ready: boolean) => void;

/** A view that records what reaches it; `becomeReady` does what the chat view does at `ready`. */
function fakeView() {
  const listeners = new Set<Listener>();
  const posted: string[] = [];
  const view: SpeechView = {
    onSpeechMessage: () => ({ dispose() {} }),
    onDidChangeReady: (listener: Listener) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    postSpeech: (message: SpeechHostMessage) => posted.push(message.type),
    revealWithoutFocus: async () => true,
  } as unknown as SpeechView;
  return {
    view,
    posted,
    listeners,
    becomeReady(): void {
      for (const listener of [...listeners]) listener(true);
      posted.push('state'); // the chat state follows the readiness event
    },
  };
}

describe('WebviewPlayer: a reading that opens the view', () => {
  it('holds the audio until the view is ready, then sends it ahead of the chat state', () => {
    const fake = fakeView();
    const player = new WebviewPlayer(fake.view, () => 1);
    player.start('r1', 24000, 'a.md:1');
    player.audio('r1', 0, 'AAAA');
    assert.deepEqual(fake.posted, [], 'nothing reaches a view that is not ready');
    fake.becomeReady();
    assert.deepEqual(fake.posted, ['speech/start', 'speech/audio', 'state']);
    player.end('r1');
    assert.deepEqual(fake.posted.at(-1), 'speech/end', 'once open, messages go straight through');
  });

  it('stops listening once open, and when disposed before the view was ever ready', () => {
    const fake = fakeView();
    const opened = new WebviewPlayer(fake.view, () => 1);
    fake.becomeReady();
    assert.equal(fake.listeners.size, 0, 'an open player no longer listens');
    opened.open(); // the reading's own "view ready" arrives later: nothing is sent twice
    assert.deepEqual(fake.posted, ['state']);
    const abandoned = new WebviewPlayer(fake.view, () => 1);
    abandoned.dispose();
    assert.equal(fake.listeners.size, 0, 'a disposed player leaves no listener behind');
  });
});
