// The syntax judge's worker thread (dist/judgeWorker.js): tree-sitter parses here, so neither the parse of
// the code around the cursor nor the parses of an answer's candidates hold the extension host's thread,
// where they delayed the next keystroke's timer and the answer's ghost text by up to tens of milliseconds.
import { parentPort, workerData } from 'node:worker_threads';
import { InThreadJudge } from './inThreadJudge';
import type { FromJudgeWorker, JudgeAnswer, JudgeWorkerData, ToJudgeWorker } from './judgeWorkerProtocol';
import { TreeSitterParsers } from './treeSitterParsers';

const port = parentPort!;
const { wasmDir, answers, answered } = workerData as JudgeWorkerData;
const send = (message: FromJudgeWorker) => port.postMessage(message);
const parsers = new TreeSitterParsers(wasmDir, (message) => send({ op: 'warn', message }));
const count = new Int32Array(answered);
/** The answer on its port, then the count raised and the asking thread woken if it waits for it (judgeWorker.ts). */
function answer(message: JudgeAnswer): void {
  answers.postMessage(message);
  Atomics.add(count, 0, 1);
  Atomics.notify(count, 0);
}
const places = new Map<number, InThreadJudge>();
/**
 * Places not parsed yet. A place is parsed once the messages already waiting are handled: a verdict an
 * answer waits for goes before a newer request's parse, and a place disposed by then (its request was
 * superseded) is never parsed.
 */
const unparsed = new Set<number>();

port.on('message', (message: ToJudgeWorker) => {
  switch (message.op) {
    case 'load':
      void parsers.load(message.languageId).then((ok) => send({ op: 'loaded', languageId: message.languageId, ok }));
      return;
    case 'place': {
      const { place } = message;
      places.set(place, new InThreadJudge(parsers, message.languageId, message.before, message.after));
      unparsed.add(place);
      setImmediate(() => {
        if (unparsed.delete(place)) places.get(place)?.prepare();
      });
      return;
    }
    case 'firstFit':
      unparsed.delete(message.place);
      answer({ question: message.question, value: places.get(message.place)?.prepare().firstFit(message.groups) });
      return;
    case 'brackets': {
      const brackets = places.get(message.place)?.brackets(message.text);
      answer({ question: message.question, value: brackets && [...brackets] });
      return;
    }
    case 'dispose':
      unparsed.delete(message.place);
      places.get(message.place)?.dispose();
      places.delete(message.place);
  }
});
