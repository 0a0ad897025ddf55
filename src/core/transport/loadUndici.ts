import type * as UndiciBundle from './undici';
import type { UndiciParts } from './undici';

/**
 * undici, required the first time a request needs it: undici.ts is a bundle of its own (dist/undici.js,
 * see scripts/bundles.mjs), so activation neither loads nor parses it.
 */
export function loadUndici(): UndiciParts {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  return (require('./undici') as typeof UndiciBundle).undiciParts();
}
