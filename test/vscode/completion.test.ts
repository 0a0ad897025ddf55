import * as assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../sim/simulator';
import type { InlineCompletions } from '../../src/vscode/completion/inlineCompletions';
import type { SecretKeys } from '../../src/vscode/keys/secretStorageKeys';
import { until, untilNudged } from '../until';
import { closeAndDelete, tandemConfig } from './tandemApi';

interface TandemApi {
  secretKeys: SecretKeys;
  completions: InlineCompletions;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens `content` (cursor at `|`) in an editor. */
async function openAt(content: string, language: string): Promise<vscode.TextEditor> {
  const offset = content.indexOf('|');
  const doc = await vscode.workspace.openTextDocument({ language, content: content.replace('|', '') });
  const editor = await vscode.window.showTextDocument(doc);
  const position = doc.positionAt(offset);
  editor.selection = new vscode.Selection(position, position);
  return editor;
}

/** Triggers ghost text and commits it once the simulator has answered; returns the document text. */
async function triggerAndCommit(editor: vscode.TextEditor, sim: Simulator, requestsBefore: number): Promise<string> {
  const before = editor.document.getText();
  // However many tries a busy machine needs: a deadline, not a count of short sleeps.
  await untilNudged(
    async () => {
      await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
      if (sim.requests.length > requestsBefore) await until(() => sim.requests.at(-1)!.status > 0, 'the answer', 10_000);
      await sleep(150);
      await vscode.commands.executeCommand('editor.action.inlineSuggest.commit');
    },
    () => editor.document.getText() !== before,
    () =>
      `a suggestion committed into ${JSON.stringify(before)}; requests: ${JSON.stringify(
        sim.requests.map((r) => [r.path, r.status, r.headers.authorization]),
      )}`,
    30_000,
    0,
  );
  return editor.document.getText();
}

/** FIM models' control tokens, which every request names as stop sequences (15 stops in all, of the contract's 16). */
const CONTROL_TOKENS = [
  '<|endoftext|>',
  '<|fim_prefix|>',
  '<|fim_suffix|>',
  '<|fim_middle|>',
  '<|fim_pad|>',
  '<|file_sep|>',
  '<|im_end|>',
  '<｜end▁of▁sentence｜>',
  '<｜fim▁hole｜>',
  '</s>',
  '<EOT>',
  '<file_sep>',
  '<fim_suffix>',
  '<MID>',
];

describe('inline completions in a real extension host', () => {
  let sim: Simulator;
  let api: TandemApi;
  const config = tandemConfig();
  const fimRequests = () => sim.requests.filter((r) => r.path === '/beta/completions');

  before(async () => {
    sim = await startSimulator({ keyB: process.env.TANDEM_SERVICE_B_API_KEY });
    api = (await vscode.extensions.getExtension('tandem.tandem')!.activate()) as TandemApi;
    await api.secretKeys.delete('B'); // the environment key from the runner is the one the simulator expects
    await config.set('serviceB.baseUrl', sim.urlB);
    await config.set('completion.debounceMs', 0);
  });

  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // An accepted suggestion prefetches the next one: let it land before counting afresh.
    await until(() => api.completions.engine.inFlight === 0, 'requests in flight (a prefetch) to land', 10_000);
    sim.reset();
  });

