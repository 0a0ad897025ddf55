// The codicons the webview draws, and the only ones whose classes the build ships (esbuild.mjs
// reads this list and writes dist/codicon.css with just these; the font is VS Code's own).
export const CODICONS = [
  'add',
  'check',
  'circle-slash',
  'close',
  'copy',
  'debug-pause',
  'debug-restart',
  'edit',
  'error',
  'history',
  'insert',
  'loading',
  'new-file',
  'play',
  'primitive-square',
  'refresh',
  'remove',
  'send',
  'tools',
  'trash',
  'unmute',
  'warning',
] as const;

export type Codicon = (typeof CODICONS)[number];
