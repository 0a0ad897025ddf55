/**
 * A value built the first time it is asked for, then kept: how a feature stays out of activation.
 *
 * The pattern (chat, speech and the Spend panel follow it; scripts/bundles.mjs has the build side):
 * - the feature has one entry file that builds it from what activate() passes in, e.g.
 *   `src/vscode/chat/registerChat.ts`, listed in `LAZY_BUNDLES` so that it becomes `dist/chat.js`;
 * - activate() registers the feature's views and commands synchronously (VS Code needs them to exist
 *   before their contents load), with handlers that call the lazy value;
 * - the lazy value requires the entry inside the function, never with a top-level import:
 *   `const chat = lazyModule(() => (require('./vscode/chat/registerChat') as typeof import('./vscode/chat/registerChat')).registerChat(...))`.
 *   `import type` from the entry is fine; a value import would put it back on the activation path, which
 *   test/unit/project/bundles.test.ts catches.
 */
export function lazyModule<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
