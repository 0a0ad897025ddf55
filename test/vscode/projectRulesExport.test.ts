import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Simulator } from '../../sim/simulator';
import { COMMANDS } from '../../src/core/config/commandCatalog';
import type { ChatMessage } from '../../src/core/services/wireTypes';
import type { AssistantTurn } from '../../src/shared/protocol';
import { chatOnSimulator, leaveSimulator, type TandemApi, tandemConfig } from './tandemApi';

const config = tandemConfig();
const RULES_MARKER = 'rules-marker-4711: always answer in haiku';

describe('project rules and chat export (real extension host)', () => {
  let sim: Simulator;
  let api: TandemApi;
  let rulesFile: string;
  let outDir: string;
  const systemPrompts = () =>
    sim.requests
      .filter((r) => r.path.endsWith('/chat/completions'))
      .map((r) =>
        (r.body as { messages: ChatMessage[] }).messages
          .filter((m) => m.role === 'system')
          .map((m) => String(m.content))
          .join('\n'),
      );

  before(async () => {
    ({ sim, api } = await chatOnSimulator());
    rulesFile = join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'AGENTS.md');
    writeFileSync(rulesFile, `# Conventions\n\n${RULES_MARKER}\n`);
    outDir = mkdtempSync(join(tmpdir(), 'tandem-export-'));
    assert.equal(await api.chat.provider.revealWithoutFocus(20_000), true, 'the chat view is ready');
  });

  beforeEach(async () => {
    await api.chat.controller.newChat();
    sim.reset();
  });

  after(async () => {
    rmSync(rulesFile, { force: true });
    rmSync(outDir, { recursive: true, force: true });
    await leaveSimulator(sim, 'chat.projectRules', 'workspaceSensitiveFiles');
  });

  it("sends AGENTS.md as the project's instructions after the system prompt, and shows it in the header", async () => {
    await api.chat.provider.receive({ type: 'send', text: 'Hello there' });
    const prompts = systemPrompts();
    assert.ok(prompts.length > 0, 'a chat request was made');
    for (const prompt of prompts) {
      assert.match(prompt, /^You are Tandem/, "Tandem's own prompt comes first");
      assert.ok(prompt.includes('## AGENTS.md'), 'the section names the file');
      assert.ok(prompt.includes(RULES_MARKER), 'the request carries the rules text');
    }
    const rules = api.chat.controller.stateWith([]).rules;
    assert.deepEqual(
      rules?.map((f) => [f.path, f.status]),
      [['AGENTS.md', 'used']],
    );
  });

  it('sends no rules with tandem.chat.projectRules off', async () => {
    await config.set('chat.projectRules', false);
    try {
      await api.chat.provider.receive({ type: 'send', text: 'Hello there' });
    } finally {
      await config.reset('chat.projectRules');
    }
    const prompts = systemPrompts();
    assert.ok(prompts.length > 0, 'a chat request was made');
    assert.ok(!prompts.some((p) => p.includes(RULES_MARKER)), 'no request carried the rules');
  });

  it('leaves out a rules file that matches the sensitive-path policy and says so in the header', async () => {
    await config.set('workspaceSensitiveFiles', ['AGENTS.md']);
    try {
      await api.chat.provider.receive({ type: 'send', text: 'Hello there' });
      assert.deepEqual(
        api.chat.controller.stateWith([]).rules?.map((f) => [f.path, f.status]),
        [['AGENTS.md', 'sensitive']],
      );
    } finally {
      await config.reset('workspaceSensitiveFiles');
    }
    const prompts = systemPrompts();
    assert.ok(prompts.length > 0, 'a chat request was made');
    assert.ok(!prompts.some((p) => p.includes(RULES_MARKER)), 'no request carried the sensitive file');
  });

  it('does not follow an AGENTS.md that links out of the workspace', async () => {
    const outsideFile = join(outDir, 'outside-rules.md');
    writeFileSync(outsideFile, 'outside-marker-4711\n');
    rmSync(rulesFile);
    symlinkSync(outsideFile, rulesFile);
    try {
      await api.chat.provider.receive({ type: 'send', text: 'Hello there' });
      assert.deepEqual(
        api.chat.controller.stateWith([]).rules?.map((f) => [f.path, f.status]),
        [['AGENTS.md', 'unreadable']],
      );
    } finally {
      rmSync(rulesFile);
      writeFileSync(rulesFile, `# Conventions\n\n${RULES_MARKER}\n`);
    }
    const prompts = systemPrompts();
    assert.ok(prompts.length > 0, 'a chat request was made');
    assert.ok(!prompts.some((p) => p.includes('outside-marker-4711')), 'no request carried the outside file');
  });

  it('Export Chat as Markdown writes the answer, the folded reasoning and a tool summary', async () => {
    await api.chat.provider.receive({ type: 'send', text: 'Please read the file "src/greet.ts" and summarise it.' });
    const answer = api.chat.controller.chat.turns.at(-1) as AssistantTurn;
    assert.equal(answer.status, 'done');
    assert.ok(answer.reasoning.length > 0 && answer.content.length > 0, 'the simulator reasoned and answered');
    const target = vscode.Uri.file(join(outDir, 'chat.md'));
    const written = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMANDS.exportChat, target);
    assert.equal(written?.fsPath, target.fsPath);
    const markdown = readFileSync(target.fsPath, 'utf8');
    assert.match(markdown, /^# Please read the file/);
    assert.ok(markdown.includes('## User\n\nPlease read the file "src/greet.ts" and summarise it.'));
    assert.match(markdown, /<details><summary>Reasoning<\/summary>\n\n[^]+\n\n<\/details>/);
    assert.ok(markdown.includes('- Tool `read_file` `src/greet.ts`: done'), 'the tool call as a one-line summary');
    const firstLine = answer.content.split('\n')[0];
    assert.ok(markdown.includes(firstLine), 'the answer text');
  });
});
