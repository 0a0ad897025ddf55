// Answer shapes two more blind rounds of the edit corpus found the applier getting wrong: other tools'
// edit formats (Zed, Codex's apply_patch, Roo Code), answers escaped onto one line or fenced inside a
// list, SEARCH text that drifted in new ways, GNU-style indentation, and answers that are not edits.
// Each test is the shape of a real miss, on a small file.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, lines, refused } from './applierHelpers';

const EVENT = lines(
  'function toInspectable(err) {',
  '  return {',
  '    type: err.type,',
  '    cancelable: err.cancelable,',
  '    timeStamp: err.timeStamp,',
  '  }',
  '}',
  '',
  'function otherInspectable(err) {',
  '  return { type: err.type }',
  '}',
);
const WITH_BUBBLES = EVENT.replace('    timeStamp: err.timeStamp,\n', '    timeStamp: err.timeStamp,\n    bubbles: err.bubbles,\n');
const BODY = { startLine: 1, endLine: 5 };

describe("the edit applier reading other tools' edit formats", () => {
  it("reads Zed's old_text/new_text edit, its new text closed by </edits>", () => {
    const answer = [
      '<edits>',
      '<old_text>',
      '    timeStamp: err.timeStamp,',
      '</old_text>',
      '<new_text>',
      '    timeStamp: err.timeStamp,',
      '    bubbles: err.bubbles,',
      '</edits>',
    ].join('\n');
    assert.equal(applied(applyEditAnswer(EVENT, BODY, answer)), WITH_BUBBLES);
  });

  it("reads Codex's apply_patch envelope, whose @@ line names the scope and is not context", () => {
    const answer = [
      '```diff',
      '*** Begin Patch',
      '*** Update File: event.js',
      '@@ function toInspectable(err) {',
      '     timeStamp: err.timeStamp,',
      '+    bubbles: err.bubbles,',
      '   }',
      '*** End Patch',
      '```',
    ].join('\n');
    assert.equal(applied(applyEditAnswer(EVENT, BODY, answer)), WITH_BUBBLES);
  });

  it("reads Roo Code's SEARCH with a :start_line: header and its file view's line numbers", () => {
    const header = [
      '<<<<<<< SEARCH',
      ':start_line:5',
      '-------',
      '    timeStamp: err.timeStamp,',
      '=======',
      '    timeStamp: err.timeStamp,',
      '    bubbles: err.bubbles,',
      '>>>>>>> REPLACE',
    ];
    assert.equal(applied(applyEditAnswer(EVENT, BODY, header.join('\n'))), WITH_BUBBLES);
    const numbered = [
      '<<<<<<< SEARCH',
      '5 |     timeStamp: err.timeStamp,',
      '=======',
      '5 |     timeStamp: err.timeStamp,',
      '6 |     bubbles: err.bubbles,',
      '>>>>>>> REPLACE',
    ];
    assert.equal(applied(applyEditAnswer(EVENT, BODY, numbered.join('\n'))), WITH_BUBBLES);
  });
});

describe('the edit applier reading answers in unusual wrappings', () => {
  it('decodes an answer that arrived as one escaped string', () => {
    const answer = JSON.stringify(['```js', '    timeStamp: err.timeStamp,', '    bubbles: err.bubbles,', '```'].join('\n')).slice(1, -1);
    assert.equal(applied(applyEditAnswer(EVENT, { startLine: 4, endLine: 4 }, answer)), WITH_BUBBLES);
  });

  it('takes the list item’s indentation off a fence inside a numbered list, and drops a filepath comment', () => {
    const answer = [
      '1. Add the property:',
      '',
      '   ```js',
      '   // filepath: event.js',
      '       timeStamp: err.timeStamp,',
      '       bubbles: err.bubbles,',
      '   ```',
      '2. Nothing else changes.',
    ].join('\n');
    assert.equal(applied(applyEditAnswer(EVENT, { startLine: 4, endLine: 4 }, answer)), WITH_BUBBLES);
  });
});