  after(async () => {
    await config.reset(
      'serviceB.baseUrl',
      'completion.debounceMs',
      'completion.mode',
      'completion.model',
      'completion.maxTokens',
      'completion.enabled',
      'completion.disabledLanguages',
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sim.close();
  });

  const ts =
    'const total = items.reduce((sum, item) => sum + item.price, 0);\nconst again = items.reduce((sum, item) => sum + |\nconsole.log(total);\n';

  it('shows ghost text from the exact FIM request and commits it into the document', async () => {
    const figures = api.completions.status.figures;
    const editor = await openAt(ts, 'typescript');
    const text = await triggerAndCommit(editor, sim, 0);
    assert.equal(text, ts.replace('|', 'item.price, 0);'));
    // The status bar tooltip's figures: one more suggestion shown and accepted, with its timing.
    const now = api.completions.status.figures;
    assert.equal(now.accepted, figures.accepted + 1);
    assert.equal(now.shown, figures.shown + 1, 'asked again at the same place: still one suggestion');
    assert.ok(now.p50Ms !== undefined && now.p50Ms >= 0);
    const fim = fimRequests();
    assert.ok(fim.length >= 1);
    const [prompt, suffix] = ts.split('|');
    assert.deepEqual(fim[0].body, { model: 'beta-v4-pro', prompt, suffix, max_tokens: 64, stop: ['\n', ...CONTROL_TOKENS], stream: true });
    assert.equal(fim[0].headers.authorization, `Bearer ${process.env.TANDEM_SERVICE_B_API_KEY}`);
    for (const field of ['thinking', 'reasoning_effort', 'reasoning']) assert.ok(!(field in (fim[0].body as object)), `no ${field} field`);
  });

  it('asks for a block on an empty line with the chosen model and token limit', async () => {
    await config.set('completion.model', 'beta-v4-flash');
    await config.set('completion.maxTokens', 200);
    const py = 'def mean(xs):\n    return sum(xs) / len(xs)\n\n\ndef mean2(xs):\n    |\n';
    const editor = await openAt(py, 'python');
    const text = await triggerAndCommit(editor, sim, 0);
    const [prompt, suffix] = py.split('|');
    assert.deepEqual(fimRequests()[0].body, {
      model: 'beta-v4-flash',
      prompt,
      suffix,
      max_tokens: 200,
      // No ``` stop: a fenced answer is cleaned, not cut to nothing.
      stop: ['\n\n\n', ...CONTROL_TOKENS],
      stream: true,
    });
    // The simulator stubs a function it has not seen: a two-line body, committed whole.
    assert.equal(text, py.replace('|', '"""TODO: implement mean2."""\n    raise NotImplementedError("mean2")'));
  });

  it('typing through the ghost text sends no new request and still commits the rest', async () => {
    await config.reset('completion.model');
    const typedTs = ts.replace(/again/g, 'twice'); // not in the cache
    const editor = await openAt(typedTs, 'typescript');
    await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
    await until(() => fimRequests().length === 1 && fimRequests()[0].status === 200, 'the first answer', 10_000);
    await sleep(150);
    const requests = sim.requests.length;
    for (const ch of 'item.') {
      await vscode.commands.executeCommand('type', { text: ch });
      await sleep(60);
    }
    const text = await triggerAndCommit(editor, sim, requests);
    assert.equal(text, typedTs.replace('|', 'item.price, 0);'));
    assert.equal(sim.requests.length, requests, 'no request while typing through');
    assert.ok(api.completions.engine.stats.typedThroughHits > 0);
  });

  const invoke: vscode.InlineCompletionContext = {
    triggerKind: vscode.InlineCompletionTriggerKind.Invoke,
    selectedCompletionInfo: undefined,
  };

  /**
   * Asks Tandem's provider at the editor's cursor, as VS Code's trigger does, and resolves once it has
   * answered: by then any request it would make has gone out (or it joined the one VS Code's own call
   * made, and waited for it), so "nothing was sent" can be checked at once, not after a wait.
   */
  const askProvider = (editor: vscode.TextEditor) =>
    api.completions.provider.provideInlineCompletionItems(
      editor.document,
      editor.selection.active,
      invoke,
      new vscode.CancellationTokenSource().token,
    );

  it('never sends an excluded file (.env) or a disabled language', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-exclude-'));
    const envFile = join(dir, '.env.local');
    writeFileSync(envFile, 'API_TOKEN=sk-secret\nOTHER=');
    const doc = await vscode.workspace.openTextDocument(envFile);
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(doc.positionAt(doc.getText().length), doc.positionAt(doc.getText().length));
    await config.set('completion.disabledLanguages', ['markdown']);
    const md = await openAt('# Notes\n\nTandem is |', 'markdown');
    for (const e of [editor, md]) {
      await vscode.window.showTextDocument(e.document);
      await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
      assert.equal(await askProvider(e), undefined, `no suggestion in ${e.document.fileName}`);
    }
    assert.equal(fimRequests().length, 0);
    // The positive signal that an ordinary file does ask, through VS Code's trigger as above.
    await config.reset('completion.disabledLanguages');
    await openAt(ts.replace(/again/g, 'control'), 'typescript');
    await untilNudged(
      () => vscode.commands.executeCommand('editor.action.inlineSuggest.trigger'),
      () => fimRequests().length > 0,
      'the request for an ordinary file',
      30_000,
    );
    for (const r of fimRequests()) {
      const body = JSON.stringify(r.body);
      assert.ok(body.includes('control') && !body.includes('API_TOKEN') && !body.includes('Tandem is'), body);
    }
  });

