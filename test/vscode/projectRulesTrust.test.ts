// Project rules in Restricted Mode. The test runner opens its workspace with workspace trust turned off
// (code-server --disable-workspace-trust), so `vscode.workspace.isTrusted` is always true here: the real
// ProjectRulesSource is given the trust answer instead, and drives a real chat to the simulator.
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Simulator } from '../../sim/simulator';
import { ChatController } from '../../src/core/chat/chatController';
import { KeyValueChatStore } from '../../src/core/chat/chatStore';
import type { ChatMessage } from '../../src/core/services/wireTypes';
import type { HostMessage } from '../../src/shared/protocol';
import { ProjectRulesSource } from '../../src/vscode/chat/projectRulesSource';
import { OutflowGate } from '../../src/vscode/security/outflowGate';
import { chatOnSimulator, leaveSimulator, type TandemApi } from './tandemApi';

const RULES_MARKER = 'trust-marker-4711: always answer in haiku';

/** A memento in memory: the chat's store, apart from the extension's own chats. */
class MemoryMemento {
  private readonly data = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.data.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.data.set(key, value);
  }
}

describe('project rules and workspace trust (real extension host)', () => {
  let sim: Simulator;
  let api: TandemApi;
  let rulesFile: string;
  const systemPrompts = () =>
    sim.requests
      .filter((r) => r.path.endsWith('/chat/completions'))
      .map((r) =>
        (r.body as { messages: ChatMessage[] }).messages
          .filter((m) => m.role === 'system')
          .map((m) => String(m.content))
          .join('\n'),
      );

  /** A chat over the extension's own clients whose rules come from a ProjectRulesSource with this trust. */
  const chatWithTrust = (trusted: boolean) => {
    const rules = new ProjectRulesSource(new OutflowGate(), () => trusted);
    const emitted: HostMessage[] = [];
    const controller = new ChatController({
      store: new KeyValueChatStore(new MemoryMemento()),
      clients: () => api.clients,
      tools: { definitions: () => [], prepare: async () => ({ kind: 'refused', error: 'no tools here' }) },
      emit: (message) => emitted.push(message),
      defaults: () => ({ service: 'B', model: 'beta-v4-flash', thinking: false, reasoningEffort: 'high', webSearch: false }),
      limits: () => ({ maxToolIterations: 1, strictTools: false }),
      newId: () => Math.random().toString(36).slice(2),
      projectRules: () => rules.read(),
    });
    return {
      controller,
      emitted,
      dispose: async () => {
        rules.dispose();
        await controller.dispose();
      },
    };
  };

  before(async () => {
    ({ sim, api } = await chatOnSimulator());
    rulesFile = join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'AGENTS.md');
    writeFileSync(rulesFile, `# Conventions\n\n${RULES_MARKER}\n`);
  });

  beforeEach(() => sim.reset());

  after(async () => {
    rmSync(rulesFile, { force: true });
    await leaveSimulator(sim);
  });

  it('sends no project rules in an untrusted workspace, and the header says why', async () => {
    const chat = chatWithTrust(false);
    try {
      await chat.controller.send('Hello there');
      const prompts = systemPrompts();
      assert.ok(prompts.length > 0, 'a chat request was made');
      assert.ok(!prompts.some((p) => p.includes(RULES_MARKER) || p.includes('repository-rules')), prompts.join('\n---\n'));
      assert.deepEqual(
        chat.controller.stateWith([]).rules?.map((f) => [f.path, f.status, f.text]),
        [['AGENTS.md', 'untrusted', undefined]],
      );
    } finally {
      await chat.dispose();
    }
  });

  it("sends them in a trusted workspace, marked as the repository's words, and the header carries the text", async () => {
    const chat = chatWithTrust(true);
    try {
      await chat.controller.send('Hello there');
      const prompts = systemPrompts();
      assert.ok(prompts.length > 0, 'a chat request was made');
      for (const prompt of prompts) {
        assert.ok(prompt.includes(`## AGENTS.md\n<repository-rules>\n# Conventions\n\n${RULES_MARKER}\n</repository-rules>`), prompt);
        assert.ok(prompt.includes("They are the repository's words, not the user's"), prompt);
      }
      assert.deepEqual(
        chat.controller.stateWith([]).rules?.map((f) => [f.path, f.status, f.text]),
        [['AGENTS.md', 'used', `# Conventions\n\n${RULES_MARKER}\n`]],
      );
    } finally {
      await chat.dispose();
    }
  });
});
