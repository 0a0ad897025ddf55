// The messages between the extension host's thread and the syntax judge's worker (judgeWorker.ts,
// judgeWorkerMain.ts). A place is named by the id the host gives it; a question by its own number.

export type ToJudgeWorker =
  | { op: 'load'; languageId: string }
  | { op: 'place'; place: number; languageId: string; before: string; after: string }
  | { op: 'firstFit'; place: number; question: number; groups: readonly (readonly string[])[] }
  | { op: 'brackets'; place: number; question: number; text: string }
  | { op: 'dispose'; place: number };

export type FromJudgeWorker =
  | { op: 'loaded'; languageId: string; ok: boolean }
  | { op: 'answer'; question: number; value: number | number[] | undefined }
  | { op: 'warn'; message: string };

export interface JudgeWorkerData {
  /** The folder of tree-sitter.js, its WebAssembly and the grammars. */
  wasmDir: string;
}
