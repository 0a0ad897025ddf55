// Shapes the thirtieth to forty-first blind rounds of the edit corpus found the applier getting wrong:
// a marker then a new method, option or list item read as a rewrite of the one before it, where the user
// only asked to add one (the instruction decides); a function assigned to a name not set apart from the
// one a sentence places it after; a one-paragraph question applied over Python code whose lines end in
// `:`; a diff that edits a trailing comment the file words otherwise; a copy of the whole file that also
// adds a name to a list far from the selection; a new member put after a type's closing line, a branch
// asked for mid-sentence, "on line 1", a name a call uses taken for its definition, `keys()` for `keys`.
// Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

describe('the edit applier with the instruction, assigned functions and copies of the whole file', () => {
  const MUTE = lines(
    'MuteStream.prototype.mute = function () {',
    '  this.muted = true',
    '}',
    '',
    'MuteStream.prototype.unmute = function () {',
    '  this.muted = false',
    '}',
    '',
    "Object.defineProperty(MuteStream.prototype, '_onpipe', {",
    '  value: onPipe',
    '})',
  );
  const TOGGLE = ['MuteStream.prototype.toggle = function () {', '  this.muted = !this.muted', '}'];
  const WITH_TOGGLE = MUTE.replace('  this.muted = false\n}\n', `  this.muted = false\n}\n\n${TOGGLE.join('\n')}\n`);
  const MARKED = ["Here's the edit; unchanged code is elided:", '', fence('javascript', '// ... existing code ...', '', ...TOGGLE)].join(
    '\n',
  );

  it('adds a method after the kept ones when the user asked to add one, not writing it over the one before', () => {
    assert.equal(applied(applyEditAnswer(MUTE, { startLine: 0, endLine: 6 }, MARKED, 'Add a toggle() method after unmute.')), WITH_TOGGLE);
  });

  it('still reads the same answer as the last method rewritten when the user asked to change it', () => {
    const outcome = applied(
      applyEditAnswer(MUTE, { startLine: 0, endLine: 6 }, MARKED, 'Rename unmute to toggle and make it flip the flag.'),
    );
    assert.ok(!outcome.includes('prototype.unmute'), outcome);
  });

  it('keeps a line the new code only adds to (`{0, 0, 0}` → `{0, 0, 0, 0}`) when the user asked to add', () => {
    const file = lines(
      'struct api_t',
      '{',
      '    void (*malloc)(void*, size_t);',
      '    void (*free)(void*);',
      '};',
      'static struct api_t api = {0, 0};',
    );
    const answer = fence(
      'c',
      '// ... existing code ...',
      '    void (*free)(void*);',
      '    void (*calloc)(void*, size_t, size_t);',
      '};',
      'static struct api_t api = {0, 0, 0};',
    );
    const expected = file.replace(
      '    void (*free)(void*);\n};\nstatic struct api_t api = {0, 0};',
      '    void (*free)(void*);\n    void (*calloc)(void*, size_t, size_t);\n};\nstatic struct api_t api = {0, 0, 0};',
    );
    assert.equal(applied(applyEditAnswer(file, { startLine: 0, endLine: 5 }, answer, 'add a calloc hook to api_t')), expected);
  });

  it("puts a new member before the type's closing line when the user asks for a new option", () => {
    const file = lines(
      'export type Options = {',
      '\t/**',
      '\tWhether ambiguous characters are wide.',
      '\t*/',
      '\treadonly ambiguousAsWide?: boolean;',
      '};',
      '',
    );
    const member = ['\t/**', '\tWhether to treat an emoji as wide.', '\t*/', '\treadonly emojiAsWide?: boolean;'];
    const answer = fence('ts', '\t// ... existing code ...', '', ...member, '};');
    const expected = file.replace('boolean;\n};', `boolean;\n\n${member.join('\n')}\n};`);
    assert.equal(applied(applyEditAnswer(file, { startLine: 3, endLine: 5 }, answer, 'new option: emojiAsWide')), expected);
  });

  it('adds a case branch after the kept one when the instruction asks for a branch anywhere in it', () => {
    const file = lines(
      '\tcase $prev in',
      "\t\t'-x'|'--stream')",
      '\t\t\tCOMPREPLY=( $(compgen -W "out in" -- $cur) )',
      '\t\t\treturn 0',
      '\t\t\t;;',
      '\tesac',
    );
    const branch = ["\t\t'-t'|'--timing')", '\t\t\tCOMPREPLY=( $(compgen -f -- $cur) )', '\t\t\treturn 0', '\t\t\t;;'];
    const answer = fence('bash', '\t\t# ... existing code ...', ...branch);
    const instruction = 'the timing option should complete file names, add a branch for it after --stream';
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 1, endLine: 4 }, answer, instruction)),
      file.replace('\t\t\t;;\n', `\t\t\t;;\n${branch.join('\n')}\n`),
    );
  });

  it('puts a line said to go "on line 1" above the first line', () => {
    const file = lines(
      '/* Copyright (C) 1996-2022 Free Software Foundation, Inc.',
      '   This file is part of the GNU C Library.  */',
      '',
      '#include <features.h>',
    );
    const answer = [
      'Put this on line 1, above the existing copyright comment:',
      '',
      fence('c', '/* SPDX-License-Identifier: LGPL-2.1-or-later */'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 0 }, answer)),
      '/* SPDX-License-Identifier: LGPL-2.1-or-later */\n' + file,
    );
  });

  it('places a snippet after the method a sentence names, not after a line that only calls it', () => {
    const file = lines(
      'DelayedStream.prototype.pause = function() {',
      '  this.source.pause();',
      '};',
      '',
      'DelayedStream.prototype.release = function() {',
      '  this._released = true;',
      '};',
    );
    const destroy = ['DelayedStream.prototype.destroy = function() {', '  this.source.destroy();', '};'];
    const answer = ['Place it right after the `pause` method:', '', fence('js', ...destroy)].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 2 }, answer)),
      file.replace('pause();\n};\n', `pause();\n};\n\n${destroy.join('\n')}\n`),
    );
  });

  it('reads `keys()` in a sentence as the `keys` method', () => {
    const file = lines(
      'class Headers:',
      '    def keys(self):',
      '        return [k for k, v in self._headers]',
      '',
      '    def values(self):',
      '        return [v for k, v in self._headers]',
    );
    const names = ['    def names(self):', '        return [k.lower() for k, v in self._headers]'];
    const answer = ['Add this method to the `Headers` class, directly below `keys()`:', '', fence('python', ...names)].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 1, endLine: 2 }, answer)),
      file.replace('self._headers]\n\n    def values', `self._headers]\n\n${names.join('\n')}\n\n    def values`),
    );
  });

  it('adds new options between the kept ones and `--help` instead of rewriting the options before it', () => {
    const file = lines(
      '\t\t-*)',
      '\t\t\tOPTS="--shared',
      '\t\t\t\t--exclusive',
      '\t\t\t\t--close',
      '\t\t\t\t--no-fork',
      '\t\t\t\t--help',
      '\t\t\t\t--version"',
      '\t\t\t;;',
    );
    const answer = fence(
      'bash',
      '\t\t\tOPTS="--shared',
      '\t\t\t\t# ... existing code ...',
      '\t\t\t\t--fcntl',
      '\t\t\t\t--verbose',
      '\t\t\t\t--help',
      '\t\t\t\t--version"',
    );
    const expected = file.replace('--no-fork\n', '--no-fork\n\t\t\t\t--fcntl\n\t\t\t\t--verbose\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 1, endLine: 6 }, answer, 'newer flock has --fcntl and --verbose, add them')),
      expected,
    );
  });

  it('refuses a one-line SEARCH whose text the selection holds at two depths, though its tabs match one', () => {
    const file = lines(
      '\t\tif (ret != LZMA_OK) {',
      '\t\t\tout_finished = true;',
      '\t\t} else {',
      '\t\t\tif (ferror (out_file)) {',
      '\t\t\t\tout_finished = true;',
      '\t\t\t}',
      '\t\t}',
    );
    const answer = fence(
      'c',
      '<<<<<<< SEARCH',
      '\t\t\tout_finished = true;',
      '=======',
      '\t\t\tout_finished = true;',
      '\t\t\tfprintf (stderr, "stopping output\\n");',
      '>>>>>>> REPLACE',
    );
    assert.equal(refused(applyEditAnswer(file, { startLine: 0, endLine: 6 }, answer)).why, 'ambiguous');
  });

  it('adds a method a sentence puts "next to" another beside it, not inside it', () => {
    const file = lines(
      '\treturn {',
      '\t\tget: function (key) {',
      '\t\t\treturn listGet($o, key);',
      '\t\t},',
      '\t\thas: function (key) {',
      '\t\t\treturn listHas($o, key);',
      '\t\t},',
      '\t};',
    );
    const added = [
      '\t\tgetOrDefault: function (key, fallback) {',
      '\t\t\treturn listHas($o, key) ? listGet($o, key) : fallback;',
      '\t\t},',
    ];
    const answer = [
      'You can add `getOrDefault` next to `get`, using `listHas`:',
      '',
      fence('js', '\t\t// ... existing code ...', ...added),
    ].join('\n');
    const expected = file.replace('listGet($o, key);\n\t\t},\n', `listGet($o, key);\n\t\t},\n${added.join('\n')}\n`);
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 1, endLine: 3 }, answer, 'add getOrDefault(key, fallback) like get')),
      expected,
    );
  });

  it('places a snippet under a line a sentence quotes after a name with a dot in it (`xo.rules`)', () => {
    const file = lines('\t\t"rules": {', '\t\t\t"unicorn/prefer-includes": "off",', '\t\t\t"no-redeclare": "off"', '\t\t}');
    const answer = [
      'Insert this into `xo.rules`, directly under `"unicorn/prefer-includes": "off",`:',
      '',
      fence('json', '\t\t\t"unicorn/prefer-spread": "off",'),
    ].join('\n');
    const expected = file.replace('"off",\n', '"off",\n\t\t\t"unicorn/prefer-spread": "off",\n');
    assert.equal(applied(applyEditAnswer(file, { startLine: 1, endLine: 2 }, answer)), expected);
  });

  it('puts a line said to go "at the very top of `abc.py`" above its first line', () => {
    const file = lines('# Copyright 2007 Google, Inc. All Rights Reserved.', '', '"""Abstract Base Classes."""');
    const answer = [
      'Put this line at the very top of `abc.py`, above the copyright comment:',
      '',
      fence('python', '# -*- coding: utf-8 -*-'),
    ].join('\n');
    assert.equal(applied(applyEditAnswer(file, { startLine: 0, endLine: 0 }, answer)), '# -*- coding: utf-8 -*-\n' + file);
  });

  it('does not read "Here you go" as saying where the code goes', () => {
    const file = lines(
      'class Chunk:',
      '    def __init__(self, file, align=True):',
      '        self.closed = False',
      '        self.align = align',
      '        if align:',
      '            pass',
    );
    const answer = [
      'Here you go:',
      '',
      fence(
        'python',
        '    def __init__(self, file, align=True, strict=False):',
        '        self.closed = False',
        '        self.align = align',
        '        self.strict = strict',
      ),
      '',
      'It is stored as `self.strict` next to `self.align`.',
    ].join('\n');
    const expected = file
      .replace('align=True):', 'align=True, strict=False):')
      .replace('self.align = align\n', 'self.align = align\n        self.strict = strict\n');
    assert.equal(applied(applyEditAnswer(file, { startLine: 1, endLine: 3 }, answer, 'add a strict parameter and store it')), expected);
  });

  it('reads a type alias written anew as an interface, its body elided, as the alias rewritten', () => {
    const file = lines(
      'export type Options = {',
      '\t/**',
      '\tMatch only the first escape.',
      '\t*/',
      '\treadonly onlyFirst: boolean;',
      '};',
      '',
    );
    const answer = fence('ts', 'export interface Options {', '\t// ... existing code ...', '}');
    const expected = file.replace('export type Options = {', 'export interface Options {').replace('\n};\n', '\n}\n');
    assert.equal(applied(applyEditAnswer(file, { startLine: 0, endLine: 5 }, answer, 'type alias -> interface')), expected);
  });

  it('rewrites an import of the same module written another way, its marker keeping the line above', () => {
    const file = lines(
      '/// <reference types="node" />',
      'import http = require("http");',
      'import url = require("url");',
      'export interface IHeaders {',
      '    [key: string]: any;',
      '}',
    );
    const answer = [
      'Replace the two imports:',
      '',
      fence('ts', '// ... existing code ...', 'import * as http from "http";', 'import * as url from "url";'),
    ].join('\n');
    const expected = file.replace(
      'import http = require("http");\nimport url = require("url");',
      'import * as http from "http";\nimport * as url from "url";',
    );
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 2 }, answer, 'use import * as instead of import = require')),
      expected,
    );
  });

  it('reads the line after a marker for the code above as the line above the selection, quoted once', () => {
    const file = lines('_renice_module() {', '\treturn 0', '}', 'complete -F _renice_module renice', '');
    const answer = fence('bash', '# ... existing code ...', '}', 'command -v renice >/dev/null 2>&1 && complete -F _renice_module renice');
    const expected = file.replace('complete -F', 'command -v renice >/dev/null 2>&1 && complete -F');
    assert.equal(applied(applyEditAnswer(file, { startLine: 3, endLine: 3 }, answer, 'dont register if renice isnt there')), expected);
  });

  it('deletes the lines a marker answer leaves out after a shortened line when the user asked to remove them', () => {
    const file = lines(
      'sub _meta_notation ($) {',
      '    # Returns a copy of the input string with the nonprintable characters',
      '    # below 0x100 changed into printables.  Any ASCII printables or above 0xFF',
      '    # are unchanged.  (XXX Probably above-Latin1 characters should be',
      '    # converted to \\X{...})',
      '    #',
    );
    const answer = [
      'Updated comment:',
      '',
      fence(
        'perl',
        '    # Returns a copy of the input string with the nonprintable characters',
        '    # ... existing code ...',
        '    # are unchanged.',
      ),
    ].join('\n');
    const expected = file.replace(
      '    # are unchanged.  (XXX Probably above-Latin1 characters should be\n    # converted to \\X{...})\n',
      '    # are unchanged.\n',
    );
    assert.equal(applied(applyEditAnswer(file, { startLine: 1, endLine: 4 }, answer, 'remove the XXX note')), expected);
  });

  it('sets a line said to be the first of the file apart by the blank line the sentence asks for', () => {
    const file = lines('from _weakrefset import WeakSet', '', '', 'def get_cache_token():', '    return 0');
    const answer = [
      'Put this as the very first line of the file, above `from _weakrefset import WeakSet`, followed by a blank line:',
      '',
      fence('python', '"""Pure-Python version of abc.ABCMeta."""'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 0 }, answer, 'module docstring pls')),
      '"""Pure-Python version of abc.ABCMeta."""\n\n' + file,
    );
  });

  it('adds an `else if` branch before the kept `else` instead of giving the `else` a condition', () => {
    const file = lines(
      "    if (typeof(module) != 'undefined') {",
      '        module.exports = MurmurHash3;',
      '    } else {',
      '        this.MurmurHash3 = MurmurHash3;',
      '    }',
      '}());',
    );
    const answer = [
      'Insert the AMD branch:',
      '',
      fence(
        'js',
        "    if (typeof(module) != 'undefined') {",
        '        module.exports = MurmurHash3;',
        "    } else if (typeof define === 'function' && define.amd) {",
        '        define([], function() { return MurmurHash3; });',
        '    // ... existing code ...',
      ),
    ].join('\n');
    const expected = file.replace(
      '    } else {',
      "    } else if (typeof define === 'function' && define.amd) {\n        define([], function() { return MurmurHash3; });\n    } else {",
    );
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 5 }, answer, 'also support AMD (define) in the export part pls')),
      expected,
    );
  });

  it("writes a new struct member's columns as the file's tabs where the SEARCH quote wrote tabs out to their stops", () => {
    const file = lines(
      'struct ifaddrs',
      '{',
      '  char *ifa_name;\t\t/* Name of this network interface.  */',
      '  unsigned int ifa_flags;\t/* Flags as from SIOCGIFFLAGS ioctl.  */',
      '};',
    );
    const answer = fence(
      'c',
      '<<<<<<< SEARCH',
      '  char *ifa_name;               /* Name of this network interface.  */',
      '  unsigned int ifa_flags;       /* Flags as from SIOCGIFFLAGS ioctl.  */',
      '=======',
      '  char *ifa_name;               /* Name of this network interface.  */',
      '  unsigned int ifa_flags;       /* Flags as from SIOCGIFFLAGS ioctl.  */',
      '  unsigned int ifa_index;       /* Index of this network interface.  */',
      '>>>>>>> REPLACE',
    );
    const expected = file.replace('ioctl.  */\n', 'ioctl.  */\n  unsigned int ifa_index;\t/* Index of this network interface.  */\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 2, endLine: 3 }, answer, 'new member ifa_index (unsigned int) under ifa_flags')),
      expected,
    );
  });

  it('reads a branch head with another condition as that head rewritten when the user asked to change it', () => {
    const file = lines(
      '        for (i = 0; i < keys.length; i++) {',
      '            var value = stringify(node[keys[i]]);',
      '            if (!value) continue;',
      "            if (out) out += ',';",
      '            out += value;',
      '        }',
    );
    const answer = fence(
      'javascript',
      '        for (i = 0; i < keys.length; i++) {',
      '            var value = stringify(node[keys[i]]);',
      '            if (value === undefined) continue;',
      '            // ... existing code ...',
      '        }',
    );
    const expected = file.replace('if (!value) continue;', 'if (value === undefined) continue;');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 5 }, answer, 'Change the falsy check to an undefined check')),
      expected,
    );
  });

  it("keeps the file's first line where a copy of the whole file quotes it otherwise, adding a doc comment in the selection", () => {
    const file = lines(
      "'use strict';",
      '',
      'module.exports = function (data, opts) {',
      '    if (!opts) opts = {};',
      '    return data;',
      '};',
    );
    const copy = [
      '"use strict";',
      '',
      '/**',
      ' * Stringify deterministically.',
      ' */',
      'module.exports = function (data, opts) {',
      '    if (!opts) opts = {};',
      '    return data;',
      '};',
    ];
    const answer = ['Updated file:', '', fence('js', ...copy)].join('\n');
    const expected = file.replace('module.exports', '/**\n * Stringify deterministically.\n */\nmodule.exports');
    assert.equal(applied(applyEditAnswer(file, { startLine: 2, endLine: 2 }, answer, 'add a JSDoc comment here pls')), expected);
  });

  it('leaves the blank line a sentence asks for ("leave a blank line between them", "with one blank line before it")', () => {
    const file = lines('#ifndef _SYSEXITS_H', '#define _SYSEXITS_H 1', '', '#define EX_OK 0');
    const answer = [
      'Add the include right after the `#define _SYSEXITS_H 1` line (leave a blank line between them):',
      '',
      fence('c', '#include <features.h>'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 3 }, answer)),
      file.replace('_H 1\n', '_H 1\n\n#include <features.h>\n'),
    );
  });

  it('sets a method signature added after another in an interface apart as the file sets them apart', () => {
    const file = lines(
      'export interface HfsImpl {',
      '\t/**',
      '\t * Checks if a directory exists.',
      '\t */',
      '\tisDirectory?(dirPath: string): Promise<boolean>;',
      '',
      '\t/**',
      '\t * Reads a file.',
      '\t */',
      '\ttext?(filePath: string): Promise<string>;',
      '}',
    );
    const added = ['\t/**', '\t * Checks if a file or directory exists.', '\t */', '\texists?(path: string): Promise<boolean>;'];
    const answer = ['Add this to the `HfsImpl` interface right after the `isDirectory?` method:', '', fence('ts', ...added)].join('\n');
    const expected = file.replace('Promise<boolean>;\n', `Promise<boolean>;\n\n${added.join('\n')}\n`);
    assert.equal(applied(applyEditAnswer(file, { startLine: 1, endLine: 9 }, answer, 'add exists method for file or dir')), expected);
  });

  it("removes the selection's blank lines at its top when the user asks to drop them", () => {
    const file = lines('', '', '', '/*', ' * @version    1.4.0', ' */', '', 'var naturalCompare = function (a, b) {};');
    const answer = fence('js', "'use strict';", '', '/*');
    const expected = file.replace(/^\n\n\n\/\*/, "'use strict';\n\n/*");
    assert.equal(
      applied(
        applyEditAnswer(file, { startLine: 0, endLine: 3 }, answer, 'can you add use strict at the very top? and drop those 3 blank lines'),
      ),
      expected,
    );
  });

  it('sets a function assigned to a name apart from the one a sentence places it after', () => {
    const answer = [fence('js', ...TOGGLE), '', 'Paste that below the `unmute` method so the three helpers sit together.'].join('\n');
    assert.equal(applied(applyEditAnswer(MUTE, { startLine: 0, endLine: 6 }, answer)), WITH_TOGGLE);
  });

  it('refuses a one-paragraph question over Python code whose lines end in a colon', () => {
    const file = lines(
      'def _maybe_compile(compiler, source, filename, symbol):',
      '    for line in source.split("\\n"):',
      '        line = line.strip()',
      "        if line and line[0] != '#':",
      '            break               # Leave it alone.',
      '    else:',
      '        source = "pass"',
    );
    const answer =
      "Do you want to keep the `for`/`else` structure? I could collapse it with `any()` over the stripped lines, but then the `else` branch would need to become an explicit `if not ...:`. Let me know which and I'll write it.\n";
    refused(applyEditAnswer(file, { startLine: 1, endLine: 4 }, answer));
  });

  it('refuses a diff that only edits a trailing comment it quotes otherwise than the file has it', () => {
    const file = lines(
      '#define FMR_OF_ATTR_FORK\t0x2\t/* segment = attribute fork */',
      '#define FMR_OF_SHARED\t\t0x8\t/* segment = shared with another file */',
      '#define FMR_OF_LAST\t\t0x20\t/* segment is the last in the dataset */',
    );
    const answer = fence(
      'diff',
      '@@ -10,3 +10,3 @@',
      ' #define FMR_OF_ATTR_FORK\t0x2\t/* segment = attribute fork */',
      '-#define FMR_OF_SHARED\t\t0x8\t/* segment shared with other files */',
      '+#define FMR_OF_SHARED\t\t0x8\t/* deprecated: segment shared with other files */',
      ' #define FMR_OF_LAST\t\t0x20\t/* segment is the last in the dataset */',
    );
    assert.match(
      refused(applyEditAnswer(file, { startLine: 0, endLine: 2 }, answer)).message,
      /quotes "#define FMR_OF_SHARED.*not in the file/,
    );
  });

  it('does not apply a line a copy of the whole file adds far from the selection', () => {
    const file = lines(
      'our @EXPORT = qw(',
      '    file_slurp',
      '    file_dump',
      ');',
      '',
      'sub file_dump {',
      '    my ($file, $data) = @_;',
      '    return;',
      '}',
      '',
      '1;',
    );
    const copy = file
      .replace('    file_dump\n', '    file_dump\n    file_append\n')
      .replace('    return;\n}\n', '    return;\n}\n\nsub file_append {\n    my ($file, $data) = @_;\n    return;\n}\n');
    const answer = ['The whole file with `file_append` added:', '', fence('perl', ...copy.trimEnd().split('\n'))].join('\n');
    const expected = file.replace('    return;\n}\n', '    return;\n}\n\nsub file_append {\n    my ($file, $data) = @_;\n    return;\n}\n');
    assert.equal(applied(applyEditAnswer(file, { startLine: 5, endLine: 8 }, answer)), expected);
  });
});
