// The read-aloud player in the chat webview, isolated in real Chromium under the real CSP: the
// tests play the host, streaming pcm16 pieces the way the simulator cuts them (odd byte counts).
import assert from 'node:assert/strict';
import { launchChatHarness, type ChatHarness, type ChatPage } from './fixtures/chatHarness';
import type { HostMessage, WebviewMessage } from '../../src/shared/protocol';

const RATE = 24000;

/** `seconds` of a 220 Hz tone as 16-bit little-endian pcm, cut into ~100 ms pieces of odd and even sizes. */
function tonePieces(seconds: number): string[] {
  const pcm = Buffer.alloc(Math.round(seconds * RATE) * 2);
  for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / RATE)), i * 2);
  const pieces: string[] = [];
  for (let offset = 0, i = 0; offset < pcm.length; i++) {
    const size = Math.min(pcm.length - offset, RATE / 5 + [1, -1, 0][i % 3]);
    pieces.push(pcm.subarray(offset, offset + size).toString('base64'));
    offset += size;
  }
  return pieces;
}

/** Dispatches the messages from inside the page, `intervalMs` apart, as a stream arriving in real time would. */
async function streamInPage(view: ChatPage, messages: HostMessage[], intervalMs: number): Promise<void> {
  await view.page.evaluate(
    ([list, interval]) => {
      const harness = (globalThis as unknown as { __harness: { dispatch(m: unknown): void } }).__harness;
      (list as unknown[]).forEach((m, i) => setTimeout(() => harness.dispatch(m), i * (interval as number)));
    },
    [messages, intervalMs] as const,
  );
}

const waitPosted = async (view: ChatPage, type: WebviewMessage['type']) => {
  await view.page.waitForFunction(
    (t) => (globalThis as unknown as { __harness: { posted: { type: string }[] } }).__harness.posted.some((m) => m.type === t),
    type,
    { timeout: 10_000 },
  );
  return (await view.posted()).filter((m) => m.type === type).at(-1)!;
};

const reading = (id: string, seconds: number): HostMessage[] => [
  { type: 'speech/start', id, sampleRate: RATE, title: 'notes.md:3', speed: 1 },
  ...tonePieces(seconds).map((data): HostMessage => ({ type: 'speech/audio', id, part: 0, data })),
  { type: 'speech/end', id },
];

describe('read-aloud player in the webview (isolated, real Chromium)', function () {
  this.timeout(60_000);
  let harness: ChatHarness;
  let view: ChatPage;

  before(async () => {
    harness = await launchChatHarness();
  });
  after(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    view = await harness.open();
  });
  afterEach(() => view.closeChecked());

  it('plays odd-sized pieces streamed in real time back to back, every sample of them', async () => {
    const bar = view.page.locator('.speech-bar');
    await streamInPage(view, reading('r1', 1.5), 100);
    await bar.locator('text=notes.md:3').waitFor();
    const playing = await waitPosted(view, 'speech/playing');
    assert.ok(playing.type === 'speech/playing' && playing.startsInMs < 100, `first sound ${JSON.stringify(playing)}`);
    const ended = await waitPosted(view, 'speech/ended');
    // 1.5 s of audio in 100 ms pieces of 4801/4799/4800 bytes: the half samples carried over add up exactly.
    assert.ok(ended.type === 'speech/ended' && Math.abs(ended.playedSeconds - 1.5) < 1e-9, JSON.stringify(ended));
    const wallSeconds = (Date.now() - playing.scheduledAt) / 1000;
    assert.ok(wallSeconds >= 1.45 && wallSeconds < 2.2, `played in ${wallSeconds} s of wall time`);
    assert.ok(Number(await bar.getAttribute('data-gaps')) <= 1, 'at most one underrun, and then a cushion');
    assert.equal(await bar.isHidden(), true, 'the bar goes away when the reading is over');
  });

  it('shows the polished text, and Stop asks the host to stop; the host’s stop silences at once', async () => {
    // 8 s of audio: however slow a loaded machine makes the click and the round trips, Stop lands mid-reading.
    const [start, ...rest] = reading('r2', 8);
    await view.dispatch(start);
    await view.dispatch({ type: 'speech/preview', id: 'r2', text: 'So this is the text.' });
    for (const m of rest.slice(0, -1)) await view.dispatch(m);
    await waitPosted(view, 'speech/playing');
    assert.match(await view.page.locator('.speech-preview').innerText(), /polished by the service\): So this is the text\./);
    await view.page.getByRole('button', { name: 'Stop reading aloud' }).click();
    assert.deepEqual(await waitPosted(view, 'speech/stopRequested'), { type: 'speech/stopRequested', id: 'r2' });
    await view.dispatch({ type: 'speech/stop', id: 'r2' });
    const ended = await waitPosted(view, 'speech/ended');
    // Ended by the stop, not by the reading running out: what had played when it came, and nothing after.
    assert.ok(ended.type === 'speech/ended' && ended.playedSeconds > 0 && ended.playedSeconds < 7, JSON.stringify(ended));
    assert.equal(await view.page.locator('.speech-bar').getAttribute('data-sources'), '0', 'nothing left scheduled');
  });
});

/**
 * Headless Chromium lets Web Audio play without a click whatever its autoplay flags say, so the
 * policy of a desktop browser is played here: a new AudioContext starts suspended, and resume()
 * stays pending until the page has had a click. (A real click: Playwright's evaluate() counts as a
 * user gesture, so navigator.userActivation cannot tell.)
 */
const autoplayPolicy = `(() => {
  let clicked = false;
  addEventListener('click', () => (clicked = true), { capture: true });
  const Real = AudioContext;
  globalThis.AudioContext = class extends Real {
    #allowed = clicked;
    constructor(options) {
      super(options);
      if (!this.#allowed) void super.suspend();
    }
    get state() {
      return this.#allowed ? super.state : 'suspended';
    }
    resume() {
      const allow = () => {
        this.#allowed = true;
        return super.resume();
      };
      if (clicked) return allow();
      return new Promise((resolve) => addEventListener('click', () => void allow().then(resolve), { once: true }));
    }
  };
})();`;

describe('read-aloud player where the browser blocks audio until a click', function () {
  this.timeout(60_000);
  let harness: ChatHarness;

  before(async () => {
    harness = await launchChatHarness(undefined, autoplayPolicy);
  });
  after(async () => {
    await harness?.close();
  });

  it('says so, offers Play, and plays everything after the click', async () => {
    const view = await harness.open();
    await streamInPage(view, reading('r3', 0.6), 0);
    const failed = await waitPosted(view, 'speech/failed');
    assert.deepEqual(failed, {
      type: 'speech/failed',
      id: 'r3',
      reason: 'blocked',
      message: 'Audio is blocked until you click Play in the Tandem view.',
    });
    assert.match(await view.page.locator('.speech-notice').innerText(), /blocked audio until you click/);
    await view.page.getByRole('button', { name: /Play the audio/ }).click();
    const ended = await waitPosted(view, 'speech/ended');
    assert.ok(ended.type === 'speech/ended' && Math.abs(ended.playedSeconds - 0.6) < 1e-9, JSON.stringify(ended));
    await view.closeChecked();
  });
});
