import assert from 'node:assert/strict';
import type { HostMessage } from '../../../src/shared/protocol';
import { parseHostMessage } from '../../../src/shared/validateHostMessage';

const state: HostMessage = {
  type: 'state',
  chat: {
    id: 'c1',
    title: 'Greeting',
    options: { service: 'A', model: 'alpha-v2.5-pro', thinking: true, reasoningEffort: 'high', webSearch: true },
    turns: [
      {
        id: 'u1',
        role: 'user',
        text: 'hi',
        attachments: [{ id: 'i', kind: 'image', label: 'shot.png', dataUrl: 'data:image/png;base64,AAAA' }],
      },
      {
        id: 'a1',
        role: 'assistant',
        status: 'done',
        reasoning: 'r',
        reasoningMs: 1200,
        content: 'hello',
        toolCalls: [{ id: 't', name: 'read_file', args: '{}', status: 'done', result: 'x', durationMs: 3 }],
        citations: [{ title: 'T', url: 'https://example.com', siteName: 'example' }],
        usage: { promptTokens: 1, completionTokens: 2, reasoningTokens: 0, cacheHitTokens: 0, cost: '0.01 CNY' },
        error: { service: 'A', code: 'x', message: 'm', hint: 'h', action: 'retry' },
      },
    ],
  },
  chats: [{ id: 'c1', title: 'Greeting', updatedAt: 1 }],
  models: [{ service: 'A', id: 'alpha-v2.5-pro', label: 'alpha-v2.5-pro' }],
  attachments: [],
  balance: '1 CNY',
};

const clone = <T>(value: T): T => structuredClone(value);

