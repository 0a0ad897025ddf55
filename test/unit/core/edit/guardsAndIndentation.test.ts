// Shapes the seventieth and seventy-first blind rounds of the edit corpus found the applier getting
// wrong. Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines } from './applierHelpers';

describe('the edit applier with new guards between markers', () => {
  it('puts a guard indented as a body under the head the first marker keeps, not after a return or outside', () => {
    const errors = lines(
      ' * @private',
      ' */',
      '',
      'function toClassName (name) {',
      "  return name.slice(-5) === 'Error' ? name : name + 'Error'",
      '}',
    );
    const answer = fence('javascript', '/* ... */', '  if (!name) {', "    return 'Error'", '  }', '  /* ... */');
    assert.equal(
      applied(applyEditAnswer(errors, { startLine: 3, endLine: 5 }, answer, 'guard aginst empty name in toClassName')),
      errors.replace('(name) {\n', "(name) {\n  if (!name) {\n    return 'Error'\n  }\n"),
    );
  });

  it('adds a guard that returns what a branch below returns above the kept branches, its own `}` new too', () => {
    const source = lines(
      'const detectContentType = (filePath: string, content: Buffer): string => {',
      '    if (isBinary(filePath, content)) {',
      '        return "binary";',
      '    } else if (isText(filePath, content)) {',
      '        return "text";',
      '    } else {',
      '        return "unknown";',
      '    }',
      '};',
    );
    const answer = fence('ts', '    if (content.length === 0) {', '        return "unknown";', '    }', '    // ... rest unchanged ...');
    assert.equal(
      applied(
        applyEditAnswer(source, { startLine: 1, endLine: 7 }, answer, 'return "unknown" for an empty buffer before the isBinary check'),
      ),
      source.replace('=> {\n', '=> {\n    if (content.length === 0) {\n        return "unknown";\n    }\n'),
    );
  });
});
