// The messages between the extension host's thread and the syntax judge's worker (judgeWorker.ts,
// judgeWorkerMain.ts). A place is named by the id the host gives it; a question by its own number.
import type { MessagePort } from 'node:worker_threads';

export type ToJudgeWorker =
  | { op: 'load'; languageId: string }
  | { op: 'place'; place: number; languageId: string; before: string; after: string }
  | { op: 'firstFit'; place: number; question: number; groups: readonly (readonly string[])[] }
  | { op: 'brackets'; place: number; question: number; text: string }
  | { op: 'dispose'; place: number };

export type FromJudgeWorker = { op: 'loaded'; languageId: string; ok: boolean } | { op: 'warn'; message: string };

/** On its own port (JudgeWorkerData's `answers`), which the asking thread can read without its event loop. */
export interface JudgeAnswer {
  question: number;
  value: number | number[] | undefined;
}

export interface JudgeWorkerData {
  /** The folder of tree-sitter.js, its WebAssembly and the grammars. */
  wasmDir: string;
  /** Where the answers go. */
  answers: MessagePort;
  /** One Int32 the worker adds 1 to after each answer and wakes the asking thread on (Atomics.notify). */
  answered: SharedArrayBuffer;
}