describe('parseHostMessage', () => {
  it('accepts every message type in its valid form', () => {
    const valid: HostMessage[] = [
      state,
      { type: 'chats', chats: [] },
      { type: 'turn', chatId: 'c1', turn: { id: 'u2', role: 'user', text: 'x', attachments: [] } },
      { type: 'delta', chatId: 'c1', turnId: 'a1', content: 'x' },
      { type: 'delta', chatId: 'c1', turnId: 'a1', reasoning: 'y' },
      { type: 'retrying', chatId: 'c1', turnId: 'a1', seconds: 2, attempt: 1 },
      { type: 'attachments', attachments: [{ id: 's', kind: 'selection', label: 'a.ts:1-2', text: 'x', language: 'typescript' }] },
      { type: 'balance', text: '3 CNY' },
      { type: 'rules', files: [{ path: 'AGENTS.md', bytes: 20480, status: 'cut', note: '(cut at 16 KB)' }] },
      { type: 'attachments', attachments: [{ id: 'f', kind: 'folder', label: 'src/', text: 'a.ts' }] },
      {
        type: 'mentionResults',
        requestId: 2,
        items: [
          { id: 'file:file:///w/src/greet.ts', kind: 'file', label: 'greet.ts', detail: 'src' },
          { id: 'problems', kind: 'problems', label: 'problems' },
        ],
      },
      { type: 'speech/start', id: 'r1', sampleRate: 24000, title: 'notes.md:3', speed: 1 },
      { type: 'speech/audio', id: 'r1', part: 0, data: 'AAECAw==' },
      { type: 'speech/preview', id: 'r1', text: 'Polished.' },
      { type: 'speech/end', id: 'r1' },
      { type: 'speech/stop', id: 'r1' },
      // Follow along:
      { type: 'speech/pause', id: 'r1', paused: true },
      { type: 'speech/pause', id: 'r1', paused: false },
      // Read-aloud speed.
      { type: 'speech/start', id: 'r1', sampleRate: 24000, title: 'x', speed: 0.5 },
      { type: 'speech/speed', speed: 2 },
      { type: 'speech/speed', speed: 1.2 },
    ];
    for (const message of valid) assert.deepEqual(parseHostMessage(clone(message)), message, message.type);
  });

  it('refuses unknown types, wrong field types, unknown fields and bad enums', () => {
    const bad: unknown[] = [
      null,
      'state',
      [],
      { type: 'explode' },
      { type: 'toString' },
      { type: 'delta', chatId: 'c1', turnId: 'a1', content: 5 },
      { type: 'delta', chatId: 'c1', content: 'x' },
      { type: 'delta', chatId: 'c1', turnId: 'a1', content: 'x', html: '<b>' },
      { type: 'retrying', chatId: 'c1', turnId: 'a1', seconds: -1, attempt: 1 },
      { type: 'retrying', chatId: 'c1', turnId: 'a1', seconds: Number.NaN, attempt: 1 },
      { type: 'balance' },
      { type: 'rules', files: [{ path: 'AGENTS.md', bytes: 1, status: 'secret' }] },
      { type: 'rules', files: [{ path: 'AGENTS.md', bytes: -1, status: 'used' }] },
      { type: 'mentionResults', requestId: 1, items: [{ id: 'x', kind: 'url', label: 'x' }] },
      { type: 'mentionResults', requestId: '1', items: [] },
      { type: 'speech/start', id: 'r1', sampleRate: 100, title: 'x', speed: 1 },
      { type: 'speech/start', id: 'r1', sampleRate: 24000.5, title: 'x', speed: 1 },
      // Read-aloud speed: a start without a speed, and speeds out of bounds.
      { type: 'speech/start', id: 'r1', sampleRate: 24000, title: 'x' },
      { type: 'speech/start', id: 'r1', sampleRate: 24000, title: 'x', speed: 3 },
      { type: 'speech/speed', speed: 0.4 },
      { type: 'speech/speed', speed: Number.NaN },
      { type: 'speech/speed', speed: '1.5' },
      { type: 'speech/speed', id: 'r1', speed: 1 },
      { type: 'speech/audio', id: 'r1', part: 0, data: '<script>' },
      { type: 'speech/audio', id: 'r1', data: 'AAAA' },
      // Follow along:
      { type: 'speech/pause', id: 'r1' },
      { type: 'speech/pause', id: 'r1', paused: 'yes' },
      { type: 'turn', chatId: 'c1', turn: { id: 'x', role: 'system', text: 'x', attachments: [] } },
    ];
    for (const message of bad) assert.equal(parseHostMessage(message), undefined, JSON.stringify(message));
  });

  it('refuses a state whose nested parts are wrong', () => {
    const mutate = (change: (m: Extract<HostMessage, { type: 'state' }>) => void) => {
      const copy = clone(state) as Extract<HostMessage, { type: 'state' }>;
      change(copy);
      return parseHostMessage(copy);
    };
    assert.equal(
      mutate((m) => ((m.chat.options as { service: string }).service = 'C')),
      undefined,
    );
    assert.equal(
      mutate((m) => ((m.chat.turns[1] as { status: string }).status = 'thinking')),
      undefined,
    );
    assert.equal(
      mutate((m) => ((m.chat.turns[1] as { toolCalls: unknown[] }).toolCalls = [{ id: 't' }])),
      undefined,
    );
    // An image attachment must be an image data URL, never a remote URL the view would load.
    assert.equal(
      mutate((m) => ((m.chat.turns[0] as { attachments: { dataUrl?: string }[] }).attachments[0].dataUrl = 'https://evil.example/x.png')),
      undefined,
    );
    assert.equal(
      mutate((m) => ((m.chat.turns[1] as { error: { action: string } }).error.action = 'format-disk')),
      undefined,
    );
    assert.ok(mutate(() => undefined));
  });
  // Standing approvals: the card's workspace rule offer.
  it('accepts a run_command card offering workspace rules, and refuses a malformed offer', () => {
    const card = (workspaceRule: unknown) => ({
      type: 'turn',
      chatId: 'c1',
      turn: {
        ...state.chat.turns[1],
        toolCalls: [
          {
            id: 't',
            name: 'run_command',
            args: '{}',
            status: 'awaiting-approval',
            approval: { summary: 'Run', command: 'npm test', workspaceRule },
          },
        ],
      },
    });
    const valid = card(['npm test', 'git status']);
    assert.deepEqual(parseHostMessage(clone(valid)), valid);
    assert.equal(parseHostMessage(card('npm test')), undefined);
    assert.equal(parseHostMessage(card([1])), undefined);
  });

  it('accepts the parts of an assistant turn (layout) and refuses malformed ones', () => {
    const withParts = (parts: unknown) => {
      const copy = clone(state) as Extract<HostMessage, { type: 'state' }>;
      (copy.chat.turns[1] as { parts?: unknown }).parts = parts;
      return parseHostMessage(copy);
    };
    assert.ok(
      withParts([
        { kind: 'reasoning', text: 'r', ms: 1200 },
        { kind: 'tool', callId: 't' },
        { kind: 'text', text: 'hello' },
      ]),
    );
    assert.equal(withParts([{ kind: 'tool', text: 'x' }]), undefined);
    assert.equal(withParts([{ kind: 'text', text: 'x', html: '<b>' }]), undefined);
    assert.equal(withParts([{ kind: 'image', text: 'x' }]), undefined);
    assert.equal(withParts([{ kind: 'text', text: 'x', ms: 3 }]), undefined);
    assert.equal(withParts([{ kind: 'reasoning', text: 'x', ms: -1 }]), undefined);
    assert.equal(withParts({ kind: 'text', text: 'x' }), undefined);
  });
});
