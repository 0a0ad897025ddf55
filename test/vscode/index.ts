// Entry module for mocha inside a real VS Code extension host. The same `run()` contract serves
// code-server (scripts/test-vscode.mjs) and desktop VS Code (@vscode/test-electron).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';

/** Lines the runner picks out of the forwarded extension-host console. */
export const outputTag = '[tandem-test]';

export function run(): Promise<void> {
  // The host forwards console output to the workbench, which reformats it; tag and pre-format ours.
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(`${outputTag} ${format(...args)}`);
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, color: false, reporter: 'spec', grep: process.env.TANDEM_TEST_GREP });
  for (const file of readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort()) {
    mocha.addFile(join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} extension-host test(s) failed`)) : resolve()));
  });
}
