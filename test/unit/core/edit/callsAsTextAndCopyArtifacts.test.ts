// Shapes the eleventh blind round of the edit corpus found the applier getting wrong: Gemini's tool
// calls written as Python, Claude's text-editor insert, no-break spaces from a chat page, a file
// directive line, batch-file markers, a line wrapped next to a marker, and a line grown by a word.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

const PERL = lines(
  'sub run_handlers {',
  '    while (my $handler = pop @handlers) {',
  '        $handler->();',
  '    }',
  '    _reset();',
  '}',
);
const ALL = { startLine: 0, endLine: 5 };
const WRAPPED = PERL.replace('        $handler->();\n', '        eval { $handler->() };\n        warn $@ if $@;\n');
const SKETCH =
  'sub run_handlers {\\n    while (my $handler = pop @handlers) {\\n        eval { $handler->() };\\n        warn $@ if $@;\\n    }\\n    # ...existing code...\\n}\\n';

describe('the edit applier reading calls written as text, and what copying adds', () => {
  it("applies Gemini's Python call, bare or in a tool_code fence, with its existing-code marker; refuses one cut off", () => {
    const call = `print(default_api.insert_edit_into_file(code='${SKETCH}', explanation='Run each in eval.', filePath='Exit.pm'))`;
    assert.equal(applied(applyEditAnswer(PERL, ALL, call)), WRAPPED);
    assert.equal(applied(applyEditAnswer(PERL, ALL, fence('tool_code', call))), WRAPPED);
    assert.equal(refused(applyEditAnswer(PERL, ALL, call.slice(0, 60))).why, 'truncated');
  });

  it("inserts after the 1-based line Claude's insert command names, after a line of prose", () => {
    const answer = `I'll add a comment.\n\n${JSON.stringify({ command: 'insert', path: 'Exit.pm', insert_line: 4, insert_text: '    # start again\n' })}`;
    assert.equal(applied(applyEditAnswer(PERL, ALL, answer)), PERL.replace('    }\n', '    }\n    # start again\n'));
  });

  it('reads no-break spaces in the indentation as spaces, and a <!-- file: --> line as a header', () => {
    const nbsp = fence(
      'perl',
      ...PERL.trimEnd()
        .split('\n')
        .map((l) => l.replace(/^ +/, (lead) => '\u00a0'.repeat(lead.length))),
    );
    assert.equal(refused(applyEditAnswer(PERL, ALL, nbsp)).why, 'noChange');
    const answer = fence('perl', '<!-- file: lib/Exit.pm -->', ...WRAPPED.trimEnd().split('\n'));
    assert.equal(applied(applyEditAnswer(PERL, ALL, answer)), WRAPPED);
  });

  it("keeps what a batch file's @rem marker stands for", () => {
    const bat = lines(':findJava', 'set JAVA_EXE=%JAVA_HOME%/bin/java.exe', '', 'if exist "%JAVA_EXE%" goto init', 'goto fail');
    const answer = fence(
      'bat',
      ':findJava',
      'set JAVA_HOME=%JAVA_HOME:"=%',
      'set JAVA_EXE=%JAVA_HOME%/bin/java.exe',
      '@rem ... existing code ...',
    );
    assert.equal(
      applied(applyEditAnswer(bat, { startLine: 0, endLine: 4 }, answer)),
      bat.replace(':findJava\n', ':findJava\nset JAVA_HOME=%JAVA_HOME:"=%\n'),
    );
  });

  it('keeps the tab of a line the answer grows by a word among repeated context in spaces', () => {
    const sh = lines(
      '    case "$1" in',
      '            ;;',
      '\t--prefix)',
      '\t    echo_prefix=yes',
      '\t    ;;',
      '        --exec-prefix=*)',
      '            ;;',
    );
    const answer = fence('sh', '            ;;', '        --prefix|-p)', '\t    echo_prefix=yes', '\t    ;;', '        --exec-prefix=*)');
    assert.equal(applied(applyEditAnswer(sh, { startLine: 2, endLine: 4 }, answer)), sh.replace('\t--prefix)', '\t--prefix|-p)'));
  });
});
