import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '..', '..', '..');

/** Lints `code` as if it were the file at `file` (repository-relative) with the repository's config. */
async function importErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.mjs') });
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages
    .filter((m) => m.ruleId === 'local/layer-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports' || m.fatal)
    .map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

/** Each snippet uses what it imports, so only the layer rules can complain. */
const use = (names: string[]) => `\nexport const used = [${names.join(', ')}];\n`;

describe('layer rules in lint', function () {
  // Loading the config and the TypeScript parser takes a moment on a busy machine.
  this.timeout(60_000);

  it('core/ imports no vscode/ or webview/ file, at any depth, type-only included', async () => {
    const denied: Array<[string, string]> = [
      ['src/core/fake.ts', `import { ChatViewProvider } from '../vscode/chat/chatViewProvider';${use(['ChatViewProvider'])}`],
      ['src/core/chat/fake.ts', `import { renderMarkdown } from '../../webview/markdown';${use(['renderMarkdown'])}`],
      [
        'src/core/chat/fake.ts',
        `import type { ChatViewProvider } from '../../vscode/chat/chatViewProvider';\nexport type Used = ChatViewProvider;\n`,
      ],
      ['src/core/fake.ts', `export { registerSpeech } from '../vscode/speech/registerSpeech';\n`],
      ['src/core/fake.ts', `export type Provider = import('../vscode/chat/chatViewProvider').ChatViewProvider;\n`],
      ['src/core/fake.ts', `export const load = () => import('../webview/markdown');\n`],
    ];
    for (const [file, code] of denied) {
      const errors = await importErrors(file, code);
      assert.equal(errors.length, 1, `${file}: ${code}\n${errors.join('\n')}`);
      assert.match(errors[0], /^local\/layer-imports: .*core\/ imports no vscode\/ or webview\/ file/);
    }
    assert.deepEqual(
      await importErrors(
        'src/core/chat/fake.ts',
        `import { catalog } from '../catalog';\nimport type { ChatOptions } from '../../shared/protocol';\nexport type T = ChatOptions;${use(['catalog'])}`,
      ),
      [],
    );
    // The existing rule still holds: `vscode` only as a type.
    assert.equal((await importErrors('src/core/fake.ts', `import * as vscode from 'vscode';${use(['vscode'])}`)).length, 1);
  });

  it('the webview imports only webview/, shared/ and the listed core modules, and says which', async () => {
    const errors = await importErrors(
      'src/webview/fake.ts',
      `import { ChatSession } from '../core/chat/chatSession';${use(['ChatSession'])}`,
    );
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(
      errors[0],
      /may import only src\/webview\/, src\/shared\/ and these core modules: src\/core\/speech\/pcmDecoder, src\/core\/speech\/timeFormat, src\/core\/chat\/contextMeter\./,
    );
    assert.equal((await importErrors('src/webview/fake.ts', `import { x } from '../vscode/ui/webviewHtml';${use(['x'])}`)).length, 1);
    assert.equal((await importErrors('src/webview/fake.ts', `import { x } from '../../sim/simulator';${use(['x'])}`)).length, 1);
    const allowed = [
      `import { formatClock } from '../core/speech/timeFormat';`,
      `import { pcm16ToFloat32 } from '../core/speech/pcmDecoder';`,
      `import { safeUrl } from '../shared/safeUrl';`,
      `import { el } from './dom';`,
      `import { Marked } from 'marked';`,
    ];
    assert.deepEqual(
      await importErrors(
        'src/webview/fake.ts',
        `${allowed.join('\n')}${use(['formatClock', 'pcm16ToFloat32', 'safeUrl', 'el', 'Marked'])}`,
      ),
      [],
    );
  });

  it('shared/ is a leaf: other shared files and npm packages only', async () => {
    for (const source of ['../core/services/modelCatalog', '../vscode/config/settings', '../webview/markdown', '../../sim/simulator']) {
      const errors = await importErrors('src/shared/fake.ts', `import { x } from '${source}';${use(['x'])}`);
      assert.equal(errors.length, 1, `${source}: ${errors.join('\n')}`);
      assert.match(errors[0], /shared\/ is a leaf/);
    }
    assert.equal((await importErrors('src/shared/fake.ts', `import type { Uri } from 'vscode';\nexport type T = Uri;\n`)).length, 1);
    assert.deepEqual(
      await importErrors(
        'src/shared/fake.ts',
        `import { safeUrl } from './safeUrl';\nimport { Marked } from 'marked';${use(['safeUrl', 'Marked'])}`,
      ),
      [],
    );
  });

  it('sim/ imports nothing from src/vscode/ or src/webview/', async () => {
    for (const [file, source] of [
      ['sim/fake.ts', '../src/vscode/chat/chatViewProvider'],
      ['sim/fake.ts', '../src/webview/markdown'],
      ['sim/deeper/fake.ts', '../../src/vscode/settings'],
    ]) {
      const errors = await importErrors(file, `import { x } from '${source}';${use(['x'])}`);
      assert.equal(errors.length, 1, `${file} ${source}: ${errors.join('\n')}`);
      assert.match(errors[0], /sim\/ imports nothing from src\/vscode\/ or src\/webview\//);
    }
    assert.deepEqual(
      await importErrors(
        'sim/fake.ts',
        `import type { Annotation } from '../src/core/services/wireTypes';\nimport { badRequest } from './errors';\nexport type T = Annotation;${use(['badRequest'])}`,
      ),
      [],
    );
  });

  it('sim/ runs nothing of src/: a runtime import fails, `import type` passes', async () => {
    const runtime: Array<[string, string]> = [
      ['sim/fake.ts', `import { TOOL_DEFINITIONS } from '../src/core/tools/toolDefinitions';${use(['TOOL_DEFINITIONS'])}`],
      ['sim/deeper/fake.ts', `import { safeUrl } from '../../src/shared/safeUrl';${use(['safeUrl'])}`],
      // An inline `type` specifier can still load the module; only a whole `import type` is sure to be erased.
      ['sim/fake.ts', `import { type Annotation } from '../src/core/services/wireTypes';\nexport type T = Annotation;\n`],
      ['sim/fake.ts', `import '../src/core/services/wireTypes';\n`],
      ['sim/fake.ts', `export { parseSse } from '../src/core/transport/sse';\n`],
      ['sim/fake.ts', `export * from '../src/core/transport/sse';\n`],
      ['sim/fake.ts', `export const load = () => import('../src/core/transport/sse');\n`],
    ];
    for (const [file, code] of runtime) {
      const errors = await importErrors(file, code);
      assert.equal(errors.length, 1, `${file}: ${code}\n${errors.join('\n')}`);
      assert.match(errors[0], /^local\/layer-imports: .*may import only as types .*sim\/ runs none of src\//);
    }
    const typesOnly = [
      `import type { Annotation } from '../src/core/services/wireTypes';\nexport type A = Annotation;\n`,
      `export type { Annotation } from '../src/core/services/wireTypes';\n`,
      `export type B = import('../src/core/tools/toolDefinitions').ToolName;\n`,
    ];
    for (const code of typesOnly) assert.deepEqual(await importErrors('sim/fake.ts', code), [], code);
  });
});
