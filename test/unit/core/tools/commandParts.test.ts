// The shell-aware splitter behind standing command rules: a corpus of nasty commands, each read
// into the parts that will run, or reported as uncertain (then no rule covers it and the card asks).
import * as assert from 'node:assert/strict';
import { commandParts, looseWords, MAX_COMMAND_CHARS, partText, quoteWord } from '../../../../src/core/tools/commandParts';

const words = (command: string) => {
  const reading = commandParts(command);
  assert.ok(reading.certain, `${JSON.stringify(command)} should read with certainty: ${reading.certain ? '' : reading.reason}`);
  return reading.parts.map((p) => (p.redirect ? ['REDIRECT', ...p.words] : p.words));
};
const uncertain = (command: string) => {
  const reading = commandParts(command);
  assert.equal(reading.certain, false, `${JSON.stringify(command)} must not read with certainty`);
};

describe('commandParts: cutting a command into the parts that run', () => {
  it('plain commands, leading and repeated spaces', () => {
    assert.deepEqual(words('npm test'), [['npm', 'test']]);
    assert.deepEqual(words('   npm    test  '), [['npm', 'test']]);
    assert.deepEqual(words('npm test -- --grep x'), [['npm', 'test', '--', '--grep', 'x']]);
  });

  it('splits at ; && || | & newlines and subshell parentheses', () => {
    assert.deepEqual(words('npm test; rm -rf x'), [
      ['npm', 'test'],
      ['rm', '-rf', 'x'],
    ]);
    assert.deepEqual(words('npm test&&rm -rf x'), [
      ['npm', 'test'],
      ['rm', '-rf', 'x'],
    ]);
    assert.deepEqual(words('npm test || rm x'), [
      ['npm', 'test'],
      ['rm', 'x'],
    ]);
    assert.deepEqual(words('npm test | tee log'), [
      ['npm', 'test'],
      ['tee', 'log'],
    ]);
    assert.deepEqual(words('npm test |& tee log'), [
      ['npm', 'test'],
      ['tee', 'log'],
    ]);
    assert.deepEqual(words('npm test & rm x'), [
      ['npm', 'test'],
      ['rm', 'x'],
    ]);
    assert.deepEqual(words('npm test\nrm x'), [
      ['npm', 'test'],
      ['rm', 'x'],
    ]);
    assert.deepEqual(words('(cd sub && npm test); git status'), [
      ['cd', 'sub'],
      ['npm', 'test'],
      ['git', 'status'],
    ]);
    assert.deepEqual(words('npm test;'), [['npm', 'test']]);
  });

  it('quotes keep ; && | and newlines inside one word', () => {
    assert.deepEqual(words('echo "a; rm -rf x"'), [['echo', 'a; rm -rf x']]);
    assert.deepEqual(words("echo 'a && rm -rf x'"), [['echo', 'a && rm -rf x']]);
    assert.deepEqual(words('npm test -- --grep "x | y"'), [['npm', 'test', '--', '--grep', 'x | y']]);
    assert.deepEqual(words("echo 'line\nnext'"), [['echo', 'line\nnext']]);
    assert.deepEqual(words(`echo "it's"' "quoted"'`), [['echo', `it's "quoted"`]]);
    assert.deepEqual(words('npm "test"'), [['npm', 'test']], 'quote removal: the shell runs npm test');
    assert.deepEqual(words("echo ''"), [['echo', '']]);
  });

  it('escapes: \\; is a literal semicolon, \\" inside double quotes a quote', () => {
    assert.deepEqual(words('echo a\\; rm x'), [['echo', 'a;', 'rm', 'x']]);
    assert.deepEqual(words('echo "a\\"; rm x"'), [['echo', 'a"; rm x']]);
    assert.deepEqual(words('echo "a\\b"'), [['echo', 'a\\b']], 'a backslash before another character stays in double quotes');
    assert.deepEqual(words("echo 'a\\'"), [['echo', 'a\\']], 'no escapes in single quotes');
  });

  it('environment prefixes stay part of the words (FOO=1 npm test is not npm test)', () => {
    assert.deepEqual(words('FOO=1 npm test'), [['FOO=1', 'npm', 'test']]);
    assert.deepEqual(words('NODE_OPTIONS="--require ./x.js" npm test'), [['NODE_OPTIONS=--require ./x.js', 'npm', 'test']]);
  });

  it('file redirections are parts of their own; descriptor moves are not', () => {
    assert.deepEqual(words('npm test > out.txt'), [
      ['npm', 'test'],
      ['REDIRECT', '>', 'out.txt'],
    ]);
    assert.deepEqual(words('npm test >>log.txt 2>&1'), [
      ['npm', 'test'],
      ['REDIRECT', '>>', 'log.txt'],
    ]);
    assert.deepEqual(words('npm test 2>err.txt'), [
      ['npm', 'test'],
      ['REDIRECT', '>', 'err.txt'],
    ]);
    assert.deepEqual(words('npm test &> all.txt'), [
      ['npm', 'test'],
      ['REDIRECT', '&>', 'all.txt'],
    ]);
    assert.deepEqual(words('sort < in.txt'), [['sort'], ['REDIRECT', '<', 'in.txt']]);
    assert.deepEqual(words('> .env'), [['REDIRECT', '>', '.env']]);
    assert.deepEqual(words('npm test 1>&2'), [['npm', 'test']]);
    assert.deepEqual(words('npm test>"a b.txt"'), [
      ['npm', 'test'],
      ['REDIRECT', '>', 'a b.txt'],
    ]);
  });

  it('substitutions, expansions, here-docs, eval, comments and compound commands are uncertain', () => {
    for (const command of [
      'npm test $(rm -rf x)',
      'npm test "$(rm -rf x)"',
      'npm test `rm -rf x`',
      'npm test "`rm -rf x`"',
      'npm test $HOME',
      'npm test "${X}"',
      'cat <<EOF\nrm -rf x\nEOF',
      'cat <<<"x"',
      'diff <(ls) >(cat)',
      'eval "npm test"',
      'FOO=1 eval rm',
      'source ./x.sh',
      '. ./x.sh',
      'npm test # ; rm -rf x',
      'if true; then rm x; fi',
      'for f in a; do rm $f; done',
      '{ rm x; }',
      'rm *',
      'ls ~/secret',
      'echo {a,b}',
      'echo !!',
      'echo "hi!"',
      'case x in x) rm y;; esac',
      'npm test >',
    ])
      uncertain(command);
  });

  it('unbalanced quotes and a trailing backslash or line continuation are uncertain', () => {
    for (const command of ['echo "a; rm x', "echo 'a; rm x", 'echo a\\', 'npm test \\\n; rm x', 'echo "a\\\nb"']) uncertain(command);
  });

  it('hidden characters never stand: tabs, carriage returns, escapes, bidi and zero-width characters', () => {
    for (const command of [
      'npm\ttest',
      'npm test\rrm x',
      'npm test\r\n',
      'npm test \u001b[8m',
      'npm test\u202e',
      'npm\u200btest',
      'npm test\u2028rm x',
      'npm test\u00a0'.replace('\u00a0', '\u0085'),
    ])
      uncertain(command);
  });

  it('a command past the length cap is uncertain, one at the cap is read', () => {
    uncertain(`echo ${'a'.repeat(MAX_COMMAND_CHARS)}`);
    assert.equal(words(`echo ${'a'.repeat(MAX_COMMAND_CHARS - 5)}`).length, 1);
  });

  it('more than 64 parts are uncertain', () => {
    uncertain(Array.from({ length: 65 }, () => 'true').join(';'));
    assert.equal(words(Array.from({ length: 64 }, () => 'true').join(';')).length, 64);
  });

  it('quoteWord writes a word back so that it reads the same', () => {
    for (const word of ['npm', 'a b', "it's", '', 'x;y', '$(rm)', '--grep=a*']) {
      const reading = commandParts(`echo ${quoteWord(word)}`);
      assert.ok(reading.certain, word);
      assert.deepEqual(reading.parts[0].words, ['echo', word]);
    }
    assert.equal(partText({ words: ['npm', 'test', 'a b'] }), "npm test 'a b'");
  });

  it('looseWords finds names even in a command it cannot read', () => {
    assert.ok(looseWords('cat $(echo .env)').includes('.env'));
    assert.ok(looseWords('docker run --env-file=.env x').includes('.env'));
  });
});
