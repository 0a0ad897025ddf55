import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import type { Simulator } from '../../sim/simulator';
import { until } from '../until';
import { ask, chatFrame, frameWith, idle, useWorkbench } from './workbench';

/** Speech requests (Service A, a speech model) the simulator received, with the text each asked to speak. */
function speechTexts(sim: Simulator): string[] {
  return sim.requests.flatMap((r) => {
    const body = r.body as { model?: string; messages?: Array<{ role: string; content: string }> } | undefined;
    if (r.path !== '/v1/chat/completions' || !body?.model?.includes('tts')) return [];
    return [body.messages?.find((m) => m.role === 'assistant')?.content ?? ''];
  });
}

/** The chat request (Service B) the simulator is streaming or streamed. */
const chatRequest = (sim: Simulator) => sim.requests.find((r) => r.path === '/chat/completions');

describe('chat answers read aloud in a real browser', function () {
  this.timeout(180_000);

  describe('the speaker button', () => {
    let chat: Frame;

    const workbench = useWorkbench({
      async ready({ page }) {
        chat = await chatFrame(page);
      },
    });

    it('reads the answer’s text without its reasoning, its code or its addresses', async () => {
      const { page, sim } = workbench();
      await chat.locator('select[aria-label="Service"]').selectOption('A');
      await chat.locator('label.toggle', { hasText: 'Web search' }).locator('input').check();
      const answer = await ask(chat, 'How do I debounce a function in TypeScript?');
      await idle(chat);
      // The answer as the user sees it: reasoning (folded away, hence textContent), a code block, links to its sources.
      const reasoning = ((await answer.locator('.reasoning-text').textContent()) ?? '').trim();
      const code = (await answer.locator('.markdown pre code').first().innerText()).trim();
      const links = await answer
        .locator('.markdown a')
        .evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
      assert.ok(reasoning.length > 20, 'the answer has reasoning');
      assert.ok(code.split('\n').length > 1, 'the answer has a code block');
      assert.ok(links.length > 0 && links.every(([, href]) => href.startsWith('https://')), 'the answer links its sources');
      await answer.locator('.citations a').first().waitFor();

      sim.reset();
      await answer.locator('button[aria-label="Read aloud"]').click();
      const bar = await frameWith(page, '.speech-bar[data-state="playing"]', 60_000);
      // Every part has been asked for once the last link's text (the end of the answer) is in a request.
      const lastLink = links.at(-1)![0].trim();
      const spoken = await until(
        () => {
          const text = speechTexts(sim).join(' ');
          return text.includes(lastLink) && text;
        },
        'the whole answer to be asked for',
        60_000,
      );
      await bar.locator('button[aria-label="Stop reading aloud"]').click();

      assert.match(spoken, /Handle edge cases: empty input and errors\./, 'the answer’s prose is read, without markup');
      assert.match(spoken, /Code block, \d+ lines of TypeScript\./, 'the code block is announced');
      for (const line of code.split('\n').filter((l) => l.trim().length > 8)) {
        assert.ok(!spoken.includes(line.trim()), `code is not read: ${line}`);
      }
      for (const sentence of reasoning.split(/(?<=\.)\s+/).filter((s) => s.length > 10)) {
        assert.ok(!spoken.includes(sentence), `reasoning is not read: ${sentence}`);
      }
      assert.doesNotMatch(spoken, /https?:|example\.(com|org)|\/\//, 'no addresses');
      assert.doesNotMatch(spoken, /\[\d+\]/, 'no citation markers');
      for (const [text] of links) assert.ok(spoken.includes(text.trim()), `a link is read as its text: ${text}`);
    });
  });

  describe('auto-read', () => {
    let chat: Frame;

    const workbench = useWorkbench({
      settings: { 'tandem.speech.autoReadAnswers': true },
      async ready({ page }) {
        chat = await chatFrame(page);
      },
    });

    it('speaks the first sentences while the answer is still streaming, and stopping the answer stops the reading', async () => {
      const { page, sim } = workbench();
      sim.reset();
      sim.configure({ tokensPerSecond: 20 });
      try {
        const answer = await ask(chat, 'How do I debounce a function in TypeScript? [[tokens=1500]]');
        // Seen from the simulator: the first speech request, and how much of the chat stream had gone by then.
        const { bytes: sentAtFirstSpeech } = await until(
          () => speechTexts(sim).length > 0 && { bytes: chatRequest(sim)?.bytesSent ?? 0 },
          'the first speech request',
          60_000,
        );
        const first = speechTexts(sim)[0];
        const reasoning = ((await answer.locator('.reasoning-text').textContent()) ?? '').trim();
        assert.ok(/[.!?:]$/.test(first), `a whole sentence is spoken: ${JSON.stringify(first)}`);
        assert.ok(!reasoning.includes(first), 'the reasoning is not read');
        const frame = await frameWith(page, '.speech-bar[data-state="playing"]', 60_000);
        // Stop the answer: the chat stream ends early and the reading stops with it.
        await chat.locator('button[aria-label="Stop the answer"]').click();
        await answer.locator('.notice', { hasText: 'Stopped' }).waitFor();
        await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 30_000 });
        await until(() => chatRequest(sim)?.aborted, 'the chat stream to close', 30_000);
        assert.ok(
          chatRequest(sim)!.bytesSent > sentAtFirstSpeech,
          `the chat stream went on after the first speech request (${sentAtFirstSpeech} bytes then, ${chatRequest(sim)!.bytesSent} at the end)`,
        );
        assert.equal(await frame.locator('.speech-bar').getAttribute('data-sources'), '0', 'nothing is left playing');
      } finally {
        sim.configure({ tokensPerSecond: 0 });
      }
    });
  });
});
