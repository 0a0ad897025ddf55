// The extension's bundles (Node, CommonJS, `vscode` provided by the host: the activation bundle and the ones
// loaded on first use) and the webviews' (browser IIFE), as scripts/bundles.mjs describes them.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { bundleOptions } from './scripts/bundles.mjs';
import { subsetTtf } from './scripts/subsetFont.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const { extension, lazy, webviews } = bundleOptions({ root: process.cwd(), production, watch });
const builds = [extension, ...lazy, ...webviews];

// The tree-sitter runtime and only the grammars the completion judge uses (src/core/completion/
// treeSitterGrammars.json), loaded at run time from dist/tree-sitter: kept out of the bundle and the VSIX small.
const wasmFrom = 'node_modules/@vscode/tree-sitter-wasm/wasm';
const grammars = new Set(Object.values(JSON.parse(readFileSync('src/core/completion/treeSitterGrammars.json', 'utf8'))));
mkdirSync('dist/tree-sitter', { recursive: true });
copyFileSync(`${wasmFrom}/tree-sitter.js`, 'dist/tree-sitter/tree-sitter.js');
// The runtime's WebAssembly and the grammars go brotli-compressed (treeSitterParsers.ts inflates one when
// it is first needed): brotli packs them ~20-30% tighter than the VSIX's zip, ~205 KB in all. Compressing
// takes seconds, so a file is compressed again only when its source is newer.
for (const name of ['tree-sitter', ...[...grammars].map((grammar) => `tree-sitter-${grammar}`)]) {
  const from = `${wasmFrom}/${name}.wasm`;
  const to = `dist/tree-sitter/${name}.wasm.br`;
  rmSync(`dist/tree-sitter/${name}.wasm`, { force: true }); // a plain copy left by an older build
  if (existsSync(to) && statSync(to).mtimeMs >= statSync(from).mtimeMs) continue;
  const wasm = readFileSync(from);
  const { BROTLI_PARAM_QUALITY, BROTLI_MAX_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_MAX_WINDOW_BITS, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
  writeFileSync(
    to,
    zlib.brotliCompressSync(wasm, {
      params: {
        [BROTLI_PARAM_QUALITY]: BROTLI_MAX_QUALITY,
        [BROTLI_PARAM_LGWIN]: BROTLI_MAX_WINDOW_BITS,
        [BROTLI_PARAM_SIZE_HINT]: wasm.length,
      },
    }),
  );
}
// The runtime ships unminified; minifying it saves ~11 KB of the VSIX, which test/e2e/packageAndStart keeps
// under 1 MB (and where it checks that the packaged judge still works). The runtime evaluates the grammars'
// embedded JavaScript with a direct eval, so esbuild leaves the names of the scopes around it as they are.
if (production) {
  const runtime = 'dist/tree-sitter/tree-sitter.js';
  writeFileSync(runtime, (await esbuild.transform(readFileSync(runtime, 'utf8'), { minify: true, legalComments: 'inline' })).code);
}

// Codicons: VS Code's icon font, and a stylesheet with only the icons the webview draws
// (src/webview/common/codiconNames.ts), so an icon never depends on a font the system may lack.
const codiconsFrom = 'node_modules/@vscode/codicons/dist';
const namesModule = await esbuild.build({
  entryPoints: ['src/webview/common/codiconNames.ts'],
  write: false,
  format: 'esm',
  logLevel: 'silent',
});
const { CODICONS } = await import(`data:text/javascript;base64,${Buffer.from(namesModule.outputFiles[0].text).toString('base64')}`);
const codiconCss = readFileSync(`${codiconsFrom}/codicon.css`, 'utf8');
const glyphRules = CODICONS.map((name) => {
  const rule = new RegExp(`^\\.codicon-${name}:before \\{ content: "\\\\[0-9a-f]+" \\}$`, 'm').exec(codiconCss);
  if (!rule) throw new Error(`@vscode/codicons has no icon named ${name}`);
  return rule[0];
});
// The font itself keeps only those icons' glyphs (~4 KB instead of ~126 KB).
const codePoints = glyphRules.map((rule) => parseInt(/content: "\\([0-9a-f]+)"/.exec(rule)[1], 16));
writeFileSync('dist/codicon.ttf', subsetTtf(readFileSync(`${codiconsFrom}/codicon.ttf`), codePoints));
writeFileSync(
  'dist/codicon.css',
  `/* @vscode/codicons (MIT, Microsoft): the font, and only the icons Tandem's webview uses. */
@font-face {
  font-family: 'codicon';
  font-display: block;
  src: url('./codicon.ttf') format('truetype');
}
.codicon[class*='codicon-'] {
  font: normal normal normal 16px/1 codicon;
  display: inline-block;
  text-decoration: none;
  text-rendering: auto;
  text-align: center;
  -webkit-font-smoothing: antialiased;
  user-select: none;
}
${glyphRules.join('\n')}
`,
);

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  const results = await Promise.all(builds.map((options) => esbuild.build(options)));
  // What the extension's bundles are made of, for bench:activation's sizes and largest-inputs list. It lives in
  // dist/ but is not shipped: .vscodeignore lists only the files the VSIX needs.
  const outputs = Object.assign({}, ...results.slice(0, 1 + lazy.length).map((result) => result.metafile.outputs));
  writeFileSync('dist/extension.meta.json', JSON.stringify({ outputs }));
}
