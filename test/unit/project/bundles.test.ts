// What each of the extension's bundles holds (scripts/bundles.mjs), from esbuild's metafile of a production
// build made here in memory: activation must not load what only a later first use needs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { bundleOptions, LAZY_BUNDLES, WORKER_BUNDLES } from '../../../scripts/bundles.mjs';

const root = join(__dirname, '../../..');

/** Kept out of dist/extension.js: each loads with its feature, or on the first request (undici). */
const NOT_ON_ACTIVATION_PATH = [
  /node_modules\/undici\//,
  /node_modules\/(marked|highlight\.js|dompurify)\//,
  /node_modules\/@vscode\/tree-sitter-wasm\//,
  /node_modules\/@modelcontextprotocol\//,
  /^src\/core\/(chat|tools|speech)\//,
  // Only what activate() registers for them before they load: their view id and command lists, and the lazy view.
  /^src\/vscode\/chat\/(?!chatContributions\.ts$|lazyChatView\.ts$)/,
  /^src\/vscode\/speech\/(?!speechContributions\.ts$)/,
  /^src\/vscode\/spend\/(spendPanel|registerSpendView)\.ts$/,
  /^src\/webview\//,
  /^src\/(core|vscode)\/mcp\//,
  // The completion engine, its context and its syntax judge: only the provider's registration (and the
  // documents it is for), the status and the settings.
  /^src\/core\/completion\/(?!completionStatus\.ts$|completionStatusLine\.ts$|rateLimitCooldown\.ts$)/,
  /^src\/vscode\/completion\/(?!inlineCompletions\.ts$|completionSelector\.ts$|completionCommands\.ts$|completionSettings\.ts$)/,
];

/** The activation bundle's budget (issue target: under 300 KB minified). */
const ACTIVATION_BUNDLE_LIMIT = 300_000;

describe('the extension bundles', function () {
  this.timeout(120_000);
  let outputs: esbuild.Metafile['outputs'];
  /** Each bundle's code, by its path in dist/. */
  let code: Map<string, string>;

  before(async () => {
    const { extension, lazy } = bundleOptions({ root, production: true, watch: false });
    const results = await Promise.all(
      [extension, ...lazy].map((options) => esbuild.build({ ...(options as esbuild.BuildOptions), write: false, logLevel: 'silent' })),
    );
    outputs = Object.assign({}, ...results.map((result) => result.metafile!.outputs));
    code = new Map(
      results.flatMap((result) => result.outputFiles!.map((file) => [`dist/${file.path.split(/[\\/]/).pop()}`, file.text] as const)),
    );
  });

  const inputs = (bundle: string) => Object.keys(outputs[bundle].inputs).map((path) => path.replace(/^.*?(?=node_modules\/)/, ''));

  it('keeps undici, markdown, tree-sitter, MCP, the completion engine, chat, speech and the Spend panel out of the activation bundle, which stays under 300 KB', () => {
    const offending = inputs('dist/extension.js').filter((path) => NOT_ON_ACTIVATION_PATH.some((pattern) => pattern.test(path)));
    assert.deepEqual(offending, []);
    const bytes = outputs['dist/extension.js'].bytes;
    assert.ok(bytes < ACTIVATION_BUNDLE_LIMIT, `dist/extension.js is ${bytes} bytes`);
  });

  it("copies VS Code's API onto a namespace object once per bundle, not once per module that imports it", () => {
    // Each copy defines ~300 getters: one per module cost 8-15 ms of activation.
    const bundles = [...code.keys()].filter((bundle) => bundle.endsWith('.js'));
    assert.ok(
      bundles.includes('dist/extension.js') && bundles.length === 1 + Object.keys(LAZY_BUNDLES).length + Object.keys(WORKER_BUNDLES).length,
      bundles.join(),
    );
    for (const bundle of bundles) {
      const requires = code.get(bundle)!.match(/require\("vscode"\)/g) ?? [];
      assert.ok(requires.length <= 1, `${bundle} requires vscode ${requires.length} times`);
    }
    assert.equal(code.get('dist/extension.js')!.match(/require\("vscode"\)/g)?.length, 1);
  });

  it('requires each lazy bundle only from inside a function, never at the top of the bundle that reaches it', () => {
    const lazyFiles = Object.values(LAZY_BUNDLES).map((name) => `./${name}.js`);
    // Activation reaches most of them; a feature's own bundle may reach a further one (the chat, the MCP runtime).
    const imports = Object.values(outputs).flatMap((output) => output.imports.filter((entry) => lazyFiles.includes(entry.path)));
    assert.deepEqual(new Set(imports.map((entry) => entry.path)), new Set(lazyFiles));
    // `import-statement` is a static import, which the CommonJS output turns into a top-level require.
    assert.deepEqual(
      imports.filter((entry) => entry.kind !== 'require-call'),
      [],
    );
  });

  it('puts each lazy entry in its own bundle only: no bundle carries another one', () => {
    for (const [entry, name] of Object.entries(LAZY_BUNDLES)) {
      const holders = Object.keys(outputs).filter((bundle) => bundle.endsWith('.js') && inputs(bundle).includes(entry));
      assert.deepEqual(holders, [`dist/${name}.js`], entry);
    }
    assert.ok(!inputs('dist/chat.js').some((path) => path.startsWith('node_modules/undici/')), 'chat.js carries no undici');
  });

  it('builds the MCP runtime without ajv: the client checks tool results with its own small JSON Schema checker', () => {
    const mcp = inputs('dist/mcp.js');
    assert.ok(
      mcp.some((path) => path.startsWith('node_modules/@modelcontextprotocol/sdk/')),
      'the SDK is in dist/mcp.js',
    );
    assert.ok(mcp.includes('src/core/mcp/jsonSchemaCheck.ts'), 'the checker is in dist/mcp.js');
    assert.deepEqual(
      mcp.filter((path) => /node_modules\/(ajv|ajv-formats|fast-uri)\//.test(path)),
      [],
    );
    // Half of its ~450 KB was two copies of ajv; what is left is the SDK, zod and the transports.
    assert.ok(outputs['dist/mcp.js'].bytes < 250_000, `dist/mcp.js is ${outputs['dist/mcp.js'].bytes} bytes`);
  });

  it("parses for the syntax judge in its worker's bundle only, which carries no VS Code API", () => {
    const holders = Object.keys(outputs).filter(
      (bundle) => bundle.endsWith('.js') && inputs(bundle).includes('src/core/completion/treeSitterParsers.ts'),
    );
    assert.deepEqual(holders, ['dist/judgeWorker.js']);
    assert.ok(inputs('dist/completion.js').includes('src/core/completion/judgeWorker.ts'), 'the completion bundle starts the worker');
    assert.equal(code.get('dist/judgeWorker.js')!.match(/require\("vscode"\)/g), null);
  });

  it('ships every lazy and worker bundle in the VSIX (.vscodeignore)', () => {
    const shipped = readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n');
    for (const name of [...Object.values(LAZY_BUNDLES), ...Object.values(WORKER_BUNDLES)])
      assert.ok(shipped.includes(`!dist/${name}.js`), `dist/${name}.js is packaged`);
  });
});
