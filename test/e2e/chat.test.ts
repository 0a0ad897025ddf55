import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { GatedSimClock } from '../gatedSimClock';
import { until } from '../until';
import { ask, chatFrame, idle, reloadWindow, useWorkbench } from './workbench';

describe('the chat in a real VS Code workbench', function () {
  this.timeout(180_000);
  let chat: Frame;
  const simClock = new GatedSimClock();

  const workbench = useWorkbench({
    simClock,
    async ready({ page }) {
      chat = await chatFrame(page);
    },
  });

  it('streams the reasoning, then the answer, and folds the reasoning away', async () => {
    const { sim } = workbench();
    sim.reset();
    sim.configure({ tokensPerSecond: 150 });
    // The stream is held a few reasoning chunks in, so the answer cannot start before we look.
    simClock.holdWhen(() => (sim.requests.find((r) => r.path === '/chat/completions')?.bytesSent ?? 0) > 1_000);
    const answer = await ask(chat, 'How do I debounce a function in TypeScript?');
    const reasoning = answer.locator('details.reasoning');
    await reasoning.waitFor();
    await until(() => simClock.holding > 0, 'the stream to be held mid-reasoning', 60_000);
    // While only reasoning has arrived it is open and growing.
    await answer
      .locator('.reasoning-text')
      .filter({ hasText: /\w{3,}/ })
      .waitFor();
    assert.equal(
      await reasoning.evaluate((el) => (el as unknown as { open: boolean }).open),
      true,
      'open while only reasoning has arrived',
    );
    simClock.release();
    await answer.locator('.markdown pre code').first().waitFor({ timeout: 60_000 });
    await idle(chat);
    assert.equal(await reasoning.evaluate((el) => (el as unknown as { open: boolean }).open), false, 'collapsed once the answer started');
    assert.match(await reasoning.locator('.reasoning-summary').innerText(), /\d+(\.\d+)?\s*s/, 'elapsed time shown');
    assert.match(await answer.locator('.usage').innerText(), /CNY/, 'Service B cost shown');
    const request = sim.requests.find((r) => r.path === '/chat/completions');
    assert.ok(request, 'the question went to Service B');
    assert.equal((request.body as { stream: boolean }).stream, true);
    sim.configure({ tokensPerSecond: 0 });
  });

  it('runs a gated tool only after the user approves it in its card', async () => {
    const { sim } = workbench();
    sim.reset();
    const answer = await ask(chat, 'Please run the command "echo tandem-e2e" in the terminal.');
    const approve = chat.locator('button[aria-label="Approve run_command"]');
    await approve.waitFor({ timeout: 60_000 });
    assert.match(await answer.innerText(), /echo tandem-e2e/, 'the card shows exactly what will run');
    const requestsBefore = sim.requests.length;
    assert.equal(sim.requests.length, requestsBefore, 'nothing runs before the click');
    await approve.click();
    await answer.locator('.tool-status', { hasText: 'Done' }).waitFor({ timeout: 60_000 });
    await idle(chat);
    assert.ok(sim.requests.length > requestsBefore, 'the tool result went back to the model');
    const followUp = sim.requests.filter((r) => r.path === '/chat/completions').at(-1)!.body as {
      messages: Array<{ role: string; content: string; reasoning_content?: string; tool_calls?: unknown[] }>;
    };
    const toolTurn = followUp.messages.find((m) => m.role === 'assistant' && m.tool_calls);
    assert.ok(toolTurn?.reasoning_content, 'the reasoning of the tool-call turn was sent back');
    assert.ok(followUp.messages.some((m) => m.role === 'tool'));
  });

  it('shows web-search citations as links for Service A', async () => {
    const { sim } = workbench();
    sim.reset();
    await chat.locator('select[aria-label="Service"]').selectOption('A');
    await chat.locator('label.toggle', { hasText: 'Web search' }).locator('input').check();
    const answer = await ask(chat, 'What changed in the latest TypeScript release?');
    await idle(chat);
    const sources = answer.locator('.citations a');
    await sources.first().waitFor();
    assert.match((await sources.first().getAttribute('href')) ?? '', /^https:\/\//);
    const request = sim.requests.find((r) => r.path === '/v1/chat/completions');
    assert.deepEqual(
      (request?.body as { tools: Array<{ type: string }> }).tools.filter((t) => t.type === 'web_search'),
      [{ type: 'web_search' }],
    );
  });

  it('stops mid-stream, closing the socket and keeping the partial answer', async () => {
    const { sim } = workbench();
    sim.reset();
    sim.configure({ tokensPerSecond: 20 });
    const answer = await ask(chat, 'Explain event loops in detail. [[tokens=400]]');
    // The reasoning folds away when the answer starts; then a few words of it arrive (seen, not slept for).
    await answer.locator('.reasoning-summary', { hasText: 'Thought for' }).waitFor({ timeout: 60_000 });
    await answer
      .locator('.markdown, .md-block')
      .filter({ hasText: /\w{3,}\W+\w{3,}/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await chat.locator('button[aria-label="Stop the answer"]').click();
    await answer.locator('.notice', { hasText: 'Stopped' }).waitFor();
    await idle(chat);
    const kept = await answer.evaluate((turn) => turn.querySelector(':scope > .markdown, :scope .md-block')?.textContent ?? '');
    assert.ok(kept.trim().length > 0, 'partial text kept');
    await until(() => sim.abortedCount > 0, 'the simulator to see the connection close', 30_000);
    assert.equal(sim.abortedCount, 1, 'the simulator saw the connection close');
    sim.configure({ tokensPerSecond: 0 });
  });

  it('finds the chat in the history after a window reload', async () => {
    const { page } = workbench();
    await reloadWindow(page);
    chat = await chatFrame(page);
    await chat.locator('button[aria-label="Chat history"]').click();
    const entry = chat.locator('.history button.history-open', { hasText: 'How do I debounce a function' });
    await entry.waitFor({ timeout: 30_000 });
    await entry.click();
    await chat.locator('.turn.user', { hasText: 'How do I debounce a function in TypeScript?' }).waitFor();
    await chat.locator('.turn.assistant .markdown pre code').first().waitFor();
  });
});
