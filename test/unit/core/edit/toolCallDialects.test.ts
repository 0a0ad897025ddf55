// Answer shapes the eighth blind round of the edit corpus found the applier getting wrong: an edit
// written as a tool call in the dialects models use when a server passes their calls through as text,
// more reasoning wrappers, Windsurf's placeholder, an empty line chosen to insert at, a short line grown
// by a word next to a marker, and repeated context with its tabs written as spaces. Each test is the
// shape of a real miss, on a small file.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

const SIGNAL = lines('interface Signal {', '    readonly aborted: boolean;', '    removeListener(): void;', '}');
const WHOLE = { startLine: 0, endLine: 3 };
const WITH_THROW = SIGNAL.replace('    removeListener(): void;\n', '    removeListener(): void;\n    throwIfAborted(): void;\n');
const OLD = '    removeListener(): void;\n}';
const NEW = '    removeListener(): void;\n    throwIfAborted(): void;\n}';

describe('the edit applier reading tool calls written as text', () => {
  it("reads Claude's <invoke> with <parameter name=…> arguments, after a stray word", () => {
    const answer = `I'll add the method.\n\ncourt\n\n<invoke name="Edit">\n<parameter name="file_path">signal.d.ts</parameter>\n<parameter name="old_string">${OLD}</parameter>\n<parameter name="new_string">${NEW}</parameter>\n</invoke>`;
    assert.equal(applied(applyEditAnswer(SIGNAL, WHOLE, answer)), WITH_THROW);
  });

  it("reads DeepSeek's DSML tags and GLM's <arg_key>/<arg_value> pairs", () => {
    const dsml = `<｜DSML｜function_calls>\n<｜DSML｜invoke name="edit_file">\n<｜DSML｜parameter name="old_string" string="true">${OLD}</｜DSML｜parameter>\n<｜DSML｜parameter name="new_string" string="true">${NEW}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
    assert.equal(applied(applyEditAnswer(SIGNAL, WHOLE, dsml)), WITH_THROW);
    const glm = `<tool_call>edit_file\n<arg_key>path</arg_key>\n<arg_value>signal.d.ts</arg_value>\n<arg_key>old_string</arg_key>\n<arg_value>${OLD}</arg_value>\n<arg_key>new_string</arg_key>\n<arg_value>${NEW}</arg_value>\n</tool_call>`;
    assert.equal(applied(applyEditAnswer(SIGNAL, WHOLE, glm)), WITH_THROW);
  });

  it("reads Kimi K2's and Mistral's JSON calls on one line, two of them, each after the other's edit", () => {
    const args = (from: string, to: string) => JSON.stringify({ path: 'signal.d.ts', old_string: from, new_string: to });
    const kimi = `Two edits. <|tool_calls_section_begin|> <|tool_call_begin|> functions.edit:0 <|tool_call_argument_begin|> ${args('    readonly aborted: boolean;\n', '    readonly aborted: boolean;\n    readonly reason: unknown;\n')} <|tool_call_end|> <|tool_call_begin|> functions.edit:1 <|tool_call_argument_begin|> ${args(OLD, NEW)} <|tool_call_end|> <|tool_calls_section_end|>`;
    assert.equal(
      applied(applyEditAnswer(SIGNAL, WHOLE, kimi)),
      WITH_THROW.replace('boolean;\n', 'boolean;\n    readonly reason: unknown;\n'),
    );
    const mistral = `[TOOL_CALLS]str_replace_editor[ARGS]${JSON.stringify({ command: 'str_replace', path: 'signal.d.ts', old_str: OLD, new_str: NEW })}`;
    assert.equal(applied(applyEditAnswer(SIGNAL, WHOLE, mistral)), WITH_THROW);
  });

  it('refuses a call that only reads a file', () => {
    const answer = 'Let me look first.\n\n<invoke name="Read">\n<parameter name="file_path">signal.d.ts</parameter>\n</invoke>';
    assert.equal(refused(applyEditAnswer(SIGNAL, WHOLE, answer)).why, 'noCode');
  });
});

describe('the edit applier with more reasoning and placeholders', () => {
  it("drops Gemma's thought channel and Open WebUI's reasoning block, and refuses one left open", () => {
    const body = fence(
      'ts',
      'interface Signal {',
      '    readonly aborted: boolean;',
      '    removeListener(): void;',
      '    throwIfAborted(): void;',
      '}',
    );
    assert.equal(applied(applyEditAnswer(SIGNAL, WHOLE, `<|channel>thought\nAdd the method.\n<channel|>${body}`)), WITH_THROW);
    const details = `<details type="reasoning" done="true">\n<summary>Thought</summary>\n> Add the method.\n</details>\n${body}`;
    assert.equal(applied(applyEditAnswer(SIGNAL, WHOLE, details)), WITH_THROW);
    const open = '<details type="reasoning" done="false">\n<summary>Thinking…</summary>\n> The method goes last';
    assert.equal(refused(applyEditAnswer(SIGNAL, WHOLE, open)).why, 'truncated');
  });

  it("reads Windsurf's {{ ... }} as code left out", () => {
    const answer = ['{{ ... }}', '    removeListener(): void;', '    throwIfAborted(): void;', '}'].join('\n');
    assert.equal(applied(applyEditAnswer(SIGNAL, WHOLE, answer)), WITH_THROW);
  });

  it('rewrites a short line grown by a word next to a marker instead of keeping it beside the new one', () => {
    const sed = lines(': load', 's/a/b/', 's/c/d/', '/^|/!i\\', 'register empty', 'b next');
    const answer = fence('sed', ': load', '# ... unchanged ...', '/^|/!i\\', 'stack register empty', 'b next');
    assert.equal(
      applied(applyEditAnswer(sed, { startLine: 0, endLine: 5 }, answer)),
      sed.replace('register empty', 'stack register empty'),
    );
  });
});

describe('the edit applier placing blocks', () => {
  it('keeps continuation lines aligned under their bracket when it re-indents the block to the file’s unit', () => {
    const php = lines(
      'class Item {',
      '  public function __construct($value,',
      '                              $expires) {',
      '    $this->value = $value;',
      '    $this->expires = $expires;',
      '  }',
      '}',
    );
    const answer = fence(
      'php',
      '    public function __construct($value,',
      '                                $expires) {',
      '        $this->value = $value;',
      '        $this->expires = (int) $expires;',
      '    }',
    );
    assert.equal(applied(applyEditAnswer(php, { startLine: 1, endLine: 5 }, answer)), php.replace('= $expires;', '= (int) $expires;'));
  });

  it('keeps an inserted function at top level with the blank lines the answer gives it, at an empty line after a body', () => {
    const py = lines('def make():', '    return 1', '', '', 'def use():', '    return make()');
    const answer = fence('python', '', '', 'def helper():', '    return 2', '');
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 2, endLine: 2 }, answer)),
      py.replace('    return 1\n', '    return 1\n\n\ndef helper():\n    return 2\n'),
    );
  });

  it('places repeated context written in spaces over its own lines in a tab-indented file, not beside them', () => {
    const js = lines(
      'function supports() {',
      '\tif (win) {',
      '\t\treturn false;',
      '\t}',
      '',
      '\tif (CI) {',
      '\t\treturn false;',
      '\t}',
      '',
      '\tif (TC) {',
      '\t\treturn false;',
      '\t}',
      '',
      '\tif (TERM) {',
      '\t\treturn 1;',
      '\t}',
      '}',
    );
    const answer = fence(
      'js',
      '    if (win) {',
      '        return false;',
      '    }',
      '',
      '    if (CI || TC) {',
      '        return false;',
      '    }',
      '',
      '    if (TERM) {',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 5, endLine: 11 }, answer)),
      js.replace('\tif (CI) {\n\t\treturn false;\n\t}\n\n\tif (TC) {', '\tif (CI || TC) {'),
    );
  });
});
