// Shapes the seventieth to seventy-ninth blind rounds of the edit corpus found the applier getting
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

  const SQL = lines(
    'CREATE FUNCTION earth_distance(earth, earth)',
    'RETURNS float8',
    'LANGUAGE SQL',
    'IMMUTABLE STRICT',
    "AS 'SELECT sec_to_gc(cube_distance($1, $2))';",
    '',
    'CREATE FUNCTION earth_box(earth, float8)',
  );
  const KM = [
    'CREATE FUNCTION earth_distance_km(earth, earth)',
    'RETURNS float8',
    'LANGUAGE SQL',
    'IMMUTABLE STRICT',
    "AS 'SELECT earth_distance($1, $2) / 1000';",
  ];
  const withKm = SQL.replace("$2))';\n", `$2))';\n\n${KM.join('\n')}\n`);

  it('keeps a definition a marker names, and adds the new one after it', () => {
    const answer = fence('sql', '-- ... existing earth_distance definition ...', '', ...KM);
    assert.equal(applied(applyEditAnswer(SQL, { startLine: 0, endLine: 4 }, answer, 'km version of earth_distance?')), withKm);
  });

  it('puts an SQL statement said to go after a function after that function, its clauses its own', () => {
    const answer = [
      'Add this right after the `earth_distance(earth, earth)` function (after its `AS ...;` line), with a blank line between them:',
      '',
      fence('sql', ...KM),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(SQL, { startLine: 0, endLine: 4 }, answer, 'add an earth_distance_km function after earth_distance')),
      withKm,
    );
  });

  it('puts a line said to go under a key, right after one of its lines, after that line', () => {
    const workflow = lines('on:', '  - push', '', 'permissions:', '  contents: read', '', 'jobs:');
    const answer = [
      'Put this line under `permissions:`, right after `  contents: read`, at the same indentation:',
      '',
      fence('yaml', '  actions: read'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(workflow, { startLine: 3, endLine: 4 }, answer, 'give it read access to actions as well')),
      workflow.replace('  contents: read\n', '  contents: read\n  actions: read\n'),
    );
  });

  it('reads a one-word command given arguments after a start marker as that command rewritten', () => {
    const workflow = lines('    - name: Lint', '      run: flake8 .', '    - name: Test with pytest', '      run: |', '        pytest');
    const answer = fence('yaml', '    # ... existing code ...', '        pytest -v');
    assert.equal(
      applied(applyEditAnswer(workflow, { startLine: 2, endLine: 4 }, answer, 'pytest -v in the last step')),
      workflow.replace('        pytest\n', '        pytest -v\n'),
    );
  });

  it('asked for one check more, puts a copy of the last check with one word changed throughout after it', () => {
    const makefile = lines(
      'release:',
      '\t@if ! type -P gh; then echo "Please install gh"; exit 1; fi',
      '\t@if ! type -P twine; then echo "Please install twine"; exit 1; fi',
      '\tgit pull',
    );
    const check = '\t@if ! type -P perl; then echo "Please install perl"; exit 1; fi';
    const answer = fence('makefile', '\t# ... existing checks ...', check);
    assert.equal(
      applied(
        applyEditAnswer(makefile, { startLine: 1, endLine: 2 }, answer, 'also check that perl is installed (the version bump uses it)'),
      ),
      makefile.replace('\tgit pull', `${check}\n\tgit pull`),
    );
  });

  it('keeps the list items a marker names between ellipses, and adds the new item after them', () => {
    const readthedocs = lines('# Optionally build your docs in additional formats', 'formats:', '  - pdf', '  - epub', '', 'python:');
    const answer = fence('yaml', 'formats:', '  # ... pdf, epub ...', '  - htmlzip');
    assert.equal(
      applied(applyEditAnswer(readthedocs, { startLine: 1, endLine: 3 }, answer, 'can we also offer a zipped html download')),
      readthedocs.replace('  - epub\n', '  - epub\n  - htmlzip\n'),
    );
  });

  it('reads the last operand given a connector as that line kept, with one operand more after it', () => {
    const validate = lines(
      '    if (',
      "      argument === 'UNLICENSED' ||",
      "      argument === 'UNLICENCED'",
      '    ) {',
      '      return { unlicensed: true }',
    );
    const answer = fence(
      'js',
      '      // ... existing code ...',
      "      argument === 'UNLICENCED' ||",
      "      argument === 'unlicensed'",
      '    ) {',
    );
    assert.equal(
      applied(applyEditAnswer(validate, { startLine: 1, endLine: 3 }, answer, 'also accept lowercase unlicensed')),
      validate.replace("'UNLICENCED'\n", "'UNLICENCED' ||\n      argument === 'unlicensed'\n"),
    );
  });

  it('puts a snippet said to go after a line and its blank line past that blank line', () => {
    const validate = lines('module.exports = function(argument) {', '  var ast;', '', '  try {', '    ast = parse(argument);');
    const answer = [
      'Add this at the start of the exported function, right after the `var ast;` line and its blank line:',
      '',
      fence('js', "if (typeof argument !== 'string') {", "  throw new TypeError('argument must be a string');", '}'),
      '',
      'with a blank line after it, before the `try`.',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(validate, { startLine: 1, endLine: 2 }, answer, 'throw a TypeError if argument isnt a string')),
      validate.replace(
        '  var ast;\n\n',
        "  var ast;\n\n  if (typeof argument !== 'string') {\n    throw new TypeError('argument must be a string');\n  }\n\n",
      ),
    );
  });

  it('gives the last JSON member a comma when a new member is put after it', () => {
    const manifest = lines('{', '\t"scripts": {', '\t\t"test": "xo && ava && tsd"', '\t},', '\t"files": []', '}');
    const answer = [
      fence('json', '\t\t"lint": "xo"'),
      '',
      'Put it inside `"scripts"`, right after the `"test"` line, and add a comma to the end of the `"test"` line.',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(manifest, { startLine: 1, endLine: 3 }, answer, 'can you add a lint script that just runs xo?')),
      manifest.replace('tsd"\n', 'tsd",\n\t\t"lint": "xo"\n'),
    );
  });

  it('reads a new assignment before a quoted last one as added between, not as a copy of the last two lines', () => {
    const kinds = lines(
      'Variable.Variable = "Variable";',
      'Variable.ImportBinding = "ImportBinding";',
      'Variable.ImplicitGlobalVariable = "ImplicitGlobalVariable";',
      '',
      'export default Variable;',
    );
    const answer = fence(
      'js',
      '// ... CatchClause through ImportBinding unchanged ...',
      'Variable.ExportBinding = "ExportBinding";',
      'Variable.ImplicitGlobalVariable = "ImplicitGlobalVariable";',
    );
    assert.equal(
      applied(applyEditAnswer(kinds, { startLine: 1, endLine: 2 }, answer, 'add ExportBinding')),
      kinds.replace('"ImportBinding";\n', '"ImportBinding";\nVariable.ExportBinding = "ExportBinding";\n'),
    );
  });

  it('keeps a Python definition written at column 0 there, after the last line of the function above it', () => {
    const boot = lines('def check_output(cmd):', '    stdout = run(cmd)', '', '    return stdout', '');
    const answer = [
      'Add this at the very end of the file, after `return stdout`, with two blank lines before it (PEP 8):',
      '',
      fence('python', 'def call(cmd, env=None):', '    return Popen(cmd, env=env).wait()'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(boot, { startLine: 3, endLine: 3 }, answer, 'Add a call() function like subprocess.call')),
      boot.replace('    return stdout\n', '    return stdout\n\n\ndef call(cmd, env=None):\n    return Popen(cmd, env=env).wait()\n'),
    );
  });

  it('sets a new method apart by the one blank line the sentence asks for, not one more', () => {
    const popen = lines(
      'class Popen:',
      '    def __init__(self, cmd):',
      '        self._cmd = cmd',
      '        self.returncode = None',
      '',
      '    def wait(self):',
      '        return 0',
    );
    const answer = [
      'Insert this method in `Popen` directly after `__init__` (after the `self.returncode = None` line), with one blank line before it:',
      '',
      fence('python', '    def __repr__(self):', '        return f"<Popen cmd={self._cmd!r}>"'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(popen, { startLine: 1, endLine: 3 }, answer, 'Add __repr__ to Popen showing cmd')),
      popen.replace('= None\n', '= None\n\n    def __repr__(self):\n        return f"<Popen cmd={self._cmd!r}>"\n'),
    );
  });

  it('reads what the answer says after its code ("keeps … and adds … below it"), a dotted name in the instruction being no verb', () => {
    const xsl = lines(
      '\t\t\t<!-- HTML Parameters -->',
      '',
      '  <!-- Uses XSLT Extension to provide more valid and better formatted elements-->',
      '  <xsl:param name="html.cleanup" select="1"/>',
      '',
      '\t\t\t<!-- Meta/*Info and Titlepages HTML Parameters-->',
    );
    const added = ['  <!-- Generate valid HTML 4 markup, not just well-formed -->', '  <xsl:param name="make.valid.html" select="1"/>'];
    const answer = [
      fence('xml', '  <!-- ... existing code ... -->', '', ...added),
      '',
      'This keeps `html.cleanup` and adds `make.valid.html` below it.',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(xsl, { startLine: 2, endLine: 3 }, answer, 'also set make.valid.html')),
      xsl.replace('select="1"/>\n', `select="1"/>\n\n${added.join('\n')}\n`),
    );
  });

  it('reads a line with its trailing comment reworded as that line, before an end marker', () => {
    const macro = lines(
      'macro(CMAKE_DEPENDENT_OPTION option doc default depends force)',
      '  cmake_policy(GET CMP0127 _CDO_CMP0127',
      '    PARENT_SCOPE # undocumented, do not use outside of CMake',
      '    )',
      '  if(${option}_ISSET MATCHES "^${option}_ISSET$")',
    );
    const answer = [
      'Reworded:',
      '',
      fence(
        'cmake',
        '  cmake_policy(GET CMP0127 _CDO_CMP0127',
        "    PARENT_SCOPE # internal: lets a macro read the caller's policy setting",
        '    # ... rest unchanged ...',
      ),
    ].join('\n');
    assert.equal(
      applied(
        applyEditAnswer(macro, { startLine: 1, endLine: 3 }, answer, 'Can you reword that comment so it says why PARENT_SCOPE is there?'),
      ),
      macro.replace('# undocumented, do not use outside of CMake', "# internal: lets a macro read the caller's policy setting"),
    );
  });

  it('asked for one thing more by a name the selection lacks, adds the line with that name beside its sibling', () => {
    const macro = lines('  endif()', '  unset(_CDO_CMP0127)', 'endmacro()', '');
    const answer = fence('cmake', '  # ... existing code ...', '  unset(_CDO_CMP0127_WARNING)', 'endmacro()');
    assert.equal(
      applied(applyEditAnswer(macro, { startLine: 1, endLine: 2 }, answer, 'also unset _CDO_CMP0127_WARNING before the macro ends')),
      macro.replace('endmacro()', '  unset(_CDO_CMP0127_WARNING)\nendmacro()'),
    );
  });

  it('puts a snippet said to go after a call at the depth of the call, not of its closing parenthesis', () => {
    const cmake = lines(
      '# configure variables set in this file for fast reload later on',
      'configure_file(${CMAKE_ROOT}/Modules/CMakeCSharpCompiler.cmake.in',
      '  ${CMAKE_PLATFORM_INFO_DIR}/CMakeCSharpCompiler.cmake',
      '  @ONLY',
      '  )',
    );
    const answer = [
      'Add this at the very end of the file, after the closing `)` of the `configure_file(...)` call, with one blank line before it:',
      '',
      fence('cmake', 'set(CMAKE_CSharp_COMPILER_ENV_VAR "CSC")'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(cmake, { startLine: 1, endLine: 4 }, answer, 'at the end set CMAKE_CSharp_COMPILER_ENV_VAR to CSC')),
      `${cmake}\nset(CMAKE_CSharp_COMPILER_ENV_VAR "CSC")\n`,
    );
  });

  it('puts a line said to be the first line of a file named by its name above the selected first line', () => {
    const io = lines(
      '"""The io module provides the Python interfaces to stream handling. The',
      'builtin open function is defined in this module.',
    );
    const answer = [
      'Put this as the very first line of io.py, above the opening `"""` of the module docstring:',
      '',
      fence('python', '# -*- coding: utf-8 -*-'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(io, { startLine: 0, endLine: 0 }, answer, 'add a coding cookie as the first line')),
      `# -*- coding: utf-8 -*-\n${io}`,
    );
  });

  it("reads `t.throws(` as `t['throws'](` rewritten, above a marker for its arguments", () => {
    const test = lines(
      "test('callBindBasic', function (t) {",
      '\tforEach(v.nonFunctions, function (nonFunction) {',
      "\t\tt['throws'](",
      '\t\t\tfunction () { callBind([nonFunction]); },',
      '\t\t\tTypeError',
      '\t\t);',
      '\t});',
    );
    const answer = fence(
      'javascript',
      '\tforEach(v.nonFunctions, function (nonFunction) {',
      '\t\tt.throws(',
      '\t\t\t// ... same arguments as before ...',
      '\t\t);',
      '\t});',
    );
    assert.equal(
      applied(applyEditAnswer(test, { startLine: 1, endLine: 6 }, answer, 'dot notation for throws')),
      test.replace("t['throws'](", 't.throws('),
    );
  });
});
