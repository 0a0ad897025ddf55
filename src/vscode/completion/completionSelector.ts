import type * as vscode from 'vscode';

/** The documents Tandem completes: local files, unsaved buffers and remote workspaces; every language. */
export const COMPLETION_SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file' },
  { scheme: 'untitled' },
  { scheme: 'vscode-remote' },
  { scheme: 'vscode-vfs' },
];
