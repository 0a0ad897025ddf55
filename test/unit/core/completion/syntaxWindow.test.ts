// The syntax judge sees the file through the context window: a suffix cut in the middle of a class
// leaves the file broken, and an answer must not pass by trading that breakage for its own.
import * as assert from 'node:assert/strict';
import { CompletionEngine } from '../../../../src/core/completion/completionEngine';
import type { StreamFim } from '../../../../src/core/completion/streamedCompletion';
import { inThreadJudges } from '../../../../src/core/completion/inThreadJudge';
import { TreeSitterParsers } from '../../../../src/core/completion/treeSitterParsers';
import type { FimCompletion } from '../../../../src/core/services/serviceBClient';
import { WASM_DIR } from './wasmDir';

// A class whose suffix window ends inside a later method (its closers are past the window's end).
const BEFORE =
  "const { webidl } = require('../webidl')\n\nclass FormData {\n  #state = []\n\n  constructor (form = undefined) {\n    webidl.util.markAsUncloneable(this)\n\n    if (form !== undefined) {";
const AFTER =
  '\n    }\n  }\n\n  append (name, value) {\n    webidl.brandCheck(this, FormData)\n\n    name = webidl.converters.USVString(name)\n\n';

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

describe('an answer cut off by the token limit, on a window of the file', () => {
  it('is not shown while a call it opened is still open, though the leftover closers would pair with it', async () => {
    const syntax = new TreeSitterParsers(WASM_DIR);
    assert.ok(await syntax.load('javascript'));
    // More methods after it than the 2000-character suffix window holds.
    const methods = Array.from(
      { length: 40 },
      (_, i) => `  method${i} (value) {\n    return webidl.converters.USVString(value)\n  }\n`,
    ).join('\n');
    const doc = `${BEFORE}|${AFTER}${methods}}\n`;
    const served = "\n      throw webidl.errors.conversionFailed({\n        prefix: 'FormData constructor',\n        argument: 'Argu";
    const fim: StreamFim = async function* () {
      yield { choices: [{ index: 0, text: served, finish_reason: 'length' }] } satisfies FimCompletion;
    };
    const engine = new CompletionEngine({
      streamFim: fim,
      syntax: inThreadJudges(syntax),
      settings: () => ({ model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 }),
      now: () => performance.now(),
    });
    const outcome = await engine.complete({ text: doc.replace('|', ''), offset: doc.indexOf('|'), languageId: 'javascript' });
    assert.equal(outcome.source, 'network');
    assert.equal(outcome.text, undefined);
  });

  it('at the end of an unfinished file (where the parser forgives what is missing) ends where all it opened is closed', async () => {
    const syntax = new TreeSitterParsers(WASM_DIR);
    assert.ok(await syntax.load('javascript'));
    const served = "app.use(express.json())\n  app.use(cors({\n    origin: '*',\n    credentials: tr";
    const fim: StreamFim = async function* () {
      yield { choices: [{ index: 0, text: served, finish_reason: 'length' }] } satisfies FimCompletion;
    };
    const engine = new CompletionEngine({
      streamFim: fim,
      syntax: inThreadJudges(syntax),
      settings: () => ({ model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 }),
      now: () => performance.now(),
    });
    const doc = "const express = require('express')\n\nfunction setup(app) {\n  |";
    const outcome = await engine.complete({ text: doc.replace('|', ''), offset: doc.indexOf('|'), languageId: 'javascript' });
    assert.equal(outcome.text, 'app.use(express.json())');
  });
});
