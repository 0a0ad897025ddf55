// Hostile model output in the chat webview (isolated harness, real Chromium, the real CSP): text
// built to make the markdown renderer slow, deep or dangerous is shown as text, in full, and
// links only ever point at http(s) addresses. Speed itself is measured by bench/chat.ts.
import assert from 'node:assert/strict';
import { isolatedChatViews, type ChatPage } from './fixtures/chatHarness';
import { assistantTurn, chat, stateMessage, userTurn } from './fixtures/chatMessages';
import { hostileCitations, tsCode } from './fixtures/hostileAnswers';
import type { AssistantTurn } from '../../src/shared/protocol';

type Doc = { document: { querySelector(s: string): { textContent: string } | null; querySelectorAll(s: string): { length: number } } };

describe('chat webview: hostile model output (isolated, real Chromium)', function () {
  this.timeout(120_000);
  let view: ChatPage;
  isolatedChatViews((opened) => (view = opened));

  const answer = () => view.page.locator('article.assistant[data-turn-id="a1"]');
  /** The chat as the host sends it on open: one question and this answer. */
  const open = (extra: Partial<AssistantTurn>) =>
    view.dispatch(stateMessage(chat([userTurn('u1', 'q'), assistantTurn('a1', { status: 'done', ...extra })])));
  const delta = (content: string) => view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content });
  /** Waits until the answer's code block shows `length` characters. */
  const waitCode = (length: number) =>
    view.page.waitForFunction(
      (n) => ((globalThis as unknown as Doc).document.querySelector('article.assistant .code-block code')?.textContent.length ?? -1) === n,
      length,
    );
  const colouredSpans = () => answer().locator('.code-block code [class^="hljs-"]').count();

  it('shows a 40 KB run of `_a` as plain text, in full, with no emphasis', async () => {
    // marked pairs the first and last `_` into one emphasis, after quadratic work.
    const text = '_a'.repeat(20_000) + '_';
    await open({ content: text });
    const plain = answer().locator('.md-plain');
    await plain.waitFor();
    assert.equal(await answer().locator('.markdown em, .markdown strong').count(), 0);
    assert.equal(
      await answer()
        .locator('.markdown')
        .evaluate((el) => (el as unknown as { textContent: string }).textContent),
      text,
      'every character is shown, as sent',
    );
    assert.match((await plain.getAttribute('title')) ?? '', /plain text/);
  });

  it('shows a 250 KB open code fence uncoloured, and leaves it uncoloured once closed (over the colouring cap)', async () => {
    const code = tsCode(250_000);
    await open({ status: 'streaming', content: '```ts\n' + code });
    await waitCode(code.length);
    assert.equal(await colouredSpans(), 0, 'an open fence is plain monospace text');
    assert.equal(await answer().locator('.code-block').getAttribute('data-language'), 'ts');

    await delta('\n```\n\nDone.');
    await answer().locator('.markdown p', { hasText: 'Done.' }).waitFor();
    await view.dispatch({
      type: 'turn',
      chatId: 'c1',
      turn: assistantTurn('a1', { status: 'done', content: '```ts\n' + code + '\n```\n\nDone.' }),
    });
    await view.page.locator('article.assistant:not(.streaming)').waitFor();
    await waitCode(code.length);
    assert.equal(await colouredSpans(), 0, 'too big to colour in one frame');
    assert.equal(await answer().locator('.code-block').count(), 1);
  });

  it('colours a small fence only once it is closed', async () => {
    await open({ status: 'streaming', content: 'Here:\n\n```ts\nexport function greet(name: string) {\n' });
    await waitCode('export function greet(name: string) {'.length);
    assert.equal(await colouredSpans(), 0, 'still streaming: not coloured');
    await delta('  return `Hi ${name}`;\n}\n```\n');
    await answer().locator('.code-block code .hljs-keyword').first().waitFor();
    assert.equal(
      await answer().locator('.code-block code').textContent(),
      'export function greet(name: string) {\n  return `Hi ${name}`;\n}',
    );
  });

  it('does not colour a 25 KB closed fence', async () => {
    const code = tsCode(25_000);
    await open({ content: 'Big:\n\n```ts\n' + code + '\n```\n' });
    await waitCode(code.length);
    assert.equal(await colouredSpans(), 0);
  });

  it('shows 8,000 levels of nested quotes as plain text instead of failing', async () => {
    const text = '> '.repeat(8_000) + 'deep';
    await open({ content: text });
    await answer().locator('.md-plain', { hasText: 'deep' }).waitFor();
    assert.equal(await answer().locator('blockquote').count(), 0);
  });

  it('links only the http(s) citations; the others are shown as text', async () => {
    const citations = hostileCitations();
    await open({ content: 'Sources below.', citations });
    const items = answer().locator('.citations li');
    await items.first().waitFor();
    assert.equal(await items.count(), citations.length, 'every source is listed');
    const hrefs = await answer()
      .locator('.citations a')
      .evaluateAll((links) => links.map((a) => (a as unknown as { getAttribute(n: string): string | null }).getAttribute('href')));
    assert.deepEqual(hrefs, ['https://example.com/articles/safe']);
    assert.equal(await answer().locator('.citations', { hasText: 'Open settings' }).count(), 1, 'a refused source keeps its title');
  });

  it('keeps only http(s) targets on markdown links and images', async () => {
    const content = [
      '[settings](vscode://settings/tandem.serviceB.baseUrl) [run](command:workbench.action.terminal.sendSequence)',
      '[file](file:///etc/passwd) [mail](mailto:a@example.com) [ftp](ftp://example.com/x) [relative](settings.json)',
      '[login](https://user:secret@example.com/) ![shot](vscode://file/etc/passwd) <vscode://settings> and [ok](https://example.com/ok)',
    ].join('\n\n');
    await open({ content });
    await answer().locator('a', { hasText: 'ok' }).waitFor();
    const hrefs = await answer()
      .locator('.markdown a[href]')
      .evaluateAll((links) => links.map((a) => (a as unknown as { getAttribute(n: string): string | null }).getAttribute('href')));
    assert.deepEqual(hrefs, ['https://example.com/ok']);
    for (const text of ['settings', 'run', 'file', 'mail', 'ftp', 'relative', 'login', 'shot']) {
      assert.equal(
        await answer()
          .locator('.markdown a', { hasText: new RegExp(`^${text}$`) })
          .getAttribute('href'),
        null,
        text,
      );
    }
  });

  it('fills a huge reopened answer in over several frames, then shows all of it', async () => {
    const paragraphs = Array.from({ length: 2_000 }, (_, i) => `Paragraph ${i} with **bold** and \`code\`.`);
    const message = stateMessage(chat([userTurn('u1', 'q'), assistantTurn('a1', { status: 'done', content: paragraphs.join('\n\n') })]));
    // Counted in a listener that runs right after the view's own, in the same task.
    const firstTask = await view.page.evaluate(
      (m) =>
        new Promise<number>((resolve) => {
          const w = globalThis as unknown as Doc & {
            addEventListener(t: string, f: () => void, o: object): void;
            postMessage(m: unknown, o: string): void;
          };
          w.addEventListener('message', () => resolve(w.document.querySelectorAll('article.assistant .md-block').length), { once: true });
          w.postMessage(m, '*');
        }),
      message as unknown,
    );
    assert.ok(firstTask > 0 && firstTask < paragraphs.length, `the first task rendered ${firstTask} of ${paragraphs.length} blocks`);
    await answer().locator('.md-block', { hasText: 'Paragraph 1999 with bold' }).waitFor();
    assert.equal(await answer().locator('.md-block').count(), paragraphs.length);
    assert.equal(await answer().locator('.md-plain').count(), 0, 'an ordinary answer is formatted in full');
    // The view kept following the end of the answer while it filled in (and laid out).
    await view.page.waitForFunction(() => {
      const list = (
        globalThis as unknown as {
          document: { querySelector(s: string): { scrollTop: number; clientHeight: number; scrollHeight: number } };
        }
      ).document.querySelector('.messages');
      return list.scrollTop + list.clientHeight >= list.scrollHeight - 40;
    });
  });

  it('shows the rest of an answer of 60,000 tiny paragraphs as one block of plain text', async () => {
    const paragraphs = Array.from({ length: 60_000 }, (_, i) => `p${i}`);
    await open({ content: paragraphs.join('\n\n') });
    const rest = answer().locator('.md-plain');
    await rest.waitFor();
    await view.page.waitForFunction(
      () => !(globalThis as unknown as Doc).document.querySelector('article.assistant .markdown[data-rendering]'),
    );
    const blocks = await answer().locator('.md-block').count();
    assert.ok(blocks < 10_000, `${blocks} blocks for 60,000 paragraphs`);
    assert.equal(await rest.count(), 1);
    const text = (await rest.evaluate((el) => (el as unknown as { textContent: string }).textContent)) ?? '';
    assert.ok(
      text.startsWith(`p${blocks - 1}`) && text.endsWith('p59999'),
      'the rest of the answer, in full, from where formatting stopped',
    );
  });
});
