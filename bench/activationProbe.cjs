// Loaded by the extension host as extensionTestsPath: activates Tandem and writes its timings.
const { writeFileSync } = require('node:fs');
const vscode = require('vscode');

exports.run = async function run() {
  const api = await vscode.extensions.getExtension('tandem.tandem').activate();
  writeFileSync(process.env.TANDEM_BENCH_OUT, JSON.stringify(api.activation));
};
