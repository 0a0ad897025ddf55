import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** A fresh script nonce per page load, from a cryptographic source. */
function createNonce(): string {
  return randomBytes(18).toString('base64');
}

export interface WebviewPage {
  title: string;
  /** The bundle that builds the UI and its stylesheets (in order), as paths under the extension's folder. */
  script: readonly string[];
  styles: readonly (readonly string[])[];
  /** The element the bundle builds into. */
  root: string;
  /** Whether the page shows images (the chat's `data:` ones). */
  images?: boolean;
}

/**
 * Every Tandem webview's shell: a strict CSP (scripts only by nonce; styles, fonts and images only from
 * the extension: the codicon font among them), its stylesheets and the nonce'd bundle.
 */
export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, page: WebviewPage): string {
  const nonce = createNonce();
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...page.script));
  const styles = page.styles.map((style) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...style)));
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource}`,
    ...(page.images ? [`img-src ${webview.cspSource} data:`] : []),
    `font-src ${webview.cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${styles.map((style) => `<link rel="stylesheet" href="${style}">`).join('\n')}
<title>${page.title}</title>
</head>
<body>
${page.root}
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}
