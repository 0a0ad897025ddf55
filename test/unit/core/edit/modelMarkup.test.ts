// What chat models and tools write into an edit answer that is not the answer, as the seventh blind
// round of the edit corpus found it: reasoning in other dialects (Harmony channels, Magistral's [THINK]),
// control tokens a service passed through, Zeta's editable-region markers, a tool call written as text,
// bolt.new's artifact actions, and code that came back HTML-escaped. Each test is a real miss's shape.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

const PATHS = lines(
  "import * as path from 'path';",
  '',
  'function splitPath(x: string): string[] {',
  '    return path.resolve(x).split(path.sep);',
  '}',
);
const FUNCTION = { startLine: 2, endLine: 4 };
const NEW_BODY = ['function splitPath(x: string): string[] {', '    return path.resolve(x || process.cwd()).split(path.sep);', '}'];
const WITH_CWD = PATHS.replace('path.resolve(x)', 'path.resolve(x || process.cwd())');

describe('the edit applier leaving out model markup', () => {
  it('takes the final channel of a gpt-oss Harmony answer, and refuses one cut before it', () => {
    const analysis = '<|channel|>analysis<|message|>Use process.cwd() as the fallback.<|end|>';
    const answer = `${analysis}<|start|>assistant<|channel|>final<|message|>${fence('ts', ...NEW_BODY)}<|return|>`;
    assert.equal(applied(applyEditAnswer(PATHS, FUNCTION, answer)), WITH_CWD);
    assert.equal(refused(applyEditAnswer(PATHS, FUNCTION, analysis)).why, 'truncated');
  });

  it("drops Harmony reasoning whose tokens a template stripped, and Magistral's [THINK] block", () => {
    const stripped = `analysisUse process.cwd() as the fallback.assistantfinal${fence('ts', ...NEW_BODY)}`;
    assert.equal(applied(applyEditAnswer(PATHS, FUNCTION, stripped)), WITH_CWD);
    const magistral = `[THINK]The fallback should be explicit.\n${fence('ts', 'return path.resolve(x).split(path.sep);')}[/THINK]\n${fence('ts', ...NEW_BODY)}`;
    assert.equal(applied(applyEditAnswer(PATHS, FUNCTION, magistral)), WITH_CWD);
  });

  it("cuts at a turn-ending token and takes out Qwen's <|cursor|> glued to the last line", () => {
    const answer = [...NEW_BODY.slice(0, 2), '} <|cursor|><|endoftext|>', 'function invented() {}'].join('\n');
    assert.equal(applied(applyEditAnswer(PATHS, FUNCTION, answer)), WITH_CWD);
  });

  it("reads Zeta's editable region: its markers and the cursor token are not text, the lines around it are context", () => {
    const answer = fence(
      'src/paths.ts',
      "import * as path from 'path';",
      '<|editable_region_start|>',
      'function splitPath(x: string): string[] {',
      '    return path.resolve(x || process.cwd()).split(path.sep);<|user_cursor_is_here|>',
      '}',
      '<|editable_region_end|>',
    );
    assert.equal(applied(applyEditAnswer(PATHS, FUNCTION, answer)), WITH_CWD);
  });
});

describe('the edit applier reading edits other tools send', () => {
  it("reads Qwen3-Coder's tool call written out as text", () => {
    const answer = [
      "I'll add the fallback.",
      '',
      '<tool_call>',
      '<function=edit_file>',
      '<parameter=path>',
      'src/paths.ts',
      '</parameter>',
      '<parameter=old_string>',
      '    return path.resolve(x).split(path.sep);',
      '</parameter>',
      '<parameter=new_string>',
      '    return path.resolve(x || process.cwd()).split(path.sep);',
      '</parameter>',
      '</function>',
      '</tool_call>',
    ].join('\n');
    assert.equal(applied(applyEditAnswer(PATHS, FUNCTION, answer)), WITH_CWD);
  });

  it("takes bolt.new's file action as the file and its shell action as no part of it", () => {
    const answer = [
      '<boltArtifact id="cwd" title="Fall back to the working directory">',
      '  <boltAction type="file" filePath="src/paths.ts">',
      "import * as path from 'path';",
      '',
      ...NEW_BODY,
      '  </boltAction>',
      '  <boltAction type="shell">',
      'npm test',
      '  </boltAction>',
      '</boltArtifact>',
    ].join('\n');
    assert.equal(applied(applyEditAnswer(PATHS, FUNCTION, answer)), WITH_CWD);
  });

  it('unescapes code that came back HTML-escaped, but leaves entities alone in a file that has its own', () => {
    const js = lines(
      'function go(link) {',
      '  const prev = document.querySelector(\'link[rel="prev"]\');',
      '  if (prev) window.location.href = prev.href;',
      '}',
    );
    const answer = fence(
      'js',
      '  const prev = document.querySelector(&#39;link[rel=&quot;prev&quot;]&#39;);',
      '  if (prev &amp;&amp; prev.href !== window.location.href) window.location.href = prev.href;',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 1, endLine: 2 }, answer)),
      js.replace('  if (prev) window', '  if (prev && prev.href !== window.location.href) window'),
    );
    const html = lines('<p>', '  Tom &amp; Jerry', '</p>');
    const edited = fence('html', '  Tom &amp; Jerry &amp; Spike');
    assert.equal(applied(applyEditAnswer(html, { startLine: 1, endLine: 1 }, edited)), html.replace('Jerry', 'Jerry &amp; Spike'));
  });
});
