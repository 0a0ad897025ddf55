// The answer shapes the applier used to get wrong: code left out with "... existing code ..." markers,
// a fenced rewrite next to blank or whitespace-only lines outside the selection, and an explanation sent
// instead of an edit. Each test is the shape of a real miss, on a small file.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, refused } from './applierHelpers';

const fence = (...lines: string[]) => ['```js', ...lines, '```'].join('\n');

const PARSE = [
  'function parse(header) {',
  '  if (!header) {',
  "    throw new TypeError('header is required')",
  '  }',
  '',
  '  var obj = new Parsed(header.trim())',
  '',
  '  var parts = header.split(";")',
  '  for (var i = 0; i < parts.length; i++) {',
  '    obj.add(parts[i])',
  '  }',
  '',
  '  return obj',
  '}',
  '',
].join('\n');
const WHOLE = { startLine: 0, endLine: 13 };

describe('the edit applier with code left out ("... existing code ...")', () => {
  it('puts the left-out code back and rewrites the lines the answer renamed in place', () => {
    const answer = fence(
      'function parse(header) {',
      '  // ... existing code ...',
      '',
      '  var parsed = new Parsed(header.trim())',
      '',
      '  // ...existing code...',
      '    parsed.add(parts[i])',
      '  }',
      '  // ... rest of the code unchanged ...',
      '  return parsed',
      '}',
    );
    assert.equal(applied(applyEditAnswer(PARSE, WHOLE, answer)), PARSE.replace(/\bobj\b/g, 'parsed'));
  });

  it('keeps the blank line right after the code a marker stands for', () => {
    const answer = fence(
      'function parse(header) {',
      '  // ... existing code ...',
      '  var obj = new Parsed(header.trim())',
      '  obj.strict = true',
      '  // ... existing code ...',
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(PARSE, WHOLE, answer)),
      PARSE.replace('  var obj = new Parsed(header.trim())\n', '  var obj = new Parsed(header.trim())\n  obj.strict = true\n'),
    );
  });

  it('deletes the lines the answer dropped between two quoted lines instead of keeping them and repeating the quote', () => {
    const file = [
      'def check(opts):',
      '    found = [o for o in opts if o]',
      '    if len(found) > 1:',
      '        # XXX the message could list them',
      '        # one day',
      "        raise Error('not unique')",
      '    assert len(found) == 1',
      '    first = found[0]',
      '    return first',
      '',
    ].join('\n');
    const answer = [
      '```py',
      'def check(opts):',
      '    # ... existing code ...',
      '    if len(found) > 1:',
      '        raise Error(',
      "            'not unique: %s' % ', '.join(found))",
      '    assert len(found) == 1',
      '    # ... existing code ...',
      '    return first',
      '```',
    ].join('\n');
    const expected = file.replace(
      "        # XXX the message could list them\n        # one day\n        raise Error('not unique')\n",
      "        raise Error(\n            'not unique: %s' % ', '.join(found))\n",
    );
    assert.equal(applied(applyEditAnswer(file, { startLine: 0, endLine: 8 }, answer)), expected);
  });

  it('adds new code after the function a marker stands for, not inside it', () => {
    const file = [
      'View.prototype.render = function render(cb) {',
      '  var sync = true;',
      '  this.engine(function () {',
      '    cb();',
      '  });',
      '  sync = false;',
      '};',
      '',
      'View.prototype.resolve = function resolve(dir) {',
      '  return dir;',
      '};',
      '',
    ].join('\n');
    const added = [
      'View.prototype.renderAsync = function renderAsync() {',
      '  var view = this;',
      '  return new Promise(function (resolve) {',
      '    view.render(resolve);',
      '  });',
      '};',
    ];
    const answer = fence('View.prototype.render = function render(cb) {', '  // ... existing code ...', '};', '', ...added);
    const expected = file.replace('};\n\nView.prototype.resolve', ['};', '', ...added, '', 'View.prototype.resolve'].join('\n'));
    assert.equal(applied(applyEditAnswer(file, { startLine: 0, endLine: 6 }, answer)), expected);
  });

  it('refuses new code between two markers, which could go anywhere in the code they stand for', () => {
    const answer = fence('function parse(header) {', '  // ... existing code ...', '  log(header)', '  // ... existing code ...', '}');
    const outcome = refused(applyEditAnswer(PARSE, WHOLE, answer));
    assert.equal(outcome.why, 'ambiguous');
    assert.match(outcome.message, /existing code/);
  });
});

describe('the edit applier next to blank lines outside the selection', () => {
  it("keeps the file's blank line after the selection when the answer adds a function below it", () => {
    const file = 'def to_rgb(y):\n    r = y\n    if r < 0.0:\n        r = 0.0\n    return r\n\n';
    const answer = [
      '```py',
      'def to_rgb(y):',
      '    r = y',
      '    return _clamp(r)',
      '',
      '',
      'def _clamp(x):',
      '    return max(0.0, x)',
      '```',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 4 }, answer)),
      'def to_rgb(y):\n    r = y\n    return _clamp(r)\n\n\ndef _clamp(x):\n    return max(0.0, x)\n\n',
    );
  });

  it('takes in the closing line the answer repeats after a whitespace-only last line of the selection', () => {
    const file = '.a {\n  color: red\n}\n.b,\n.c {\n  /* ignored */\n  \n}';
    const answer = '```css\n}\n.b,\n.c {\n  /* ignored */\n  color: #24292e\n}\n```\n\n';
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 3, endLine: 6 }, answer)),
      '.a {\n  color: red\n}\n.b,\n.c {\n  /* ignored */\n  color: #24292e\n}',
    );
  });
});

describe('the edit applier on an explanation instead of an edit', () => {
  const FILE = [
    'function escape(s) {',
    '  switch (s.charCodeAt(0)) {',
    "    case 39: // '",
    "      return '&#39;';",
    '    default:',
    '      return s;',
    '  }',
    '}',
    '',
  ].join('\n');

  it('refuses sentences that go on in lower case, with inline code in them', () => {
    const answer = [
      'This function already escapes single quotes. Look at the `switch`:',
      '',
      "- `case 39: // '` returns `'&#39;'`",
      '',
      'so `escape("it\'s")` returns `it&#39;s`. No change is needed.',
      '',
    ].join('\n');
    assert.equal(refused(applyEditAnswer(FILE, { startLine: 0, endLine: 7 }, answer)).why, 'noCode');
  });

  it('applies prose sent in place of a selected paragraph of prose', () => {
    const file = '# Tool\n\nThis tool converts various time formats to milliseconds and back again.\n\n## Use\n';
    const answer = 'This tool converts time formats to milliseconds, and milliseconds back to text.';
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 2, endLine: 2 }, answer)),
      '# Tool\n\nThis tool converts time formats to milliseconds, and milliseconds back to text.\n\n## Use\n',
    );
  });
});
