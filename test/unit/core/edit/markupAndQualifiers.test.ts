// Shapes the sixtieth and sixty-first blind rounds of the edit corpus found the applier getting wrong:
// markup elements as blocks, a place qualified ("the `endif` of the `'^Package:'` check", "between the
// closing `}` of … and …"), a marker in parentheses, quoted lines at the edge of new ones, a short line
// at another depth, and blank lines a snippet already has. Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

// A Vim fold function whose checks the file sets apart with blank lines, and a new check for it.
const FOLD = lines(
  'function! Fold(l)',
  '  " blank lines stay out of folds',
  "  if getline(a:l) =~# '^Source:'",
  "    return '>1'",
  '  endif',
  '',
  "  if getline(a:l) =~# '^Package:'",
  "    return '>1'",
  '  endif',
  '',
  "  return '='",
  'endfunction',
);
const CHECK = ["  if getline(a:l) =~# '^Description:'", "    return '>2'", '  endif'];
const WITH_CHECK = FOLD.replace("  endif\n\n  return '='", `  endif\n\n${CHECK.join('\n')}\n\n  return '='`);

describe('the edit applier with markup, qualified places and quoted edges', () => {
  it('keeps a closing tag the answer quotes after a new element, not writing it twice', () => {
    const xml = lines(
      '<schemalist>',
      '  <schema id="apps" path="/apps/">',
      '    <child name="office" schema="apps.office"/>',
      '    <child name="terminal" schema="apps.terminal"/>',
      '  </schema>',
      '  <schema id="apps.office" path="/apps/office/">',
      '  </schema>',
      '</schemalist>',
    );
    const answer = fence(
      'xml',
      '    <!-- existing children unchanged -->',
      '    <child name="browser" schema="apps.browser"/>',
      '  </schema>',
    );
    assert.equal(
      applied(applyEditAnswer(xml, { startLine: 2, endLine: 4 }, answer, 'browser child too')),
      xml.replace('apps.terminal"/>\n', 'apps.terminal"/>\n    <child name="browser" schema="apps.browser"/>\n'),
    );
  });

  it('places a snippet after the one `endif` a sentence names by its check', () => {
    const answer = [
      "Add this block right after the `endif` of the `'^Package:'` check and before the final `return '='`, with one blank line on each side:",
      '',
      fence('vim', ...CHECK),
    ].join('\n');
    assert.equal(applied(applyEditAnswer(FOLD, { startLine: 0, endLine: 11 }, answer, 'start a level 2 fold at Description')), WITH_CHECK);
  });

  it('reads "between the closing `}` of the class and the comment" as after that `}`', () => {
    const js = lines('    end() {', '        super.end();', '    }', '}', '//# sourceMappingURL=index.js.map');
    const answer = [
      'Add one line between the closing `}` of the `ParserStream` class and the `//# sourceMappingURL=index.js.map` comment:',
      '',
      fence('js', 'export default ParserStream;'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 3, endLine: 4 }, answer, 'also export the class as default')),
      js.replace('}\n//#', '}\nexport default ParserStream;\n//#'),
    );
  });

  it('reads a comment in parentheses that says a line stays as a marker', () => {
    const js = lines(
      '      root = builder.create(name, {',
      '        headless: this.options.headless,',
      '        allowSurrogateChars: this.options.allowSurrogateChars',
      '      });',
    );
    const answer = fence(
      'javascript',
      '      root = builder.create(name, {',
      '        // (headless unchanged)',
      '        allowSurrogateChars: this.options.allowSurrogateChars,',
      '        invalidCharReplacement: this.options.invalidCharReplacement',
      '      });',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 3 }, answer, 'pass invalidCharReplacement through too')),
      js.replace('allowSurrogateChars\n', 'allowSurrogateChars,\n        invalidCharReplacement: this.options.invalidCharReplacement\n'),
    );
  });

  it('keeps a short line the new method ends like, at another depth, for the marker after it', () => {
    const js = lines(
      '    Builder.prototype.buildObject = function(rootObj) {',
      '      return render(rootElement, rootObj).end(this.options.renderOpts);',
      '    };',
      '',
      '    return Builder;',
      '',
      '  })();',
    );
    const method = [
      '    Builder.prototype.setOption = function(key, value) {',
      '      this.options[key] = value;',
      '      return this;',
      '    };',
    ];
    const answer = fence(
      'javascript',
      '      // ... existing buildObject body ...',
      '    };',
      '',
      ...method,
      '',
      '    // ... existing code ...',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 1, endLine: 4 }, answer, 'Add a chainable setOption method after buildObject')),
      js.replace('    };\n\n', `    };\n\n${method.join('\n')}\n\n`),
    );
  });

  it('adds an overload after the first line the answer quotes, though it declares the same name as the next', () => {
    const ts = lines(
      'export declare function run(cmd: string | [cmd: string, ...args: string[]], cleanup?: Cleanup): Child;',
      'export declare function run(program: string, args?: string[], cleanup?: Cleanup): Child;',
      'export declare function run(program: string, spawnOpts?: SpawnOptions, cleanup?: Cleanup): Child;',
    );
    const overload =
      'export declare function run(cmd: [cmd: string, ...args: string[]], spawnOpts?: SpawnOptions, cleanup?: Cleanup): Child;';
    const first = ts.split('\n')[0];
    const answer = fence('ts', first, overload, '// ... remaining overloads unchanged ...');
    assert.equal(
      applied(applyEditAnswer(ts, { startLine: 0, endLine: 1 }, answer, 'add an overload taking the array plus spawn options')),
      ts.replace(`${first}\n`, `${first}\n${overload}\n`),
    );
  });

  it('keeps the selection’s last line the answer quotes after a new proc where it is', () => {
    const tcl = lines('proc ttk::sizegrip::Release {W X Y} {', '    variable State', '    set State(pressed) 0', '}', '', '#*EOF*');
    const cancel = ['proc ttk::sizegrip::Cancel {W} {', '    variable State', '    set State(pressed) 0', '}'];
    const answer = fence('tcl', '# ... existing Release proc ...', '', ...cancel, '', '#*EOF*');
    assert.equal(
      applied(applyEditAnswer(tcl, { startLine: 0, endLine: 5 }, answer, 'Cancel proc: reset the pressed state')),
      tcl.replace('}\n\n#*EOF*', `}\n\n${cancel.join('\n')}\n\n#*EOF*`),
    );
  });

  it('does not add the blank line a sentence asks for twice when the snippet has it', () => {
    const vim = lines("  return '='", 'endfunction', '', '" }}}1');
    const answer = [
      fence('vim', 'endfunction', '', '" }}}1', '', '" vim: ts=8 sw=2 fdm=marker'),
      '',
      'The modeline goes last, after the closing `}}}1` marker, separated by a blank line.',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(vim, { startLine: 1, endLine: 3 }, answer, 'add modeline at EOF')),
      `${vim}\n" vim: ts=8 sw=2 fdm=marker\n`,
    );
  });

  it('keeps the blank line before code a marker keeps, and sets new lines apart with their own', () => {
    const sh = lines('#!/bin/sh', '', 'prog=$(basename $0)', '', 'cd lit');
    const answer = fence('sh', '#!/bin/sh', '', 'set -e', '# ... existing code ...');
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 0, endLine: 2 }, answer, 'set -e at the top')),
      sh.replace('\n\nprog', '\n\nset -e\n\nprog'),
    );

    const answer2 = fence(
      'vim',
      'function! Fold(l)',
      '  " ... (unchanged) ...',
      "  if getline(a:l) =~# '^Package:'",
      "    return '>1'",
      '  endif',
      '',
      ...CHECK,
      '  " ... (unchanged) ...',
      'endfunction',
    );
    assert.equal(
      applied(applyEditAnswer(FOLD, { startLine: 0, endLine: 11 }, answer2, 'Start a level-2 fold at each Description field.')),
      WITH_CHECK,
    );
  });

  it('adds a line "too (and undo it)" and changes the undo line the answer adds to, keeping the rest', () => {
    const vim = lines('setlocal indentexpr=GetTreetopIndent()', 'setlocal nosmartindent', '', 'let b:undo_indent = "setl inde< si<"');
    const answer = fence('vim', '" ... existing code ...', 'setlocal autoindent', '', 'let b:undo_indent = "setl ai< inde< si<"');
    assert.equal(
      applied(applyEditAnswer(vim, { startLine: 0, endLine: 3 }, answer, 'set autoindent too (and undo it)')),
      lines(
        'setlocal indentexpr=GetTreetopIndent()',
        'setlocal nosmartindent',
        'setlocal autoindent',
        '',
        'let b:undo_indent = "setl ai< inde< si<"',
      ),
    );
  });

  it('adds a copy of the selected element as a sibling where the sentence says, though it repeats nearly every line', () => {
    const rule = (family: string) => [
      '\t<match target="font">',
      '\t\t<test name="family">',
      `\t\t\t<string>${family}</string>`,
      '\t\t</test>',
      '\t\t<edit name="hinting">',
      '\t\t\t<bool>false</bool>',
      '\t\t</edit>',
      '\t</match>',
    ];
    const xml = lines('<fontconfig>', ...rule('Bitstream Vera Sans Mono'), '', '</fontconfig>');
    const answer = [
      'Add this block right after the closing `</match>` of the Bitstream Vera Sans Mono rule, with one blank line between the two blocks:',
      '',
      fence('xml', ...rule('DejaVu Sans Mono')),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(xml, { startLine: 1, endLine: 8 }, answer, 'add the same rule for DejaVu Sans Mono after the last one')),
      lines('<fontconfig>', ...rule('Bitstream Vera Sans Mono'), '', ...rule('DejaVu Sans Mono'), '', '</fontconfig>'),
    );
  });

  it('reads "// ... same fields ..." as a marker', () => {
    const ts = lines(
      '            const sarifRuleBuiler = new SarifRuleBuilder().initSimple({',
      '                ruleId: ruleId,',
      '                helpUri: message?.docsUrl',
      '            });',
      '            sarifRunBuilder.addRule(sarifRuleBuiler);',
    );
    const answer = fence(
      'ts',
      '            const sarifRuleBuilder = new SarifRuleBuilder().initSimple({',
      '                // ... same fields ...',
      '            });',
      '            sarifRunBuilder.addRule(sarifRuleBuilder);',
    );
    assert.equal(
      applied(applyEditAnswer(ts, { startLine: 0, endLine: 4 }, answer, 'fix the typo Builer')),
      ts.replaceAll('Builer', 'Builder'),
    );
  });

  it('refuses a reading that leaves one more brace open than the code it replaces', () => {
    const ts = lines(
      '}',
      '',
      'function fixLine(val: number) {',
      '    if (val === null) {',
      '        return undefined;',
      '    }',
      '    return val === 0 ? 1 : val;',
      '}',
    );
    const answer = fence(
      'ts',
      '',
      '    if (val === null || val === undefined) {',
      '    // ... (rest unchanged)',
      '    return val === 0 ? 1 : val;',
    );
    assert.equal(
      refused(applyEditAnswer(ts, { startLine: 1, endLine: 6 }, answer, 'fixLine should treat undefined like null')).why,
      'ambiguous',
    );
  });
});
