// Shapes the twelfth blind round of the edit corpus found the applier getting wrong: Gemma's turn
// tokens after the code, a Llama answer repeated when its stop token was stripped, a whole file that
// rewords the line next to the selection, a REPLACE of one blank line, and a changed line next to a marker.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines } from './applierHelpers';

const PY = lines('# Copyright 2012-2021, the authors.', '# Licensed under Apache. See the site for more info.', '', 'import os', 'x = 1');

describe('the edit applier with turn tokens, repeats and deletions', () => {
  it("ends the answer at Gemma's <end_of_turn><eos>, even glued to the closing fence", () => {
    const answer = `${fence('python', '# Copyright 2012-2023, the authors.')}<end_of_turn><eos>`;
    assert.equal(applied(applyEditAnswer(PY, { startLine: 0, endLine: 0 }, answer)), PY.replace('2021', '2023'));
    const glued = '```python\n# Copyright 2012-2023, the authors.\n```<end_of_turn>\n<start_of_turn>user';
    assert.equal(applied(applyEditAnswer(PY, { startLine: 0, endLine: 0 }, glued)), PY.replace('2021', '2023'));
  });

  it('takes an answer written twice, the second after a bare "assistant" line, as one block', () => {
    const once = fence('python', 'x = 2');
    assert.equal(
      applied(applyEditAnswer(PY, { startLine: 4, endLine: 4 }, `${once}\nassistant\n\n${once}\nassistant\n\n${once}`)),
      PY.replace('x = 1', 'x = 2'),
    );
  });

  it('keeps the line right after the selection that a whole-file copy rewords', () => {
    const answer = fence(
      'python',
      '# Copyright 2012-2023, the authors.',
      '# Licensed under Apache. See the site for more information.',
      '',
      'import os',
      'x = 1',
    );
    assert.equal(applied(applyEditAnswer(PY, { startLine: 0, endLine: 0 }, answer)), PY.replace('2021', '2023'));
  });

  it('deletes the SEARCH text when REPLACE holds only a blank line', () => {
    const answer = ['```python', '<<<<<<< SEARCH', 'import os', '=======', '', '>>>>>>> REPLACE', '```'].join('\n');
    assert.equal(applied(applyEditAnswer(PY, { startLine: 3, endLine: 3 }, answer)), PY.replace('import os\n', ''));
  });

  it('reads a line with one token changed before a marker as that line changed, not one added', () => {
    const call = lines(
      'def _call(*args, **kwargs):',
      '    # TODO: use text once 3.6 is dropped',
      '    kwargs["universal_newlines"] = True',
      '    try:',
      '        return run(*args, **kwargs)',
      '    except OSError:',
      '        return []',
    );
    const answer = fence('python', 'def _call(*args, **kwargs):', '    kwargs["text"] = True', '    # ... existing code ...');
    assert.equal(
      applied(applyEditAnswer(call, { startLine: 0, endLine: 6 }, answer)),
      call.replace('    # TODO: use text once 3.6 is dropped\n    kwargs["universal_newlines"]', '    kwargs["text"]'),
    );
  });
});
