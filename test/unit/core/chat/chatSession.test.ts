import * as assert from 'node:assert/strict';
import type { Simulator } from '../../../../sim/simulator';
import type { ChatMessage, FunctionTool, Usage } from '../../../../src/core/services/wireTypes';
import { costOf, formatCost } from '../../../../src/core/services/cost';
import type { HostMessage } from '../../../../src/shared/protocol';
import { until } from '../../../until';
import { awaitingApproval, chatHarness, GREET_SOURCE, type Harness, simulatorForChats } from './chatHarness';

interface SentBody {
  model: string;
  messages: ChatMessage[];
  tools?: Array<FunctionTool | { type: 'web_search' }>;
  thinking?: { type: string };
  reasoning_effort?: string;
  stream?: boolean;
}

const bodyOf = (sim: Simulator, i: number) => sim.requests.filter((r) => r.path.endsWith('/chat/completions'))[i].body as SentBody;
const deltas = (messages: HostMessage[]) => messages.filter((m): m is Extract<HostMessage, { type: 'delta' }> => m.type === 'delta');

describe('chat session against the simulator', () => {
  let sim: Simulator;
  let h: Harness | undefined;
  simulatorForChats(
    (started) => (sim = started),
    () => h,
  );

  it('streams a Service B answer: reasoning then content as deltas, usage with the price-table cost, title, persisted', async () => {
    h = chatHarness(sim, { options: { service: 'B', model: 'beta-v4-pro', reasoningEffort: 'max' } });
    await h.controller.send('Write a TypeScript debounce function.\nIt should be generic.');

    assert.equal(sim.requests.length, 1);
    assert.equal(sim.requests[0].path, '/chat/completions');
    const body = bodyOf(sim, 0);
    assert.equal(body.model, 'beta-v4-pro');
    assert.equal(body.stream, true);
    assert.deepEqual(body.thinking, { type: 'enabled' });
    assert.equal(body.reasoning_effort, 'max');
    assert.equal(body.messages[0].role, 'system');
    assert.equal(body.messages[1].content, 'Write a TypeScript debounce function.\nIt should be generic.');
    assert.deepEqual(
      body.tools!.map((t) => (t as FunctionTool).function.name),
      ['read_file', 'list_directory', 'find_files', 'search_text', 'get_diagnostics', 'get_selection', 'apply_edit', 'run_command'],
    );

    const d = deltas(h.messages);
    const firstContent = d.findIndex((m) => m.content);
    const lastReasoning = d.findLastIndex((m) => m.reasoning);
    assert.ok(lastReasoning >= 0 && firstContent > lastReasoning, 'reasoning streams before the answer');
    const turn = h.lastAssistant();
    assert.equal(turn.status, 'done');
    assert.equal(turn.content, d.map((m) => m.content ?? '').join(''), 'the deltas add up to the answer');
    assert.equal(turn.reasoning, d.map((m) => m.reasoning ?? '').join(''));
    assert.ok(turn.content.includes('```'));
    assert.ok(turn.reasoningMs !== undefined);
    const usage = turn.usage!;
    assert.ok(usage.promptTokens > 0 && usage.completionTokens > 0 && usage.reasoningTokens > 0);
    const asUsage: Usage = {
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      total_tokens: usage.promptTokens + usage.completionTokens,
      prompt_cache_hit_tokens: usage.cacheHitTokens,
      prompt_cache_miss_tokens: usage.promptTokens - usage.cacheHitTokens,
    };
    assert.equal(usage.cost, formatCost(costOf('beta-v4-pro', asUsage)!));
    assert.equal(h.controller.chat.title, 'Write a TypeScript debounce function.');

    const [summary] = await h.store.list();
    assert.equal(summary.title, 'Write a TypeScript debounce function.');
    const stored = await h.store.load(summary.id);
    assert.equal(stored!.turns.length, 2);
    assert.equal((stored!.turns[1] as typeof turn).content, turn.content);
  });

  it('sends Service A web search, shows citations and search counts, and no cost', async () => {
    h = chatHarness(sim, { options: { service: 'A', model: 'alpha-v2.5', webSearch: true } });
    await h.controller.send('What is new in TypeScript 5.9?');
    const body = bodyOf(sim, 0);
    assert.equal(sim.requests[0].path, '/v1/chat/completions');
    assert.deepEqual(body.tools!.at(-1), { type: 'web_search' });
    const turn = h.lastAssistant();
    assert.ok(turn.citations.length > 0);
    for (const c of turn.citations) {
      assert.match(c.url, /^https:\/\//);
      assert.ok(c.title);
    }
    assert.ok(turn.usage!.webSearches! >= 1);
    assert.equal(turn.usage!.cost, undefined, 'Service A publishes no prices');
  });

  it("shows Service A's error_message when the web search failed", async () => {
    h = chatHarness(sim, { options: { service: 'A', model: 'alpha-v2.5', webSearch: true } });
    sim.inject({ kind: 'search-error' });
    await h.controller.send('Latest Node.js release?');
    const turn = h.lastAssistant();
    assert.ok(turn.searchError);
    assert.equal(turn.citations.length, 0);
  });

  it('sends an attached image to Service A as a multimodal content part, and refuses it for Service B', async () => {
    h = chatHarness(sim, { options: { service: 'A', model: 'alpha-v2.5-pro' } });
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    assert.equal(h.controller.addAttachment({ id: 'img', kind: 'image', label: 'diagram.png', dataUrl: png }), undefined);
    h.controller.addAttachment({ id: 'sel', kind: 'selection', label: 'greet.ts:1-3', text: GREET_SOURCE, language: 'typescript' });
    await h.controller.send('What does this diagram show?');
    const content = bodyOf(sim, 0).messages[1].content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    assert.equal(content[0].type, 'text');
    assert.match(content[0].text!, /What does this diagram show\?/);
    assert.match(content[0].text!, /greet\.ts:1-3:\n```typescript\nexport function greet/);
    assert.deepEqual(content[1], { type: 'image_url', image_url: { url: png } });
    assert.deepEqual(h.controller.chat.turns[0].role === 'user' && h.controller.chat.turns[0].attachments.map((a) => a.label), [
      'diagram.png',
      'greet.ts:1-3',
    ]);

    await h.controller.setOptions({ service: 'B' });
    assert.equal(h.controller.chat.options.model, 'beta-v4-flash', "switching service picks that service's model");
    assert.match(h.controller.addAttachment({ id: 'img2', kind: 'image', label: 'x.png', dataUrl: png }) ?? '', /Service A/);
    await h.controller.send('And now?');
    const sent = bodyOf(sim, 1).messages[1].content as string;
    assert.equal(typeof sent, 'string', 'Service B gets text only');
    assert.match(sent, /Image "diagram\.png" omitted/);
  });

  it('runs a Service B tool round trip and sends the reasoning of the tool-call turn back', async () => {
    h = chatHarness(sim, { options: { service: 'B', model: 'beta-v4-pro' } });
    await h.controller.send('Please read the file "src/greet.ts" and summarise it.');
    assert.equal(sim.requests.length, 2);
    const second = bodyOf(sim, 1).messages;
    const assistant = second[2];
    assert.equal(assistant.role, 'assistant');
    assert.equal(assistant.tool_calls![0].function.name, 'read_file');
    assert.ok(assistant.reasoning_content, 'reasoning of the tool-call turn goes back');
    const tool = second[3];
    assert.equal(tool.role, 'tool');
    assert.equal(tool.tool_call_id, assistant.tool_calls![0].id);
    assert.equal(tool.content, GREET_SOURCE);

    const turn = h.lastAssistant();
    assert.equal(turn.status, 'done');
    assert.equal(turn.toolCalls.length, 1);
    assert.equal(turn.toolCalls[0].status, 'done');
    assert.equal(turn.toolCalls[0].result, GREET_SOURCE);
    assert.deepEqual(JSON.parse(turn.toolCalls[0].args), { path: 'src/greet.ts' });
    assert.ok(typeof turn.toolCalls[0].durationMs === 'number');
    assert.match(turn.content, /greet/);
    assert.ok(turn.reasoning.includes(assistant.reasoning_content as string), 'the reasoning of every round is shown');

    await h.controller.send('Thanks. Now explain closures briefly.');
    const third = bodyOf(sim, 2).messages;
    assert.equal(third[2].reasoning_content, assistant.reasoning_content, 'still sent on later requests');
    const plain = third[4];
    assert.equal(plain.role, 'assistant');
    assert.equal(plain.tool_calls, undefined);
    assert.equal(plain.reasoning_content, undefined, 'turns without tool calls do not carry their reasoning');
    assert.equal(third.at(-1)!.content, 'Thanks. Now explain closures briefly.');
  });

  it('Service A recommends the reasoning of tool-call turns too: it is sent back', async () => {
    h = chatHarness(sim, { options: { service: 'A', model: 'alpha-v2.5-pro' } });
    await h.controller.send('Please read the file "src/greet.ts".');
    const assistant = bodyOf(sim, 1).messages[2];
    assert.ok(assistant.tool_calls?.length);
    assert.ok(assistant.reasoning_content);
  });

  it('turning thinking on after a tool turn made without it keeps the chat usable on Service B', async () => {
    h = chatHarness(sim, { options: { service: 'B', thinking: false } });
    await h.controller.send('Please read the file "src/greet.ts"');
    await h.controller.setOptions({ thinking: true });
    await h.controller.send('Now explain it');
    const turn = h.lastAssistant();
    assert.equal(turn.status, 'done', turn.error?.message);
    const sent = bodyOf(sim, 2).messages;
    assert.ok(
      sent.every((m) => !m.tool_calls),
      'the old tool round goes as text',
    );
    assert.ok(sent.some((m) => typeof m.content === 'string' && m.content.includes('[called read_file')));
    assert.ok(sent.some((m) => typeof m.content === 'string' && m.content.includes('export function greet')));
  });

  it('sends a refused tool call back to the model as a clear tool error', async () => {
    h = chatHarness(sim, { options: { service: 'B' } });
    await h.controller.send('Please read the file "../secrets.txt"');
    const tool = bodyOf(sim, 1).messages[3];
    assert.equal(tool.role, 'tool');
    assert.match(tool.content as string, /^Error: path .* is refused/);
    assert.equal(h.lastAssistant().toolCalls[0].status, 'error');
  });

  it('uses strict tool mode on Service B only behind the setting', async () => {
    h = chatHarness(sim, { options: { service: 'B' } });
    h.limits.strictTools = true;
    await h.controller.send('Hello there');
    assert.equal(sim.requests[0].path, '/beta/chat/completions');
    for (const t of bodyOf(sim, 0).tools as FunctionTool[]) assert.equal(t.function.strict, true);
  });

  it('waits for approval of a gated tool; deny tells the model, approve runs it, always remembers the exact command', async () => {
    let decision: 'approve' | 'deny' | 'always' = 'deny';
    h = chatHarness(sim, {
      options: { service: 'B' },
      onMessage: (m, harness) => {
        const id = awaitingApproval(m);
        if (id) setTimeout(() => harness.controller.approveTool(id, decision), 5);
      },
    });
    await h.controller.send('Please run the command `npm test`');
    let card = h.lastAssistant().toolCalls[0];
    assert.equal(card.status, 'denied');
    assert.equal(card.approval!.summary, 'Run `npm test` in a terminal');
    assert.deepEqual(h.tools.commands, [], 'nothing ran');
    assert.equal(h.tools.discarded, 1);
    assert.match(bodyOf(sim, 1).messages[3].content as string, /declined/);

    decision = 'approve';
    await h.controller.send('Please run the command `npm test`');
    card = h.lastAssistant().toolCalls[0];
    assert.equal(card.status, 'done');
    assert.deepEqual(h.tools.commands, ['npm test']);

    decision = 'always';
    await h.controller.send('Please run the command `npm run lint`');
    const approvalsBefore = h.messages.filter((m) => awaitingApproval(m)).length;
    await h.controller.send('Please run the command `npm run lint`');
    assert.equal(h.messages.filter((m) => awaitingApproval(m)).length, approvalsBefore, 'no card waits for the command "always" covers');
    assert.deepEqual(h.tools.commands, ['npm test', 'npm run lint', 'npm run lint']);
  });

  it('stops mid-stream: the socket is aborted and the partial answer is kept and sent back', async () => {
    sim.configure({ tokensPerSecond: 400 });
    let stopped = false;
    h = chatHarness(sim, {
      options: { service: 'B', thinking: false },
      onMessage: (m, harness) => {
        if (!stopped && m.type === 'delta' && m.content) {
          stopped = true;
          void harness.controller.stop();
        }
      },
    });
    await h.controller.send('Explain event loops in depth [[tokens=3000]]');
    const turn = h.lastAssistant();
    assert.equal(turn.status, 'stopped');
    assert.ok(turn.content.length > 0, 'partial text kept');
    await until(() => sim.abortedCount === 1, 'the simulator to see the aborted request', 10_000);
    assert.equal(sim.requests[0].aborted, true);

    sim.configure({ tokensPerSecond: 0 });
    await h.controller.send('Go on');
    const history = bodyOf(sim, 1).messages;
    assert.equal(history[2].role, 'assistant');
    assert.equal(history[2].content, turn.content);
    const stored = await h.store.load(h.controller.chat.id);
    assert.equal(stored!.turns[1].role === 'assistant' && stored!.turns[1].status, 'stopped');
  });

  it('stops while a tool waits for approval: the card is denied and the turn stopped', async () => {
    h = chatHarness(sim, {
      onMessage: (m, harness) => {
        if (awaitingApproval(m)) setTimeout(() => void harness.controller.stop(), 5);
      },
    });
    await h.controller.send('Please run the command `rm -rf build`');
    const turn = h.lastAssistant();
    assert.equal(turn.status, 'stopped');
    assert.equal(turn.toolCalls[0].status, 'denied');
    assert.deepEqual(h.tools.commands, []);
  });

  it('retries a 429 by itself, telling the webview the countdown', async () => {
    h = chatHarness(sim);
    sim.inject({ kind: '429', retryAfterS: 2 });
    await h.controller.send('Hi');
    const retrying = h.messages.find((m) => m.type === 'retrying');
    assert.deepEqual(retrying && { seconds: retrying.seconds, attempt: retrying.attempt }, { seconds: 2, attempt: 1 });
    assert.equal(h.lastAssistant().status, 'done');
    assert.equal(sim.requests.length, 2);
  });

  it('retry replaces the last answer; edit-and-resend truncates the chat at the edited turn', async () => {
    h = chatHarness(sim, { options: { thinking: false } });
    await h.controller.send('First question');
    await h.controller.send('Second question');
    const firstAnswerId = h.controller.chat.turns[1].id;
    await h.controller.retry();
    assert.equal(h.controller.chat.turns.length, 4);
    assert.equal(bodyOf(sim, 2).messages.length, 4, 'system, user, answer, user — the old answer is gone');
    assert.equal(bodyOf(sim, 2).messages.at(-1)!.content, 'Second question');

    await h.controller.editAndResend(h.controller.chat.turns[0].id, 'A better first question');
    assert.equal(h.controller.chat.turns.length, 2);
    assert.notEqual(h.controller.chat.turns[1].id, firstAnswerId);
    assert.deepEqual(
      bodyOf(sim, 3).messages.map((m) => m.content),
      [bodyOf(sim, 3).messages[0].content, 'A better first question'],
    );
    assert.equal(h.controller.chat.title, 'A better first question');
    const states = h.messages.filter((m) => m.type === 'state');
    assert.ok(states.length >= 2, 'the webview gets the shortened chat in full');
  });

  it('keeps chats across a new controller (a window reload), lists, opens and deletes them', async () => {
    h = chatHarness(sim, { options: { thinking: false } });
    await h.controller.send('Remember me');
    const id = h.controller.chat.id;
    await h.controller.newChat();
    await h.controller.send('Another chat');
    const storage = h.storage;
    await h.close();

    h = chatHarness(sim, { storage });
    const state = await h.controller.state();
    assert.equal(state.type, 'state');
    assert.deepEqual(state.type === 'state' && state.chats.map((c) => c.title), ['Another chat', 'Remember me']);
    await h.controller.openChat(id);
    assert.equal(h.controller.chat.title, 'Remember me');
    assert.equal(h.controller.chat.turns.length, 2);
    await h.controller.send('Follow-up');
    assert.equal(bodyOf(sim, 2).messages.length, 4, 'the reloaded history is sent');

    await h.controller.deleteChat(id);
    assert.deepEqual(
      (await h.store.list()).map((c) => c.title),
      ['Another chat'],
    );
    assert.equal(await h.store.load(id), undefined);
  });
});
