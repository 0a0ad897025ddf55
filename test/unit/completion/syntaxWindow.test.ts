// The syntax judge sees the file through the context window: a suffix cut in the middle of a class
// leaves the file broken, and an answer must not pass by trading that breakage for its own.
import * as assert from 'node:assert/strict';
import { TreeSitterParsers } from '../../../src/core/completion/treeSitterParsers';
import { WASM_DIR } from './wasmDir';

// A class whose suffix window ends inside a later method (its closers are past the window's end).
const BEFORE = "const { webidl } = require('../webidl')\n\nclass FormData {\n  #state = []\n\n  constructor (form = undefined) {\n    webidl.util.markAsUncloneable(this)\n\n    if (form !== undefined) {";
const AFTER = '\n    }\n  }\n\n  append (name, value) {\n    webidl.brandCheck(this, FormData)\n\n    name = webidl.converters.USVString(name)\n\n';

describe('the syntax judge on a window of the file', () => {
  const syntax = new TreeSitterParsers(WASM_DIR);
  before(async () => assert.ok(await syntax.load('javascript')));

  it('refuses a call left open even where the window leaves closers over, and accepts the closed one', () => {
    const judge = syntax.judgeInsertion('javascript', BEFORE, AFTER)!;
    try {
      assert.equal(judge.fits("\n      throw webidl.errors.conversionFailed({\n        prefix: 'FormData constructor',"), false);
      assert.equal(judge.fits("\n      throw webidl.errors.conversionFailed({\n        prefix: 'FormData constructor'\n      })"), true);
    } finally {
      judge.dispose();
    }
  });
});
