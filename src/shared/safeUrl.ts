// The one check a URL from model or server output passes before it becomes a link: only plain web
// addresses. `vscode:`, `command:`, `file:`, `javascript:` and `data:` links would reach VS Code's
// opener (an extension's URI handler, a command, a local file) at a click; credentials in a link
// (`https://user:pass@host`) are a phishing device. Used by the host (citations) and the webview
// (citations and markdown links), so neither relies on the other.

/** The normalised URL when it is a credential-free http(s) address, otherwise undefined. */
export function safeUrl(raw: string): string | undefined {
  let url: URL;
  try {
    // The WHATWG parser drops tabs and newlines and trims control characters first, so
    // `java\nscript:` is judged as the `javascript:` a browser would see.
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  return url.href;
}
