// The syntax judge on a worker thread (judgeWorkerMain.ts): the extension host's thread only posts the
// place (when the request is sent) and the answer's candidates (when it is in), and is free while the
// worker parses. Questions are answered in order, so each waits for its place's parse, not the host.
import { Worker } from 'node:worker_threads';
import type { FromJudgeWorker, JudgeWorkerData, ToJudgeWorker } from './judgeWorkerProtocol';
import type { PlaceJudge, PlaceJudges } from './syntaxParser';

type Answer = number | number[] | undefined;

export class JudgeWorker implements PlaceJudges {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (value: Answer) => void>();
  private readonly loading = new Map<string, { promise: Promise<boolean>; done: (ok: boolean) => void }>();
  private readonly loaded = new Set<string>();
  private lastId = 0;
  private stopped = false;

  /**
   * `script`: the worker's entry (dist/judgeWorker.js; tests pass the source with a TypeScript loader in
   * `execArgv`); `wasmDir` as TreeSitterParsers takes it; `onWarn` hears why syntax checks are off.
   */
  constructor(
    script: string,
    wasmDir: string,
    private readonly onWarn: (message: string) => void = () => undefined,
    execArgv?: string[],
  ) {
    this.worker = new Worker(script, { workerData: { wasmDir } satisfies JudgeWorkerData, execArgv });
    this.worker.unref(); // never what keeps a process alive
    this.worker.on('message', (message: FromJudgeWorker) => this.received(message));
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
    void this.worker.terminate();
  }

  private ask(message: (question: number) => ToJudgeWorker): Promise<Answer> {
    if (this.stopped) return Promise.resolve(undefined);
    const question = ++this.lastId;
    return new Promise<Answer>((resolve) => {
      this.waiting.set(question, resolve);
      this.post(message(question));
    });
  }

  private post(message: ToJudgeWorker): void {
    if (!this.stopped) this.worker.postMessage(message);
  }

  private received(message: FromJudgeWorker): void {
    if (message.op === 'answer') {
      this.waiting.get(message.question)?.(message.value);
      this.waiting.delete(message.question);
    } else if (message.op === 'loaded') {
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