  it('shows an error state for a rejected key and recovers when the key works again', async () => {
    const fresh = ts.replace(/total/g, 'sum'); // not in the cache
    const editor = await openAt(fresh, 'typescript');
    await api.secretKeys.store('B', 'wrong-key');
    await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
    const status = api.completions.status;
    await until(() => status.snapshot.state === 'error', 'the error state', 10_000);
    assert.match(status.snapshot.detail ?? '', /Service B/);
    assert.equal(sim.requests.at(-1)!.status, 401);
    await api.secretKeys.delete('B');
    // The user goes on typing (VS Code does not ask again at an unchanged position).
    await vscode.commands.executeCommand('deleteLeft');
    await vscode.commands.executeCommand('type', { text: ' ' });
    const text = await triggerAndCommit(editor, sim, sim.requests.length);
    assert.equal(text, fresh.replace('|', 'item.price, 0);'), JSON.stringify(sim.requests.map((r) => [r.status, r.headers.authorization])));
    assert.equal(status.snapshot.state, 'idle');
  });

  it("loads a grammar from the extension's own folder when an editor in its language becomes active, before any completion, then judges by syntax", async () => {
    const syntax = api.completions.syntax;
    assert.equal(syntax.isLoaded('go'), false, 'not loaded at activation');
    const go = 'package main\n\nfunc add(a int, b int) int {\n\t|\n}\n';
    const editor = await openAt(go, 'go');
    await until(() => syntax.isLoaded('go'), 'the Go grammar', 10_000);
    assert.equal(fimRequests().length, 0, 'loaded before any completion was asked for');
    assert.equal(await triggerAndCommit(editor, sim, 0), go.replace('|', 'return a + b'));
    const judge = syntax.judgeAt('go', 'func add(a int, b int) int {\n\t', '\n}\n');
    assert.equal(await judge.firstFit([['return a + b}'], ['return a + b']]), 1, 'not with a closer the suffix already has');
    judge.dispose();
  });

  it('toggle turns completions off and on, snooze pauses them', async function () {
    this.timeout(60_000);
    const status = api.completions.status;
    await vscode.commands.executeCommand('tandem.completion.toggle');
    await until(() => status.snapshot.state === 'off', 'off', 10_000);
    await vscode.commands.executeCommand('tandem.completion.toggle');
    await until(() => status.snapshot.state === 'idle', 'on again', 10_000);
    await vscode.commands.executeCommand('tandem.completion.snooze', 5);
    assert.equal(status.snapshot.state, 'snoozed');
    const snoozed = await openAt(ts.replace(/again/g, 'snoozed'), 'typescript'); // not in the cache, so awake it must ask
    await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
    assert.equal(await askProvider(snoozed), undefined, 'snoozed: no suggestion');
    assert.equal(fimRequests().length, 0, 'snoozed: nothing sent');
    await vscode.commands.executeCommand('tandem.completion.toggle');
    assert.equal(status.snapshot.state, 'idle', 'toggling ends a snooze');
    // The positive signal: awake, it asks. The user types on (VS Code does not ask again at an unchanged position).
    await vscode.commands.executeCommand('deleteLeft');
    await vscode.commands.executeCommand('type', { text: ' ' });
    await untilNudged(
      () => vscode.commands.executeCommand('editor.action.inlineSuggest.trigger'),
      () => fimRequests().length > 0,
      'a request once awake',
      30_000,
    );
  });

