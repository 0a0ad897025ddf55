// Loaded by the extension host as extensionTestsPath during `npm run bench:completion`: registers the
// baseline, an inline completion provider that answers at once, only for files named baseline.*, so
// VS Code's own keystroke→ghost-text time can be told from Tandem's. run() never ends: the bench
// closes the workbench when it has measured.
const vscode = require('vscode');

exports.run = function run() {
  vscode.languages.registerInlineCompletionItemProvider(
    { pattern: '**/baseline.*' },
    {
      provideInlineCompletionItems(document, position) {
        return [new vscode.InlineCompletionItem('width * 2;', new vscode.Range(position, position))];
      },
    },
  );
  return new Promise(() => undefined);
};
