import * as assert from 'node:assert/strict';
import { gitignoreFilter } from '../../../../src/core/tools/gitignoreFilter';
import { expandBraces, unionGlob } from '../../../../src/core/security/globPattern';

describe('search tool filters', () => {
  it('.gitignore rules apply below their folder, with their own negations', () => {
    const ignored = gitignoreFilter([
      { dir: '', text: '# build output\nbuild/\n*.log\n!keep.log\n/local.json\n' },
      { dir: 'packages/web', text: 'cache/\n' },
    ]);
    for (const path of ['build/app.js', 'src/build/x.js', 'debug.log', 'src/deep/trace.log', 'local.json', 'packages/web/cache/a.js'])
      assert.equal(ignored(path), true, path);
    for (const path of ['keep.log', 'src/app.ts', 'src/local.json', 'packages/api/cache/a.js', 'builder.ts'])
      assert.equal(ignored(path), false, path);
  });

  it('turns files.exclude globs into one findFiles exclude without nested braces', () => {
    assert.deepEqual(expandBraces('**/{node_modules,.git}/**'), ['**/node_modules/**', '**/.git/**']);
    assert.deepEqual(expandBraces('a{b,{c,d}e}f'), ['abf', 'acef', 'adef']);
    assert.equal(unionGlob(['**/{node_modules,.git}/**', '**/.DS_Store', '**/.git/**']), '{**/node_modules/**,**/.git/**,**/.DS_Store}');
    assert.equal(unionGlob(['**/x']), '**/x');
  });
});
