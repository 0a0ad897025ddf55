import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { runInTerminal, type TerminalHost } from '../../../../src/vscode/chat/terminalRunner';

/** An event whose live listeners can be counted. */
function countingEvent<T>() {
  const live = new Set<(e: T) => unknown>();
  const event = (listener: (e: T) => unknown) => {
    live.add(listener);
    return { dispose: () => live.delete(listener) };
  };
  return { event, live, fire: (e: T) => [...live].forEach((listener) => listener(e)) };
}

/** Timers on a clock the test moves by hand: fire(ms) runs the live timers of that length. */
function fakeTimers() {
  const live = new Set<{ ms: number; fire: () => void }>();
  const timer: TerminalHost['timer'] = (ms, fire) => {
    const entry = { ms, fire };
    live.add(entry);
    return () => live.delete(entry);
  };
  const fire = (ms: number) => [...live].filter((t) => t.ms === ms).forEach((t) => (live.delete(t), t.fire()));
  return { timer, live, fire };
}

/** A shell-integrated terminal whose command prints `hello` and then runs until end() is called. */
function fakeTerminal() {
  const sent: string[] = [];
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const execution = {
    async *read() {
      yield 'hello\r\n';
      await ended;
    },
  };
  const terminal = {
    show: () => undefined,
    sendText: (text: string) => void sent.push(text),
    shellIntegration: { executeCommand: () => execution },
  } as unknown as vscode.Terminal;
  return { terminal, execution, sent, end };
}

/** An abort signal whose live listeners can be counted. */
function countedSignal() {
  const controller = new AbortController();
  const signal = controller.signal;
  let live = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((...args: Parameters<typeof add>) => (live++, add(...args))) as typeof add;
  signal.removeEventListener = ((...args: Parameters<typeof remove>) => (live--, remove(...args))) as typeof remove;
  return { controller, signal, live: () => live };
}

/** Lets the runner reach its wait (no clock involved: only pending callbacks run). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('runInTerminal releases what it waits with', () => {
  const setup = () => {
    const ended = countingEvent<{ execution: unknown; exitCode: number | undefined }>();
    const integrated = countingEvent<unknown>();
    const timers = fakeTimers();
    const host = {
      window: {
        onDidEndTerminalShellExecution: ended.event,
        onDidChangeTerminalShellIntegration: integrated.event,
      } as unknown as TerminalHost['window'],
      timer: timers.timer,
    };
    return { ended, timers, host, term: fakeTerminal(), abort: countedSignal() };
  };

  it('after the user stops the answer: no exit listener, no abort listener, no timer', async () => {
    const { ended, timers, host, term, abort } = setup();
    const result = runInTerminal(term.terminal, 'npm test', abort.signal, host);
    await settle();
    assert.equal(ended.live.size, 1, 'waiting for the command to end');
    abort.controller.abort();
    assert.match(await result, /interrupted \(the user stopped the answer\)[\s\S]*hello/);
    assert.deepEqual(term.sent, ['\u0003']);
    assert.deepEqual([ended.live.size, timers.live.size, abort.live()], [0, 0, 0], 'exit listeners, timers and abort listeners left');
    term.end();
  });

  it('after the 2-minute timeout: no exit listener, no abort listener, no timer', async () => {
    const { ended, timers, host, term, abort } = setup();
    const result = runInTerminal(term.terminal, 'sleep 1000', abort.signal, host);
    await settle();
    timers.fire(120_000);
    assert.match(await result, /interrupted \(it ran over 2 minutes\)/);
    assert.deepEqual([ended.live.size, timers.live.size, abort.live()], [0, 0, 0], 'exit listeners, timers and abort listeners left');
    term.end();
  });

  it('after the command exits: no exit listener, no abort listener, no timer', async () => {
    const { ended, timers, host, term, abort } = setup();
    const result = runInTerminal(term.terminal, 'true', abort.signal, host);
    await settle();
    term.end();
    ended.fire({ execution: { other: true }, exitCode: 1 }); // another command's end is not ours
    ended.fire({ execution: term.execution, exitCode: 0 });
    assert.match(await result, /^Exit code: 0\nhello$/);
    assert.deepEqual([ended.live.size, timers.live.size, abort.live()], [0, 0, 0], 'exit listeners, timers and abort listeners left');
  });
});
