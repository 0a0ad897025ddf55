// Webview entry (browser bundle). The sidebar views arrive with the chat issue; this keeps the
// second esbuild bundle and its tsconfig honest from the start.
export {};
