// Entry module for the multi-root window (scripts/test-vscode.mjs opens it from a hostile
// `.code-workspace`): the same runner, over the suites in this folder.
export { run } from '../index';
