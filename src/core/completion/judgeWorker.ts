// The syntax judge on a worker thread (judgeWorkerMain.ts): the extension host's thread only posts the
// place (when the request is sent) and is free while the worker parses it; when the answer is in, it
// posts the candidates and waits a few ms for the verdict (SYNC_WAIT_MS). Questions are answered in
// order, so each waits for its place's parse, not the host.
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { FromJudgeWorker, JudgeAnswer, JudgeWorkerData, ToJudgeWorker } from './judgeWorkerProtocol';
import type { PlaceJudge, PlaceJudges } from './syntaxParser';

type Answer = number | number[] | undefined;

/**
 * How long the asking thread waits for an answer without its event loop. A verdict takes the worker
 * about 2 ms or less nine times in ten; handed back as a message it waited a further 0.6 ms at the
 * median and up to 8 ms (the thread woken, or busy with the workbench's edits) before the ghost text
 * could go on. Past this, the wait goes on as a message, so a slow judgement never holds the thread.
 */
const SYNC_WAIT_MS = 8;

export class JudgeWorker implements PlaceJudges {
  private readonly worker: Worker;
  private readonly answers: MessagePort;
  private readonly answered: Int32Array;
  private readonly waiting = new Map<number, (value: Answer) => void>();
  private readonly loading = new Map<string, { promise: Promise<boolean>; done: (ok: boolean) => void }>();
  private readonly loaded = new Set<string>();
  private lastId = 0;
  private stopped = false;

  /**
   * `script`: the worker's entry (dist/judgeWorker.js; tests pass the source with a TypeScript loader in
   * `execArgv`); `wasmDir` as TreeSitterParsers takes it; `onWarn` hears why syntax checks are off;
   * `syncWaitMs`: how long an answer is waited for without the event loop (0: it always comes as a message).
   */
  constructor(
    script: string,
    wasmDir: string,
    private readonly onWarn: (message: string) => void = () => undefined,
    execArgv?: string[],
    private readonly syncWaitMs = SYNC_WAIT_MS,
  ) {
    const { port1, port2 } = new MessageChannel();
    const answered = new SharedArrayBuffer(4);
    this.answers = port1;
    this.answered = new Int32Array(answered);
    const workerData: JudgeWorkerData = { wasmDir, answers: port2, answered };
    this.worker = new Worker(script, { workerData, transferList: [port2], execArgv });
    this.answers.on('message', (answer: JudgeAnswer) => this.answer(answer));
    this.worker.on('message', (message: FromJudgeWorker) => this.received(message));
    // Never what keeps a process alive (a port's first listener refs it: unref after).
    this.answers.unref();
    this.worker.unref();
    this.worker.on('error', (error) => this.stop(`Syntax checks are off (line rules only): their worker failed: ${error.message}`));
    this.worker.on('exit', (code) => this.stop(`Syntax checks are off (line rules only): their worker stopped (exit code ${code}).`));
  }

  /** Loads the language's parser in the worker (once); true when it is usable. Loading starts on the first place too. */
  load(languageId: string): Promise<boolean> {
    let pending = this.loading.get(languageId);
    if (!pending) {
      let done!: (ok: boolean) => void;
      pending = { promise: new Promise<boolean>((resolve) => (done = resolve)), done };
      this.loading.set(languageId, pending);
      if (this.stopped) done(false);
      else this.post({ op: 'load', languageId });
    }
    return pending.promise;
  }

  /** True once `load` has reported the language's parser usable. */
  isLoaded(languageId: string): boolean {
    return this.loaded.has(languageId);
  }

  judgeAt(languageId: string, before: string, after: string): PlaceJudge {
    const place = ++this.lastId;
    this.post({ op: 'place', place, languageId, before, after });
    return {
      firstFit: async (groups) => {
        const value = await this.ask((question) => ({ op: 'firstFit', place, question, groups }));
        return typeof value === 'number' ? value : undefined;
      },
      brackets: async (text) => {
        const value = await this.ask((question) => ({ op: 'brackets', place, question, text }));
        return Array.isArray(value) ? new Set(value) : undefined;
      },
      dispose: () => this.post({ op: 'dispose', place }),
    };
  }

  dispose(): void {
    this.stop();
    this.answers.close();
    void this.worker.terminate();
  }

  private ask(message: (question: number) => ToJudgeWorker): Promise<Answer> {
    if (this.stopped) return Promise.resolve(undefined);
    const question = ++this.lastId;
    const promise = new Promise<Answer>((resolve) => this.waiting.set(question, resolve));
    this.post(message(question));
    if (this.syncWaitMs > 0) this.waitFor(question);
    return promise;
  }

  /** Waits up to `syncWaitMs` for the question's answer, taking answers off their port as they come. */
  private waitFor(question: number): void {
    const deadline = performance.now() + this.syncWaitMs;
    while (this.waiting.has(question)) {
      const count = Atomics.load(this.answered, 0);
      for (let got = receiveMessageOnPort(this.answers); got; got = receiveMessageOnPort(this.answers))
        this.answer(got.message as JudgeAnswer);
      const left = deadline - performance.now();
      if (!this.waiting.has(question) || left <= 0 || Atomics.wait(this.answered, 0, count, left) === 'timed-out') return;
    }
  }

  private answer({ question, value }: JudgeAnswer): void {
    this.waiting.get(question)?.(value);
    this.waiting.delete(question);
  }

  private post(message: ToJudgeWorker): void {
    if (!this.stopped) this.worker.postMessage(message);
  }

  private received(message: FromJudgeWorker): void {
    if (message.op === 'loaded') {
      if (message.ok) this.loaded.add(message.languageId);
      this.loading.get(message.languageId)?.done(message.ok);
    } else this.onWarn(message.message);
  }

  /** The worker is gone (`why`) or disposed: what waits goes unjudged (the line rules decide), and so does all that follows. */
  private stop(why?: string): void {
    if (this.stopped) return;
    this.stopped = true;
    if (why) this.onWarn(why);
    for (const resolve of this.waiting.values()) resolve(undefined);
    this.waiting.clear();
    for (const { done } of this.loading.values()) done(false);
  }
}
