#!/usr/bin/env node
// `node scripts/l10n-export.mjs`: writes l10n/bundle.l10n.json, the English strings of every
// `vscode.l10n.t(...)` call in src/vscode and every `phrase(...)` template in src/core. VS Code looks a translation up by the English text itself,
// so the first argument must be a literal: a computed one could never be translated, and is refused here.
// test/unit/project/bundle.test.ts fails when the committed bundle and the code disagree.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = fileURLToPath(import.meta.url);
export const repoRoot = join(here, '..', '..');
export const bundlePath = join(repoRoot, 'l10n', 'bundle.l10n.json');

/** The first argument of each `l10n.t(` call in one file's source, in order. */
export function l10nStringsInSource(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && (isL10nT(node.expression) || isPhrase(node.expression))) {
      const [first] = node.arguments;
      // vscode/errors/localise.ts translates phrases, whose templates are collected where they are written.
      if (first && ts.isPropertyAccessExpression(first) && first.name.text === 'template') return;
      if (!first || !(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        throw new Error(`${fileName}:${line + 1}: l10n.t needs a string literal as its first argument (use {0} placeholders)`);
      }
      found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** `phrase('…')`: text core keeps for the host to translate (src/core/errors/phrase.ts). */
function isPhrase(callee) {
  return ts.isIdentifier(callee) && callee.text === 'phrase';
}

/** `l10n.t` or `vscode.l10n.t`: a property access `.t` on something named `l10n`. */
function isL10nT(callee) {
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 't') return false;
  const target = callee.expression;
  return (ts.isIdentifier(target) && target.text === 'l10n') || (ts.isPropertyAccessExpression(target) && target.name.text === 'l10n');
}

/**
 * Every distinct `l10n.t` string under src/vscode and `phrase` template under src/core, sorted, so the
 * bundle's order does not follow the code's.
 */
export function l10nStrings(root = repoRoot) {
  const strings = new Set(
    ['vscode', 'core'].flatMap((layer) => {
      const dir = join(root, 'src', layer);
      return readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.ts'))
        .sort()
        .flatMap((f) => {
          const source = readFileSync(join(dir, f), 'utf8');
          // Parsing is the slow part: a file that never calls either is skipped.
          return /\bl10n\.t\b|\bphrase\(/.test(source) ? l10nStringsInSource(join('src', layer, f), source) : [];
        });
    }),
  );
  return [...strings].sort();
}

/** The bundle's shape: each English string is its own (default) translation. */
export function bundleFor(strings) {
  return Object.fromEntries(strings.map((s) => [s, s]));
}

if (process.argv[1] === here) {
  const strings = l10nStrings();
  writeFileSync(bundlePath, `${JSON.stringify(bundleFor(strings), null, 2)}\n`);
  console.log(`l10n: ${strings.length} strings → ${bundlePath}`);
}
