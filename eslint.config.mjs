import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerImports } from './eslint-rules/layerImports.mjs';

/**
 * The core modules the webview bundle may use: pure code with no Node or vscode dependency. Adding one
 * is a decision (it ships to the browser), so it is made here, in review, not by a new import.
 */
const WEBVIEW_CORE_MODULES = ['src/core/speech/pcmDecoder', 'src/core/speech/timeFormat', 'src/core/chat/contextMeter'];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.cache/**', '.vscode-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.ts', 'sim/**/*.ts', 'test/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }] },
  },
  {
    // Layer rules: what each folder may import, checked by resolved path (eslint-rules/layerImports.mjs).
    plugins: { local: { rules: { 'layer-imports': layerImports } } },
  },
  {
    // core/ is pure TypeScript: it must never load `vscode` at runtime, nor reach into the glue or the browser code.
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'core/ must not import vscode at runtime; pass dependencies in.', allowTypeImports: true }],
        },
      ],
      'local/layer-imports': [
        'error',
        {
          deny: ['src/vscode/', 'src/webview/'],
          message: 'core/ imports no vscode/ or webview/ file: define an interface in core/ and implement it in vscode/.',
        },
      ],
    },
  },
  {
    // shared/ (the protocol and its helpers) is compiled into both bundles, so it is a leaf.
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'shared/ is also bundled into the webview, which has no vscode module.' }],
        },
      ],
      'local/layer-imports': [
        'error',
        {
          allow: ['src/shared/'],
          message: 'shared/ is a leaf: it imports only other shared/ files and npm packages.',
        },
      ],
    },
  },
  {
    // The simulator stands for the services, not Tandem: it may borrow src/ types (the wire types it
    // answers with) but runs none of Tandem's code, so a bug in a client cannot hide in the sim too.
    files: ['sim/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'sim/ runs in plain Node, without vscode.', allowTypeImports: true }],
        },
      ],
      'local/layer-imports': [
        'error',
        {
          deny: ['src/vscode/', 'src/webview/'],
          message: 'sim/ imports nothing from src/vscode/ or src/webview/.',
          typesOnly: ['src/'],
          typesOnlyMessage:
            'sim/ runs none of src/ (it plays the services, not Tandem): `import type` only; give the sim its own copy of any code it needs.',
        },
      ],
    },
  },
  {
    files: ['src/webview/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The webview talks to the host only through the protocol.' }],
        },
      ],
      'local/layer-imports': [
        'error',
        {
          allow: ['src/webview/', 'src/shared/', ...WEBVIEW_CORE_MODULES],
          message: `The webview may import only src/webview/, src/shared/ and these core modules: ${WEBVIEW_CORE_MODULES.join(', ')}.`,
        },
      ],
    },
  },
);