  it('a cancelled completion runs on until the next request is sent, which closes its socket at the service', async () => {
    sim.configure({ ttftMs: 10_000 });
    // Not shown in an editor, so only these calls ask (VS Code's own would join the same request).
    const content = ts.replace(/again/g, 'cancelled');
    const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: content.replace('|', '') });
    const cancel = new vscode.CancellationTokenSource();
    const at = doc.positionAt(content.indexOf('|'));
    const answer = api.completions.provider.provideInlineCompletionItems(doc, at, invoke, cancel.token);
    await until(() => fimRequests().length === 1, 'the request to reach the simulator', 10_000);
    cancel.cancel();
    assert.equal(await answer, undefined, 'no suggestion');
    // Its answer may still serve the next keystrokes; once another question is sent, it is not awaited.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(fimRequests()[0].aborted, false, 'still running after the cancellation');
    const next = new vscode.CancellationTokenSource();
    void api.completions.provider.provideInlineCompletionItems(doc, at.translate(0, -1), invoke, next.token);
    await until(() => fimRequests().length === 2, 'the next request to reach the simulator', 10_000);
    await until(() => sim.abortedCount === 1, 'the simulator to see the first socket close', 5_000);
    assert.equal(fimRequests()[0].aborted, true);
    next.cancel();
  });

  it('manual mode asks only when triggered, and typing asks nothing', async () => {
    await config.set('completion.mode', 'manual');
    const content = ts.replace(/again/g, 'manual');
    const editor = await openAt(content, 'typescript');
    for (const ch of 'item') await vscode.commands.executeCommand('type', { text: ch });
    const doc = editor.document;
    const automatic = await api.completions.provider.provideInlineCompletionItems(
      doc,
      editor.selection.active,
      { ...invoke, triggerKind: vscode.InlineCompletionTriggerKind.Automatic },
      new vscode.CancellationTokenSource().token,
    );
    assert.equal(automatic, undefined, 'no suggestion while typing');
    assert.equal(fimRequests().length, 0, 'nothing sent while typing');
    const prefetches = api.completions.engine.stats.prefetches;
    const text = await triggerAndCommit(editor, sim, 0);
    assert.equal(text, content.replace('|', 'item.price, 0);'));
    await until(() => api.completions.engine.inFlight === 0, 'requests in flight to land', 10_000);
    assert.equal(api.completions.engine.stats.prefetches, prefetches, 'accepting prefetched nothing');
    assert.equal(fimRequests().length, 1, 'the trigger asked, once');
    await config.reset('completion.mode');
  });

  it("puts a second open tab's function at the start of the FIM prompt, under its path, and never a sensitive open tab (.env)", async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri;
    await vscode.window.showTextDocument(vscode.Uri.joinPath(folder, 'src/shapes.ts'), { preview: false });
    const dir = mkdtempSync(join(tmpdir(), 'tandem-context-'));
    writeFileSync(join(dir, '.env'), '# area of a shape: width * height\nSHAPE_AREA_TOKEN=sk-secret-area-shape\n');
    await vscode.window.showTextDocument(vscode.Uri.file(join(dir, '.env')), { preview: false });
    const code =
      'import { area, perimeter, type Shape } from "./shapes";\n\nexport function describe(shape: Shape): string {\n  const size = shape.width * shape.height;\n  return `area ${area(shape)} of ${|\n}\n';
    await openAt(code, 'typescript');
    await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
    // This file's request (an editor shown earlier may still ask for its own).
    const fim = await until(
      () => fimRequests().find((r) => (r.body as { prompt: string }).prompt.endsWith(code.split('|')[0])),
      'a FIM request',
      10_000,
    );
    const prompt = (fim.body as { prompt: string }).prompt;
    assert.match(prompt, /^\/\/ path: src\/shapes\.ts\n/, prompt);
    assert.ok(prompt.includes('// export function area(shape: Shape): number {\n//   return shape.width * shape.height;\n'), prompt);
    assert.ok(prompt.endsWith(code.split('|')[0]), 'the current file follows the context');
    for (const r of fimRequests()) {
      const body = JSON.stringify(r.body);
      assert.ok(!body.includes('sk-secret') && !body.includes('.env'), 'nothing of the sensitive tab');
    }
  });

  it('never puts an open file from outside the workspace, or a link in it to an outside file, in the FIM prompt', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const outside = mkdtempSync(join(tmpdir(), 'tandem-outside-'));
    // Neither name is sensitive: only where the file really lies keeps it out.
    const hosts = join(outside, 'hosts.yml');
    writeFileSync(
      hosts,
      '# area of a shape: width * height, and the perimeter of a shape\ngithub.com:\n  oauth_token: gho_OUTSIDE_TOKEN_4711\n',
    );
    const target = join(outside, 'areaNotes.ts');
    writeFileSync(
      target,
      '// area of a shape: width * height (LINKED_SECRET_4711)\nexport function areaOfShape(shape: Shape): number {\n  return shape.width * shape.height;\n}\n',
    );
    const link = vscode.Uri.joinPath(folder, 'src/linkedAreaNotes.ts');
    symlinkSync(target, link.fsPath);
    try {
      await vscode.window.showTextDocument(vscode.Uri.joinPath(folder, 'src/shapes.ts'), { preview: false });
      await vscode.window.showTextDocument(vscode.Uri.file(hosts), { preview: false });
      await vscode.window.showTextDocument(link, { preview: false });
      const code =
        'import { area, perimeter, type Shape } from "./shapes";\n\nexport function describeArea(shape: Shape): string {\n  const size = shape.width * shape.height;\n  return `area of a shape ${area(shape)} of ${|\n}\n';
      await openAt(code, 'typescript');
      await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
      const fim = await until(() => fimRequests()[0], 'a FIM request', 10_000);
      for (const r of fimRequests()) {
        const body = JSON.stringify(r.body);
        assert.ok(!body.includes('OUTSIDE_TOKEN') && !body.includes('hosts.yml'), `nothing of the outside tab: ${body}`);
        assert.ok(!body.includes('LINKED_SECRET') && !body.includes('linkedAreaNotes'), `nothing of the link out: ${body}`);
      }
      // The positive signal that context was gathered at all: the workspace tab is there.
      assert.match((fim.body as { prompt: string }).prompt, /^\/\/ path: src\/shapes\.ts\n/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      rmSync(link.fsPath, { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('does not complete a link in the workspace to an outside .env, and completes an outside file that is not sensitive', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const outside = mkdtempSync(join(tmpdir(), 'tandem-outside-'));
    const envFile = join(outside, '.env');
    writeFileSync(envFile, 'LINKED_ENV_TOKEN=sk-linked-4711\nOTHER=');
    const notes = join(outside, 'outsideTotals.ts');
    writeFileSync(notes, `// The outside notes say\n${ts.split('|')[0]}`);
    const link = vscode.Uri.joinPath(folder, 'src/settingsLink.txt');
    symlinkSync(envFile, link.fsPath);
    // Called as VS Code calls it, and awaited: once it returns, any request it made has been made.
    const complete = async (uri: vscode.Uri) => {
      const document = await vscode.workspace.openTextDocument(uri);
      const end = document.positionAt(document.getText().length);
      const cancel = new vscode.CancellationTokenSource();
      try {
        return await api.completions.provider.provideInlineCompletionItems(
          document,
          end,
          { triggerKind: vscode.InlineCompletionTriggerKind.Invoke, selectedCompletionInfo: undefined },
          cancel.token,
        );
      } finally {
        cancel.dispose();
      }
    };
    try {
      assert.equal(await complete(link), undefined);
      assert.equal(fimRequests().length, 0, 'the linked .env was not sent');
      assert.ok((await complete(vscode.Uri.file(notes)))?.length, 'the outside file is completed');
      const bodies = fimRequests().map((r) => JSON.stringify(r.body));
      assert.ok(
        bodies.length > 0 && bodies.every((b) => b.includes('The outside notes say') && !b.includes('LINKED_ENV_TOKEN')),
        bodies.join('\n'),
      );
    } finally {
      rmSync(link.fsPath, { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("puts the definition of an imported name in the FIM prompt, from VS Code's definition provider, when its file is not open", async function () {
    this.timeout(150_000); // a cold TypeScript server first loads the project, slowly on a busy machine
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const file = vscode.Uri.joinPath(folder, 'src/fenceCost.ts');
    writeFileSync(
      file.fsPath,
      'import { perimeter } from "./shapes";\n\nexport function fenceCost(width: number, height: number, price: number): number {\n  return ',
    );
    try {
      const doc = await vscode.workspace.openTextDocument(file);
      const definition = '// export function perimeter(shape: Shape): number {\n';
      const withDefinition = () => fimRequests().find((r) => (r.body as { prompt: string }).prompt.includes(definition));
      const asked: string[] = [];
      const readme = vscode.Uri.joinPath(folder, 'README.md');
      const findDefinition = () =>
        vscode.commands.executeCommand<unknown[]>(
          'vscode.executeDefinitionProvider',
          doc.uri,
          doc.positionAt(doc.getText().indexOf('perimeter')),
        );
      // First the TypeScript server has to know the project: until then no time box could hold its answer.
      let located = 0;
      await untilNudged(
        async () => (located = (await findDefinition())?.length ?? 0),
        () => located > 0,
        'the TypeScript server to find perimeter',
        60_000,
        250,
      );
      // However many tries a busy machine needs: a deadline, not a count.
      if (!withDefinition())
        await untilNudged(
          async () => {
            // Until the TypeScript server answers (it may miss the 100 ms box while it starts, or on a busy
            // machine), a newly opened tab makes the context be chosen again: the README tab is opened here
            // and closed at the end of each try. The choice starts as the file's editor becomes active; what
            // the server finds after the box joins the next request in the block: so each try asks twice.
            await findDefinition();
            await vscode.window.showTextDocument(readme, { preview: false });
            const editor = await vscode.window.showTextDocument(doc);
            for (let ask = 0; ask < 2 && !withDefinition(); ask++) {
              // Each request asks with a different file (one more blank line under the import): the same text at
              // the same place is answered from the suggestion cache, with no new request to carry the context.
              if (asked.length > 0) await editor.edit((edit) => edit.insert(new vscode.Position(1, 0), '\n'));
              const end = doc.positionAt(doc.getText().length);
              editor.selection = new vscode.Selection(end, end);
              asked.push(doc.getText());
              await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
              await until(() => withDefinition(), 'a prompt with the definition', 1500).catch(() => undefined);
            }
            const readmeTabs = vscode.window.tabGroups.all
              .flatMap((group) => group.tabs)
              .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === readme.toString());
            await vscode.window.tabGroups.close(readmeTabs);
          },
          withDefinition,
          () =>
            `a prompt with the definition; prompts: ${JSON.stringify(fimRequests().map((r) => (r.body as { prompt: string }).prompt.slice(0, 300)))}`,
          75_000,
          0,
        );
      const prompt = (withDefinition()?.body as { prompt: string } | undefined)?.prompt ?? '';
      assert.match(
        prompt,
        /^\/\/ path: src\/shapes\.ts\n/,
        JSON.stringify(fimRequests().map((r) => (r.body as { prompt: string }).prompt.slice(0, 300))),
      );
      assert.ok(
        prompt.includes(`${definition}//\n//   return 2 * (shape.width + shape.height);\n// }\n`),
        'the whole function, as its document symbol spans it',
      );
      assert.ok(
        asked.some((text) => prompt.endsWith(text)),
        'the current file, as it was when the completion was asked for, follows the context',
      );
    } finally {
      await closeAndDelete(file);
    }
  });

  it('puts the definition of the name being typed in the FIM prompt, from the workspace symbols, when its file is neither open nor imported', async function () {
    this.timeout(150_000); // a cold TypeScript server first loads the project, slowly on a busy machine
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const config = vscode.Uri.joinPath(folder, 'tsconfig.json');
    const defining = vscode.Uri.joinPath(folder, 'src/ledgerMath.ts');
    const file = vscode.Uri.joinPath(folder, 'src/payout.ts');
    // A project, so the symbol search knows files no editor opened.
    writeFileSync(config.fsPath, JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }));
    writeFileSync(
      defining.fsPath,
      'export function ledgerReconcileTotals(entries: number[], opening: number): number {\n  return entries.reduce((sum, e) => sum + e, opening);\n}\n',
    );
    writeFileSync(file.fsPath, 'export function payout(entries: number[]): number {\n  return ledgerRec');
    try {
      const doc = await vscode.workspace.openTextDocument(file);
      const editor = await vscode.window.showTextDocument(doc);
      // First the TypeScript server has to know the project's files.
      let found: vscode.SymbolInformation[] = [];
      await untilNudged(
        async () =>
          (found =
            (await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', 'ledgerRec')) ?? []),
        () => found.some((s) => s.name.startsWith('ledgerReconcileTotals')), // TypeScript names it `ledgerReconcileTotals()`
        () =>
          `the TypeScript server to find ledgerReconcileTotals; found ${JSON.stringify(found.map((s) => [s.name, s.location.uri.path]))}`,
        60_000,
        250,
      );
      const definition =
        '// path: src/ledgerMath.ts\n// export function ledgerReconcileTotals(entries: number[], opening: number): number {\n';
      const withDefinition = () => fimRequests().find((r) => (r.body as { prompt: string }).prompt.includes(definition));
      // The first request goes at once, before the search lands; a later one in the block carries what it found.
      // Each asks with a different file (one more blank line above): the same text at the same place is
      // answered from the suggestion cache, with no request to carry the context.
      await untilNudged(
        async () => {
          await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '\n'));
          const end = doc.positionAt(doc.getText().length);
          editor.selection = new vscode.Selection(end, end);
          await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
          await until(() => withDefinition(), 'a prompt with the definition', 1500).catch(() => undefined);
        },
        withDefinition,
        () =>
          `a prompt with the definition; prompts: ${JSON.stringify(fimRequests().map((r) => (r.body as { prompt: string }).prompt.slice(0, 300)))}`,
        60_000,
        0,
      );
      const prompt = (withDefinition()?.body as { prompt: string }).prompt;
      assert.ok(prompt.includes(`${definition}//   return entries.reduce((sum, e) => sum + e, opening);\n// }\n`), prompt);
      assert.ok(prompt.endsWith('  return ledgerRec'), 'the current file follows the context');
    } finally {
      await closeAndDelete(file, defining, config);
    }
  });
});