describe('the edit applier matching drifted SEARCH text', () => {
  it('refuses a SEARCH that matches only away from the selection, and applies one right next to it', () => {
    const away = [
      '<<<<<<< SEARCH',
      '  return { type: err.type }',
      '=======',
      '  return { type: err.type, bubbles: err.bubbles }',
      '>>>>>>> REPLACE',
    ];
    assert.equal(refused(applyEditAnswer(EVENT, BODY, away.join('\n'))).why, 'outsideSelection');
    const next = [
      '<<<<<<< SEARCH',
      '}',
      '',
      'function otherInspectable(err) {',
      '=======',
      '}',
      '',
      '// others',
      'function otherInspectable(err) {',
      '>>>>>>> REPLACE',
    ];
    assert.equal(applied(applyEditAnswer(EVENT, BODY, next.join('\n'))), EVENT.replace('\nfunction other', '\n// others\nfunction other'));
  });

  it('edits the part of a line a one-line SEARCH holds', () => {
    const answer = ['<<<<<<< SEARCH', 'cancelable: err.cancelable', '=======', 'cancelable: Boolean(err.cancelable)', '>>>>>>> REPLACE'];
    assert.equal(applied(applyEditAnswer(EVENT, BODY, answer.join('\n'))), EVENT.replace('err.cancelable,', 'Boolean(err.cancelable),'));
  });

  it('matches a SEARCH whose quotes were swapped', () => {
    const PEMS = lines('_PEMS = {', '    b"CERTIFICATE",', '    b"X509 CRL",', '}');
    const answer = [
      '<<<<<<< SEARCH',
      "    b'X509 CRL',",
      '}',
      '=======',
      '    b"X509 CRL",',
      '    b"ATTRIBUTE CERTIFICATE",',
      '}',
      '>>>>>>> REPLACE',
    ];
    assert.equal(
      applied(applyEditAnswer(PEMS, { startLine: 0, endLine: 3 }, answer.join('\n'))),
      PEMS.replace('}', '    b"ATTRIBUTE CERTIFICATE",\n}'),
    );
  });

  it('reads diff context lines that lost their leading space, and keeps a changed line where the old one was', () => {
    const DOC = lines('/**', ' * Checks it.', ' */', 'export function isHtml(str: string): boolean {', '  return str.includes("<");', '}');
    const answer = [
      '```diff',
      '@@ -1,5 +1,5 @@',
      '* Checks it.',
      '*/',
      '-export function isHtml(str: string): boolean {',
      '+export function isHtml(str: unknown): str is string {',
      '  return str.includes("<");',
      '```',
    ];
    assert.equal(
      applied(applyEditAnswer(DOC, { startLine: 3, endLine: 5 }, answer.join('\n'))),
      DOC.replace('(str: string): boolean', '(str: unknown): str is string'),
    );
  });

  it('does not double a blank line the SEARCH left out and the REPLACE wrote', () => {
    const STEPS = lines('      - uses: setup', '        check-latest: true', '', '      - name: Install', '        run: npm ci');
    const answer = [
      '<<<<<<< SEARCH',
      '        check-latest: true',
      '      - name: Install',
      '=======',
      '',
      '      - name: Install',
      '>>>>>>> REPLACE',
    ];
    assert.equal(
      applied(applyEditAnswer(STEPS, { startLine: 0, endLine: 4 }, answer.join('\n'))),
      STEPS.replace('        check-latest: true\n', ''),
    );
  });
});

describe('the edit applier placing lines in the file’s own indentation', () => {
  it('keeps columns, written with a tab per 8, in a GNU-style file whose tabs the answer expanded', () => {
    const SCRIPT = lines(
      '  for f in $list; do',
      '    if test -x $f; then',
      '\tout=`$f --verify`',
      '\tret=$?',
      '\tcase $ret in',
      '\t  0) echo ok;;',
      '\tesac',
      '    fi',
      '  done',
      '  echo done',
    );
    const answer = [
      '```sh',
      '  for f in $list; do',
      '    if test -x $f; then',
      '        out=`$f --verify 2>/dev/null`',
      '        ret=$?',
      '        case $ret in',
      '          0) echo ok;;',
      '        esac',
      '    fi',
      '  done',
      '```',
    ];
    assert.equal(
      applied(applyEditAnswer(SCRIPT, { startLine: 0, endLine: 5 }, answer.join('\n'))),
      SCRIPT.replace('--verify`', '--verify 2>/dev/null`'),
    );
  });

  it('puts a line written at column 0 on a selected empty line as deep as the code around it', () => {
    const HOOKS = lines('if [ -d "$DIR" ]', 'then', '', '  echo "running hooks"', 'fi');
    assert.equal(
      applied(applyEditAnswer(HOOKS, { startLine: 2, endLine: 2 }, 'export ADDED REMOVED')),
      HOOKS.replace('then\n\n', 'then\n  export ADDED REMOVED\n'),
    );
  });
});

describe('the edit applier telling an edit from something else', () => {
  it('keeps the code a "# ... rest unchanged" marker stands for', () => {
    const PY = lines('def a():', '    return 1', '', '', 'def b():', '    return 2');
    const answer = ['```python', 'def a():', '    return 10', '', '', '# ... rest unchanged', '```'].join('\n');
    assert.equal(applied(applyEditAnswer(PY, { startLine: 0, endLine: 5 }, answer)), PY.replace('return 1\n', 'return 10\n'));
  });

  it('refuses a skeleton whose comment says the code goes here', () => {
    const answer = ['```js', 'function toInspectable(err) {', '  /* the new fields go here */', '}', '```'].join('\n');
    assert.equal(refused(applyEditAnswer(EVENT, { startLine: 0, endLine: 6 }, answer)).why, 'noCode');
  });

  it('refuses an explanation that keeps the code as it is and shows a usage example', () => {
    const answer = [
      'Both fields already work the way you need:',
      '```js',
      'const { type, cancelable, timeStamp } = toInspectable(err)',
      '```',
      "So I'd leave it as it is.",
    ].join('\n');
    assert.equal(refused(applyEditAnswer(EVENT, BODY, answer)).why, 'noCode');
  });
});
