// Loaded by the extension host as extensionTestsPath: activates Tandem and writes its timings, and which of
// its bundles activation loaded (the ones for chat, speech, the Spend panel and undici wait for their first use).
const { writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const vscode = require('vscode');

exports.run = async function run() {
  const api = await vscode.extensions.getExtension('tandem.tandem').activate();
  const dist = join(__dirname, '..', 'dist');
  const loadedBundles = Object.keys(require.cache)
    .filter((file) => file.startsWith(dist))
    .map((file) => relative(dist, file));
  // The first look at settings and keys (and the completion engine's bundle) comes right after activate()
  // returns; its time is reported apart.
  for (let waited = 0; api.activation.firstLookMs === undefined && waited < 30_000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  writeFileSync(process.env.TANDEM_BENCH_OUT, JSON.stringify({ ...api.activation, loadedBundles }));
};
