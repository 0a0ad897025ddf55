// Shapes the sixty-fourth and sixty-fifth blind rounds of the edit corpus found the applier getting
// wrong: a marker in parentheses that names what it keeps ("// (existing scripts)"), a sibling name's
// declaration and its use beside a marker for the old name's uses, a commented-out setting with no
// value given one, and a removal whose answer is only a closing brace. Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

describe('the edit applier with sibling names, settings and markers in parentheses', () => {
  it('reads a comment in parentheses that says what it keeps as a marker', () => {
    const scripts = lines(
      '{',
      '\t"scripts": {',
      '\t\t"prelint": "evalmd README.md",',
      '\t\t"lint": "eslint .",',
      '\t\t"postlint": "tsc",',
      '\t\t"version": "auto-changelog"',
      '\t}',
      '}',
    );
    const answer = fence(
      'json',
      '\t\t"prelint": "evalmd README.md",',
      '\t\t"lint": "eslint .",',
      '\t\t"lint:fix": "eslint --fix .",',
      '\t\t// (existing scripts)',
    );
    const expected = scripts.replace('"lint": "eslint .",\n', () => '"lint": "eslint .",\n\t\t"lint:fix": "eslint --fix .",\n');
    assert.equal(applied(applyEditAnswer(scripts, { startLine: 2, endLine: 4 }, answer, 'lint:fix script?')), expected);
  });

  const MERGE = lines(
    'const names = (pkg) => {',
    '    const dependencies = pkg.dependencies || {};',
    '    const devDependencies = pkg.devDependencies || {};',
    '    const merged = {',
    '        ...dependencies,',
    '        ...devDependencies,',
    '    };',
    '    return Object.keys(merged);',
    '};',
  );

  it("reads a sibling name's declaration and its use beside a marker as added, not as the old name's use rewritten", () => {
    const answer = fence(
      'ts',
      '    const dependencies = pkg.dependencies || {};',
      '    const devDependencies = pkg.devDependencies || {};',
      '    const peerDependencies = pkg.peerDependencies || {};',
      '    const merged = {',
      '        // ... existing spreads ...',
      '        ...peerDependencies,',
      '    };',
    );
    const expected = MERGE.replace(
      'pkg.devDependencies || {};\n',
      () => 'pkg.devDependencies || {};\n    const peerDependencies = pkg.peerDependencies || {};\n',
    ).replace('...devDependencies,\n', () => '...devDependencies,\n        ...peerDependencies,\n');
    assert.equal(
      applied(applyEditAnswer(MERGE, { startLine: 1, endLine: 6 }, answer, 'include peerDependencies when collecting names')),
      expected,
    );
  });

  it('still renames a name in its declaration and its use when the answer quotes no line with the old name', () => {
    const answer = fence(
      'ts',
      '    const dependencies = pkg.dependencies || {};',
      '    const devDeps = pkg.devDependencies || {};',
      '    const merged = {',
      '        // ... existing spreads ...',
      '        ...devDeps,',
      '    };',
    );
    const expected = MERGE.replace('const devDependencies =', 'const devDeps =').replace('...devDependencies,', '...devDeps,');
    assert.equal(applied(applyEditAnswer(MERGE, { startLine: 1, endLine: 6 }, answer, 'shorter name for devDependencies')), expected);
  });

  it('reads a commented-out setting with no value, given one, as that setting commented in', () => {
    const conf = lines(
      '[Journal]',
      '#RateLimitBurst=10000',
      '#SystemMaxUse=',
      '#SystemKeepFree=',
      '#SystemMaxFiles=100',
      '#RuntimeMaxUse=',
    );
    const answer = fence('ini', 'SystemMaxUse=500M', '# ... rest unchanged ...');
    assert.equal(
      applied(applyEditAnswer(conf, { startLine: 2, endLine: 4 }, answer, 'limit SystemMaxUse to 500M')),
      conf.replace('#SystemMaxUse=\n', 'SystemMaxUse=500M\n'),
    );
  });

  it('applies a removal whose answer is only the brace that is left, and still refuses unrelated code', () => {
    const pkg = lines(
      '{',
      '\t"publishConfig": {',
      '\t\t"ignore": []',
      '\t},',
      '\t"testling": {',
      '\t\t"files": "test/index.js"',
      '\t}',
      '}',
    );
    const answer = ['Removed `testling`; the comma after `publishConfig` goes too:', '', fence('json', '\t}')].join('\n');
    assert.equal(
      applied(applyEditAnswer(pkg, { startLine: 3, endLine: 6 }, answer, 'remove the testling section')),
      lines('{', '\t"publishConfig": {', '\t\t"ignore": []', '\t}', '}'),
    );
    const example = ['For example:', '', fence('js', 'const server = http.createServer(handler);')].join('\n');
    refused(applyEditAnswer(pkg, { startLine: 3, endLine: 6 }, example, 'remove the testling section'));
  });
});
