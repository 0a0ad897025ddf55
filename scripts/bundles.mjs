// What esbuild.mjs builds, kept apart from the build itself so that test/unit/project/bundles.test.ts
// can build the same bundles in memory and check what each holds.
import { resolve } from 'node:path';

/**
 * Code that activation does not need, each in its own CommonJS bundle in dist/ and required the first time
 * a user reaches it (src/core/lifecycle/lazyModule.ts says how). An import of one of these entries from any
 * other bundle becomes `require('./<name>.js')`, so its code is in one bundle only.
 *
 * To make a feature lazy: give it one entry file that builds it from what activate() passes in, add that
 * file here, reach it only through `lazyModule(() => require('<entry>'))` called from a command, a view's
 * resolve or another first use, and add its heavy modules to the activation bundle's forbidden list in the test.
 */
export const LAZY_BUNDLES = {
  'src/vscode/chat/registerChat.ts': 'chat',
  'src/vscode/speech/registerSpeech.ts': 'speech',
  'src/vscode/spend/registerSpendView.ts': 'spendView',
  'src/core/transport/undici.ts': 'undici',
  'src/vscode/edit/inlineEditController.ts': 'inlineEdit',
  'src/vscode/edit/commitMessage.ts': 'commitMessage',
  'src/vscode/mcp/mcpRuntime.ts': 'mcp',
  'src/vscode/completion/completionRuntime.ts': 'completion',
};

/** Worker threads' entries, each started by its bundle's path (the syntax judge: src/core/completion/judgeWorker.ts). */
export const WORKER_BUNDLES = {
  'src/core/completion/judgeWorkerMain.ts': 'judgeWorker',
};

/** Turns an import of a lazy entry, from any other bundle, into a require of that entry's own bundle. */
function lazyBundles(root) {
  const entries = new Map(Object.entries(LAZY_BUNDLES).map(([entry, name]) => [resolve(root, entry), name]));
  return {
    name: 'lazy-bundles',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = resolve(args.resolveDir, args.path);
        const name = entries.get(target) ?? entries.get(`${target}.ts`);
        return name ? { path: `./${name}.js`, external: true } : undefined;
      });
    },
  };
}

// undici carries its HTTP parser twice, as WebAssembly with and without SIMD (72 KB each). The plain
// one is only for CPUs or Node builds without wasm SIMD (old Node on ppc64, or UNDICI_NO_WASM_SIMD=1),
// and VS Code runs on neither, so that require throws a clear error instead of shipping it.
const simdParserOnly = {
  name: 'undici-simd-parser-only',
  setup(build) {
    build.onResolve({ filter: /[\\/]llhttp[\\/]llhttp-wasm\.js$/ }, () => ({ path: 'llhttp-wasm', namespace: 'no-plain-llhttp' }));
    build.onLoad({ filter: /.*/, namespace: 'no-plain-llhttp' }, () => ({
      contents:
        "throw new Error('Tandem ships only the SIMD build of the HTTP parser (undici llhttp); this CPU or UNDICI_NO_WASM_SIMD=1 needs the other.');",
      loader: 'js',
    }));
  },
};

// The MCP SDK's client validates tool results with ajv and ajv-formats unless given a validator (~230 KB
// minified, two copies of ajv). mcpConnection.ts gives it src/core/mcp/jsonSchemaCheck.ts, so the
// default is never built; this keeps ajv out of dist/mcp.js, and its constructor says why if reached.
const noAjvValidator = {
  name: 'mcp-no-ajv-validator',
  setup(build) {
    build.onResolve({ filter: /[\\/]validation[\\/]ajv-provider\.js$/ }, (args) =>
      /[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(args.importer) ? { path: 'ajv-provider', namespace: 'no-ajv' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-ajv' }, () => ({
      contents:
        "export class AjvJsonSchemaValidator { constructor() { throw new Error('Tandem bundles no ajv: pass the MCP client a jsonSchemaValidator (src/core/mcp/jsonSchemaCheck.ts).'); } }",
      loader: 'js',
    }));
  },
};

// `import * as vscode from 'vscode'` in each of a bundle's modules becomes its own __toESM(require('vscode')), which
// copies the ~300 names of VS Code's API onto a new object: 28 copies took 8-15 ms of activation. Every module
// imports this one ES module instead, which copies them once.
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-namespace' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-namespace' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-namespace' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/** The esbuild options of every bundle: the extension's (activation, then the lazy ones) and the webviews'. */
export function bundleOptions({ root, production, watch }) {
  const common = { absWorkingDir: root, bundle: true, minify: production, sourcemap: !production, logLevel: 'info', legalComments: 'none' };
  const node = { ...common, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], metafile: !watch };
  return {
    // The activation path: what VS Code loads before activate() returns.
    extension: {
      ...node,
      entryPoints: ['src/extension.ts'],
      outfile: 'dist/extension.js',
      plugins: [lazyBundles(root), oneVscodeNamespace],
      // Mark the bundle's top-level code, so activation time includes module evaluation (bench/activation).
      banner: { js: 'globalThis.__tandemLoadStart = performance.now();' },
      footer: { js: 'globalThis.__tandemLoadEnd = performance.now();' },
    },
    lazy: [
      ...Object.entries(LAZY_BUNDLES).map(([entry, name]) => ({
        ...node,
        entryPoints: [entry],
        outfile: `dist/${name}.js`,
        plugins: [lazyBundles(root), oneVscodeNamespace, simdParserOnly, noAjvValidator],
      })),
      ...Object.entries(WORKER_BUNDLES).map(([entry, name]) => ({ ...node, entryPoints: [entry], outfile: `dist/${name}.js` })),
    ],
    webviews: [
      {
        ...common,
        entryPoints: ['src/webview/main.ts'],
        outfile: 'dist/webview.js',
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
      },
      // The Spend panel's own small bundle (uPlot and its CSS): the chat view never loads it. Its CSS goes to dist/spend.css.
      {
        ...common,
        entryPoints: ['src/webview/spend/main.ts'],
        outfile: 'dist/spend.js',
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
      },
    ],
  };
}
