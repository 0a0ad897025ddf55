// Cline's and Roo Code's XML tools as a model trained on their prompts answers an edit request: the
// ninth blind round of the edit corpus found them applied as text. Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

const MOUNT = lines(
  '\t\t/*',
  '\t\t * Removes all mount entries',
  '\t\t */',
  '\t\tvoid',
  '\t\tUMNTALL(void) = 4;',
  '',
  '\t\tEXPORT(void) = 5;',
);
const COMMENT = { startLine: 0, endLine: 4 };

describe('the edit applier reading Cline and Roo Code tool calls', () => {
  it("puts insert_content's lines before its 1-based line, written the file's way, when that line is in the selection", () => {
    const answer =
      '<insert_content>\n<path>mount.x</path>\n<line>3</line>\n<content>\n                 * Advisory only.\n</content>\n</insert_content>';
    assert.equal(applied(applyEditAnswer(MOUNT, COMMENT, answer)), MOUNT.replace('entries\n', 'entries\n\t\t * Advisory only.\n'));
  });

  it('refuses insert_content at a line outside the selection', () => {
    const answer = '<insert_content>\n<path>mount.x</path>\n<line>7</line>\n<content>\n\t\tvoid\n</content>\n</insert_content>';
    assert.equal(refused(applyEditAnswer(MOUNT, COMMENT, answer)).why, 'outsideSelection');
  });

  it("reads search_and_replace operations and write_to_file's whole file", () => {
    const search =
      '<search_and_replace>\n<path>mount.x</path>\n<operations>\n<operation start_line="5">\n  <search>\t\tUMNTALL(void) = 4;</search>\n  <replace>\t\tUMNTALL(void) = 4; /* advisory */</replace>\n</operation>\n</operations>\n</search_and_replace>';
    const advisory = MOUNT.replace('= 4;', '= 4; /* advisory */');
    assert.equal(applied(applyEditAnswer(MOUNT, COMMENT, search)), advisory);
    const whole = `I will rewrite the file.\n\n<write_to_file>\n<path>mount.x</path>\n<content>\n${advisory}</content>\n<line_count>7</line_count>\n</write_to_file>`;
    assert.equal(applied(applyEditAnswer(MOUNT, COMMENT, whole)), advisory);
  });

  it('refuses a call that only reads, and takes such tags inside a code block as code', () => {
    assert.equal(refused(applyEditAnswer(MOUNT, COMMENT, '<read_file>\n<path>mount.x</path>\n</read_file>')).why, 'noCode');
    const prompt = lines('Use tools like this:', '<tool_name>', '</tool_name>');
    const answer = fence('xml', 'Use tools like this:', '<read_file>', '<path>src/main.js</path>', '</read_file>');
    assert.equal(
      applied(applyEditAnswer(prompt, { startLine: 0, endLine: 2 }, answer)),
      lines('Use tools like this:', '<read_file>', '<path>src/main.js</path>', '</read_file>'),
    );
  });
});
