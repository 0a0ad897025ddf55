// Shapes the tenth blind round of the edit corpus found the applier getting wrong: more reasoning
// wrappers (Kimi's, a lone </think>), GLM-V's answer box, Llama's python tag, Codex's apply_patch in a
// shell heredoc, terminal colours, Kilo Code's and Cursor's edit_file sketches, a placeholder that names
// new code, and files that line columns up with tabs. Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

const ESC = lines('const END_CODE = 39;', "const BELL = '\\u0007';", "const CSI = '[';");
const ALL = { startLine: 0, endLine: 2 };
const WITH_ST = ESC.replace("'\\u0007';\n", "'\\u0007';\nconst ST = '\\u001B\\\\';\n");
const NEW_CODE = ['const END_CODE = 39;', "const BELL = '\\u0007';", "const ST = '\\u001B\\\\';", "const CSI = '[';"];

describe('the edit applier reading more reasoning and tool formats', () => {
  it("leaves out Kimi's ◁think▷ and reasoning closed by a lone </think>, and refuses an answer cut inside ◁think▷", () => {
    assert.equal(applied(applyEditAnswer(ESC, ALL, `◁think▷Add ST.◁/think▷${fence('js', ...NEW_CODE)}`)), WITH_ST);
    assert.equal(applied(applyEditAnswer(ESC, ALL, `The user wants ST.\n</think>\n\n${fence('js', ...NEW_CODE)}`)), WITH_ST);
    assert.equal(refused(applyEditAnswer(ESC, ALL, '◁think▷The user wants ST. Maybe')).why, 'truncated');
  });

  it("takes GLM-V's box as the answer, its code's own ``` lines staying code", () => {
    const doc = lines('/**', 'Spinners.', '*/', 'declare const spinners: string[];');
    const boxed = '<|begin_of_box|>/**\nSpinners.\n\n@example\n```\nimport spinners from "x";\n```\n*/<|end_of_box|>';
    assert.equal(
      applied(applyEditAnswer(doc, { startLine: 0, endLine: 2 }, boxed)),
      lines('/**', 'Spinners.', '', '@example', '```', 'import spinners from "x";', '```', '*/', 'declare const spinners: string[];'),
    );
  });

  it("reads Llama's <|python_tag|> call with a file argument, and Cursor's and Kilo Code's edit_file sketches", () => {
    const call = `<|python_tag|>${JSON.stringify({ name: 'edit', parameters: { file: 'a.js', old_str: "const CSI = '[';", new_str: "const CSI = '[';\nconst OSC = ']';" } })}<|eom_id|>`;
    assert.equal(applied(applyEditAnswer(ESC, ALL, call)), ESC.replace("'[';\n", "'[';\nconst OSC = ']';\n"));
    const sketch = `// ... existing code ...\nconst BELL = '\\u0007';\nconst ST = '\\u001B\\\\';\n// ... existing code ...`;
    const cursor = JSON.stringify({ target_file: 'a.js', instructions: 'Add ST.', code_edit: sketch });
    assert.equal(applied(applyEditAnswer(ESC, ALL, cursor)), WITH_ST);
    const kilo = `<edit_file>\n<target_file>a.js</target_file>\n<instructions>Add ST.</instructions>\n<code_edit>\n${sketch}\n</code_edit>\n</edit_file>`;
    assert.equal(applied(applyEditAnswer(ESC, ALL, kilo)), WITH_ST);
  });

  it("applies Codex's apply_patch written as a shell heredoc in a bash fence, with a bare @@", () => {
    const patch = [
      'apply_patch <<"EOF"',
      '*** Begin Patch',
      '*** Update File: a.js',
      '@@',
      " const BELL = '\\u0007';",
      "+const ST = '\\u001B\\\\';",
      " const CSI = '[';",
      '*** End Patch',
      'EOF',
    ];
    assert.equal(applied(applyEditAnswer(ESC, ALL, fence('bash', ...patch))), WITH_ST);
  });

  it('drops terminal colour codes from the code, and keeps escape bytes a file has of its own', () => {
    const coloured = fence(
      'js',
      'const END_CODE = 39;',
      "const BELL = '\\u0007';",
      "\u001b[32mconst ST = '\\u001B\\\\';\u001b[0m",
      "const CSI = '[';",
    );
    assert.equal(applied(applyEditAnswer(ESC, ALL, coloured)), WITH_ST);
    const raw = lines('RED="\u001b[31m"', 'RESET="\u001b[0m"');
    const answer = fence('sh', 'RED="\u001b[31m"', 'GREEN="\u001b[32m"', 'RESET="\u001b[0m"');
    assert.equal(
      applied(applyEditAnswer(raw, { startLine: 0, endLine: 1 }, answer)),
      lines('RED="\u001b[31m"', 'GREEN="\u001b[32m"', 'RESET="\u001b[0m"'),
    );
  });

  it('refuses a block whose marker says what new code it stands for', () => {
    const answer = fence('js', 'const END_CODE = 39;', '// ... rest of the constants, using escape(code) ...');
    assert.equal(refused(applyEditAnswer(ESC, ALL, answer)).why, 'noCode');
  });
});

describe('the edit applier in files that line columns up with tabs', () => {
  const DTD = lines(
    '<!ATTLIST %public;',
    '\tid\t\tID\t\t\t#IMPLIED',
    '\turi\t\t%uriReference;\t\t#REQUIRED',
    '\txml:base\t%uriReference;\t\t#IMPLIED',
    '        %local.attribs;',
    '>',
  );

  it('keeps lines an answer wrote with every tab as spaces, and gives a rewritten line its tabs back', () => {
    const answer = fence(
      'xml',
      '<!ATTLIST %public;',
      '        id              ID                      #IMPLIED',
      '        uri             %uriReference;          #IMPLIED',
      '        xml:base        %uriReference;          #IMPLIED',
      '        %local.attribs;',
      '>',
    );
    assert.equal(applied(applyEditAnswer(DTD, { startLine: 0, endLine: 5 }, answer)), DTD.replace('#REQUIRED', '#IMPLIED'));
  });

  it('puts a new line where the file has the kept line above it, when the SEARCH writes tabs the file has as spaces below', () => {
    const answer = [
      '<<<<<<< SEARCH',
      '\txml:base\t%uriReference;\t\t#IMPLIED',
      '\t%local.attribs;',
      '=======',
      '\txml:base\t%uriReference;\t\t#IMPLIED',
      '\txml:lang\tNMTOKEN\t\t#IMPLIED',
      '\t%local.attribs;',
      '>>>>>>> REPLACE',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(DTD, { startLine: 0, endLine: 5 }, answer)),
      DTD.replace('\t\t#IMPLIED\n        %local', '\t\t#IMPLIED\n\txml:lang\tNMTOKEN\t\t#IMPLIED\n        %local'),
    );
  });
});
