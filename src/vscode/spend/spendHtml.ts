import * as vscode from 'vscode';

/** The Spend panel's shell: the same strict CSP as the chat (nonce'd script, styles only from the extension). */
export function spendHtml(webview: vscode.Webview, extensionUri: vscode.Uri, nonce: string): string {
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'spend.js'));
  // esbuild writes the bundle's CSS (uPlot's and the view's own) beside it.
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'spend.css'));
  const csp = ["default-src 'none'", `script-src 'nonce-${nonce}'`, `style-src ${webview.cspSource}`, `font-src ${webview.cspSource}`].join(
    '; ',
  );
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>Tandem Spend</title>
</head>
<body>
<main id="spend"></main>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}
