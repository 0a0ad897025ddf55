// The chat webview in real Chromium, isolated from VS Code: the bundle and stylesheet are served
// with the real shell's CSP, a stub acquireVsCodeApi records what the view posts, and the tests
// play the host by dispatching protocol messages.
import assert from 'node:assert/strict';
import { launchChatHarness, type ChatHarness, type ChatPage } from './fixtures/chatHarness';
import { assistantTurn, chat, markdownAnswer, optionsA, optionsB, stateMessage, userTurn } from './fixtures/chatMessages';
import type { WebviewMessage } from '../../src/shared/protocol';

describe('chat webview (isolated, real Chromium)', function () {
  this.timeout(60_000);
  let harness: ChatHarness;
  let view: ChatPage;

  before(async () => {
    harness = await launchChatHarness();
  });
  after(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    view = await harness.open();
  });
  // Every test also proves the view runs under the strict CSP without errors.
  afterEach(() => view.closeChecked());

  const lastPosted = async (type: WebviewMessage['type']) => (await view.posted()).filter((m) => m.type === type).at(-1);
  const waitPosted = async (type: WebviewMessage['type']) => {
    await view.page.waitForFunction(
      (t) => (globalThis as unknown as { __harness: { posted: { type: string }[] } }).__harness.posted.some((m) => m.type === t),
      type,
    );
    return lastPosted(type);
  };
  /** A chat with one question and a streaming answer, as the host sends it when the user asks. */
  const answer = () => view.page.locator('article.assistant[data-turn-id="a1"]');
  /** Shows a chat whose answer streams, and waits for it: the state's message event can run after the test's next key press. */
  const startStreaming = async (options = optionsB) => {
    await view.dispatch(stateMessage(chat([userTurn('u1', 'How do I greet?'), assistantTurn('a1')], options)));
    await answer().waitFor();
  };

  it('says ready first, then renders the state the host sends', async () => {
    const posted = await view.posted();
    assert.deepEqual(posted[0], { type: 'ready' });
    assert.equal(posted.length, 1);

    await view.dispatch(
      stateMessage(chat([userTurn('u1', 'Hello there'), assistantTurn('a1', { status: 'done', content: 'Hi! **Welcome**.' })]), {
        balance: '12.50 CNY',
      }),
    );
    await view.page.locator('.chat-title', { hasText: 'Greeting helper' }).waitFor();
    assert.equal(await view.page.locator('article.user .user-text').textContent(), 'Hello there');
    assert.equal(await answer().locator('.markdown strong').textContent(), 'Welcome');
    assert.equal(await view.page.locator('.balance').textContent(), '12.50 CNY');
    // Service B chat: model picker lists B's models, effort is offered, web search is not.
    const modelOptions = await view.page.locator('select[aria-label="Model"] option').allTextContents();
    assert.deepEqual(modelOptions, ['beta-v4-flash', 'beta-v4-pro']);
    assert.equal(await view.page.locator('select[aria-label="Effort"]').count(), 1);
    assert.equal(await view.page.getByLabel('Web search').count(), 0);
  });

  it("shows the project rules' text sent on a click on the chip, as text, never as HTML", async () => {
    const text = '# Conventions\n\nUse tabs. <img src=x onerror="document.title=\'pwned\'"> <b>bold?</b>\n';
    await view.dispatch(stateMessage(chat(), { rules: [{ path: 'AGENTS.md', bytes: text.length, status: 'used', text }] }));
    const chip = view.page.locator('button.rules-chip');
    await chip.waitFor();
    assert.equal(await chip.textContent(), 'Rules: AGENTS.md');
    assert.match((await chip.getAttribute('title')) ?? '', /repository's words, not yours[\s\S]*Click to read the text sent\.$/);
    assert.equal(await chip.getAttribute('aria-expanded'), 'false');
    assert.equal(await view.page.locator('.rules-text').count(), 0);

    await chip.click();
    const panel = view.page.locator('.rules-text');
    await panel.waitFor();
    assert.equal(await view.page.locator('button.rules-chip').getAttribute('aria-expanded'), 'true');
    assert.equal(await panel.locator('.rules-file').textContent(), 'AGENTS.md');
    assert.equal(await panel.locator('pre').textContent(), text);
    assert.equal(await panel.locator('img, b').count(), 0, 'the repository wrote it: no element comes of it');

    await view.page.locator('button.rules-chip').click();
    await panel.waitFor({ state: 'detached' });
  });

  it('says on the chip that the rules are not sent in Restricted Mode', async () => {
    await view.dispatch(stateMessage(chat(), { rules: [{ path: 'AGENTS.md', bytes: 40, status: 'untrusted' }] }));
    const chip = view.page.locator('.rules-chip');
    await chip.waitFor();
    assert.equal(await chip.textContent(), 'Rules: not sent (Restricted Mode)');
    assert.match((await chip.getAttribute('title')) ?? '', /AGENTS\.md: not sent: this workspace is not trusted \(Restricted Mode\)/);
    assert.equal(await view.page.locator('button.rules-chip').count(), 0, 'nothing to show: nothing was read');
  });

  it('posts setOptions from the pickers and shows the options of the chosen service', async () => {
    await view.dispatch(stateMessage());
    await view.page.locator('select[aria-label="Model"]').selectOption('beta-v4-pro');
    assert.deepEqual(await lastPosted('setOptions'), { type: 'setOptions', options: { model: 'beta-v4-pro' } });
    await view.page.locator('select[aria-label="Effort"]').selectOption('max');
    assert.deepEqual(await lastPosted('setOptions'), { type: 'setOptions', options: { reasoningEffort: 'max' } });
    await view.page.getByLabel('Thinking').uncheck();
    assert.deepEqual(await lastPosted('setOptions'), { type: 'setOptions', options: { thinking: false } });

    await view.page.locator('select[aria-label="Service"]').selectOption('A');
    assert.deepEqual(await lastPosted('setOptions'), { type: 'setOptions', options: { service: 'A', model: 'alpha-v2.5-pro' } });
    assert.deepEqual(await view.page.locator('select[aria-label="Model"] option').allTextContents(), ['alpha-v2.5-pro', 'alpha-v2.5']);
    assert.equal(await view.page.locator('select[aria-label="Effort"]').count(), 0);
    await view.page.getByLabel('Web search').check();
    assert.deepEqual(await lastPosted('setOptions'), { type: 'setOptions', options: { webSearch: true } });
  });

  it('lists the chat history to open or delete a chat, and starts a new chat', async () => {
    await view.dispatch(stateMessage());
    await view.page.getByRole('button', { name: 'Chat history' }).click();
    await view.page.getByRole('button', { name: 'Open chat: Older chat' }).click();
    assert.deepEqual(await lastPosted('openChat'), { type: 'openChat', chatId: 'c0' });
    await view.page.getByRole('button', { name: 'Chat history' }).click();
    await view.page.getByRole('button', { name: 'Delete chat: Older chat' }).click();
    assert.deepEqual(await lastPosted('deleteChat'), { type: 'deleteChat', chatId: 'c0' });
    await view.dispatch({ type: 'chats', chats: [{ id: 'c1', title: 'Greeting helper', updatedAt: 1 }] });
    await view.page.getByRole('button', { name: 'Open chat: Older chat' }).waitFor({ state: 'detached' });
    await view.page.getByRole('button', { name: 'Start a new chat' }).click();
    assert.deepEqual(await lastPosted('newChat'), { type: 'newChat' });
  });

  it('renders streamed deltas as markdown with highlighted code, keeping finished blocks', async () => {
    await startStreaming();
    const pieces = [
      '## Plan\n\nFirst, ',
      'trim the **name**.\n\n',
      '```ts\nexport function greet(name: string) {\n',
      '  return `Hi ${name}`;\n}\n```\n\n',
      '- one\n- two\n\nDone.',
    ];
    await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content: pieces[0] });
    await answer().locator('h2', { hasText: 'Plan' }).waitFor();
    // Mark the heading's block: a finished block must survive later deltas untouched (not re-rendered).
    await view.page.evaluate(() => {
      const h2 = (
        globalThis as unknown as { document: { querySelector(s: string): { closest(s: string): { dataset: Record<string, string> } } } }
      ).document.querySelector('article.assistant h2');
      h2.closest('.md-block').dataset.marker = 'kept';
    });
    for (const piece of pieces.slice(1)) await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content: piece });
    await answer().locator('.markdown', { hasText: 'Done.' }).waitFor();
    assert.equal(await answer().locator('.markdown p strong').textContent(), 'name');
    assert.equal(await answer().locator('.code-block').getAttribute('data-language'), 'ts');
    assert.ok((await answer().locator('.code-block code .hljs-keyword').count()) >= 2, 'keywords highlighted');
    assert.equal(
      await answer().locator('.code-block code').textContent(),
      'export function greet(name: string) {\n  return `Hi ${name}`;\n}',
    );
    assert.deepEqual(await answer().locator('li').allTextContents(), ['one', 'two']);
    assert.equal(await answer().locator('.md-block[data-marker="kept"] h2').count(), 1, 'the finished heading block was kept');
    // The composer offers Stop while the answer streams.
    assert.ok(await view.page.getByRole('button', { name: 'Stop the answer' }).isVisible());
  });

  it('renders a streamed answer exactly as the same answer rendered whole', async () => {
    const text = markdownAnswer(1500) + '\n1. one\n2. two\n\n3. three\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSetext\n===\n\nend';
    await view.dispatch(
      stateMessage(
        chat([userTurn('u1', 'q'), assistantTurn('a1'), userTurn('u2', 'again'), assistantTurn('a2', { status: 'done', content: text })]),
      ),
    );
    // Stream into a1 in uneven pieces, letting frames render in between.
    await view.page.evaluate(`(async () => {
      const text = ${JSON.stringify(text)};
      let i = 0, n = 0;
      while (i < text.length) {
        const size = 1 + ((n * 7919) % 23);
        window.__harness.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content: text.slice(i, i + size) });
        i += size;
        if (++n % 5 === 0) await new Promise((r) => requestAnimationFrame(r));
      }
    })()`);
    await view.dispatch({ type: 'turn', chatId: 'c1', turn: assistantTurn('a1', { status: 'done', content: text }) });
    await view.page.locator('article[data-turn-id="a1"]:not(.streaming)').waitFor();
    const outline = (id: string) =>
      view.page
        .locator(`article[data-turn-id="${id}"] .md-block > *`)
        .evaluateAll((els) =>
          els.map((e) => `${(e as unknown as { tagName: string }).tagName}:${(e as unknown as { textContent: string }).textContent}`),
        );
    const whole = await outline('a2');
    assert.ok(whole.length > 40, 'a long answer with many blocks');
    assert.deepEqual(await outline('a1'), whole);
  });

  it('shows reasoning open with a live counter while it streams, collapsed once the answer starts, reopenable', async () => {
    await startStreaming();
    await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', reasoning: 'The user wants a greeting. ' });
    const block = answer().locator('details.reasoning');
    await block.waitFor();
    assert.equal(await block.getAttribute('open'), '');
    assert.match((await block.locator('summary').textContent()) ?? '', /^Thinking… 0 s$/);
    await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', reasoning: 'Trim the name first.' });
    await block.locator('summary', { hasText: 'Thinking… 1 s' }).waitFor({ timeout: 3000 });
    assert.equal(await block.locator('.reasoning-text').textContent(), 'The user wants a greeting. Trim the name first.');

    await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content: 'Use `trim()`.' });
    await answer().locator('.markdown code', { hasText: 'trim()' }).waitFor();
    await view.page.waitForFunction(
      () =>
        !(globalThis as unknown as { document: { querySelector(s: string): { open: boolean } } }).document.querySelector(
          'details.reasoning',
        ).open,
    );
    assert.match((await block.locator('summary').textContent()) ?? '', /^Thought for [12] s$/);
    // The host's figure wins once it sends the turn.
    await view.dispatch({
      type: 'turn',
      chatId: 'c1',
      turn: assistantTurn('a1', {
        status: 'done',
        reasoning: 'The user wants a greeting. Trim the name first.',
        reasoningMs: 4200,
        content: 'Use `trim()`.',
      }),
    });
    await block.locator('summary', { hasText: 'Thought for 4 s' }).waitFor();
    await block.locator('summary').click();
    assert.equal(await block.getAttribute('open'), '');
    // <details> fires its toggle event as a task after the click, so the saved state follows a moment later.
    await view.page
      .waitForFunction(
        () =>
          (globalThis as unknown as { __harness: { state: { openReasoning?: string[] } } }).__harness.state?.openReasoning?.includes('a1'),
        undefined,
        { timeout: 2000 },
      )
      .catch(() => {});
    assert.deepEqual(((await view.uiState()) as { openReasoning: string[] }).openReasoning, ['a1'], 'the opened block is remembered');
  });

  it('shows a gated tool call with what will happen, and posts the decision', async () => {
    await startStreaming();
    const call = {
      id: 'call_1',
      name: 'run_command',
      args: '{"command":"npm test"}',
      status: 'awaiting-approval' as const,
      approval: { summary: 'Run `npm test` in a terminal', detail: 'cwd: demo-workspace' },
    };
    await view.dispatch({ type: 'turn', chatId: 'c1', turn: assistantTurn('a1', { toolCalls: [call] }) });
    const card = answer().locator('.tool-card[data-call-id="call_1"]');
    await card.waitFor();
    assert.equal(await card.locator('.tool-name').textContent(), 'run_command');
    assert.equal(await card.locator('.approval-summary').textContent(), 'Run `npm test` in a terminal');
    assert.equal(await card.locator('.approval-detail').textContent(), 'cwd: demo-workspace');
    assert.equal(await card.locator('.tool-args pre').textContent(), '{\n  "command": "npm test"\n}');
    await card.getByRole('button', { name: 'Approve run_command' }).click();
    assert.deepEqual(await lastPosted('approveTool'), { type: 'approveTool', callId: 'call_1', decision: 'approve' });
    assert.ok(await card.getByRole('button', { name: 'Deny run_command' }).isDisabled(), 'one decision per card');

    await view.dispatch({
      type: 'turn',
      chatId: 'c1',
      turn: assistantTurn('a1', { toolCalls: [{ ...call, status: 'done', result: ' 3 passing', durationMs: 1500 }] }),
    });
    await card.locator('.tool-status', { hasText: 'Done · 1.5 s' }).waitFor();
    assert.equal(await card.locator('.tool-approval').count(), 0);
    await card.locator('.tool-result summary').click();
    assert.equal(await card.locator('.tool-result pre').textContent(), ' 3 passing');

    const second = {
      id: 'call_2',
      name: 'apply_edit',
      args: '{}',
      status: 'awaiting-approval' as const,
      approval: { summary: 'Edit src/greet.ts', alwaysScope: 'src/greet.ts' },
    };
    await view.dispatch({ type: 'turn', chatId: 'c1', turn: assistantTurn('a1', { toolCalls: [second] }) });
    await answer().getByRole('button', { name: 'Always allow edits to src/greet.ts in this chat' }).click();
    assert.deepEqual(await lastPosted('approveTool'), { type: 'approveTool', callId: 'call_2', decision: 'always' });
  });

  it('shows citations as links with title and site, and a failed search', async () => {
    await startStreaming(optionsA);
    await view.dispatch({
      type: 'turn',
      chatId: 'c1',
      turn: assistantTurn('a1', {
        status: 'done',
        content: 'Node 20 is LTS.',
        citations: [{ title: 'Node.js releases', url: 'https://nodejs.org/en/about/previous-releases', siteName: 'nodejs.org' }],
        searchError: 'search backend timed out',
        usage: { promptTokens: 1200, completionTokens: 340, reasoningTokens: 120, cacheHitTokens: 800, webSearches: 1 },
      }),
    });
    const link = answer().locator('.citations a');
    await link.waitFor();
    assert.equal(await link.textContent(), 'Node.js releases');
    assert.equal(await link.getAttribute('href'), 'https://nodejs.org/en/about/previous-releases');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    assert.equal(await answer().locator('.citation-site').textContent(), ' — nodejs.org');
    assert.equal(await answer().locator('.notice.warning').textContent(), 'Web search failed: search backend timed out');
    assert.equal(
      await answer().locator('.usage').textContent(),
      'Tokens: 1,200 in · 340 out · 120 reasoning · 800 cache hit · 1 web search',
    );
  });

  it('shows an error banner whose button posts the fixing action', async () => {
    await startStreaming();
    await view.dispatch({
      type: 'turn',
      chatId: 'c1',
      turn: assistantTurn('a1', {
        status: 'error',
        error: {
          service: 'B',
          code: 'authentication_error',
          message: 'Service B rejected the API key (401).',
          hint: 'Set a valid key.',
          action: 'setKey',
        },
      }),
    });
    const banner = answer().getByRole('alert');
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', /rejected the API key/);
    await banner.getByRole('button', { name: 'Set Service B Key' }).click();
    assert.deepEqual(await lastPosted('errorAction'), { type: 'errorAction', action: 'setKey', service: 'B' });
    // The answer is over: the composer offers Send again.
    assert.ok(await view.page.getByRole('button', { name: 'Send message' }).isVisible());
  });

  it('counts down a 429 retry and clears it when text arrives', async () => {
    await startStreaming();
    await view.dispatch({ type: 'retrying', chatId: 'c1', turnId: 'a1', seconds: 3, attempt: 1 });
    const countdown = answer().locator('.retry-countdown');
    await countdown.filter({ hasText: 'Rate limited — retrying in 3 s (attempt 1)' }).waitFor();
    await countdown.filter({ hasText: 'retrying in 2 s' }).waitFor({ timeout: 2500 });
    await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content: 'Back.' });
    await countdown.waitFor({ state: 'hidden' });
  });

  it('keeps the partial text of a cut stream and offers Retry', async () => {
    await startStreaming();
    await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content: 'The first half of the ans' });
    await answer().locator('.markdown', { hasText: 'The first half' }).waitFor();
    await view.dispatch({
      type: 'turn',
      chatId: 'c1',
      turn: assistantTurn('a1', {
        status: 'error',
        content: 'The first half of the ans',
        error: { service: 'B', code: 'stream_cut', message: 'The connection closed mid-answer.', hint: 'Retry to ask again.' },
      }),
    });
    await answer().getByRole('button', { name: 'Retry this answer' }).click();
    assert.deepEqual(await lastPosted('retry'), { type: 'retry' });
    assert.equal((await answer().locator('.markdown').textContent())?.trim(), 'The first half of the ans');
  });

  it('sends on Enter, adds a line on Shift+Enter, stops on Escape', async () => {
    await view.dispatch(stateMessage());
    const input = view.page.getByLabel('Message Tandem');
    await input.click();
    await input.pressSequentially('first line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    assert.equal((await view.posted()).filter((m) => m.type === 'send').length, 0, 'Shift+Enter does not send');
    assert.equal(((await view.uiState()) as { draft: string }).draft, 'first line\nsecond line', 'the draft is kept in webview state');
    await input.press('Enter');
    assert.deepEqual(await lastPosted('send'), { type: 'send', text: 'first line\nsecond line' });
    assert.equal(await input.inputValue(), '');

    await startStreaming();
    await input.press('Escape');
    assert.deepEqual(await waitPosted('stop'), { type: 'stop' });
    await view.page.getByRole('button', { name: 'Stop the answer' }).click();
    assert.equal((await view.posted()).filter((m) => m.type === 'stop').length, 2);
  });

  it('announces streamed text politely through a live region, then the end of the answer', async () => {
    // The page's timers run on a clock the test moves, so "not yet" is not a race with the throttle.
    await view.page.clock.install({ time: 0 });
    await startStreaming();
    await view.page.clock.pauseAt(60_000);
    const live = view.page.locator('[aria-live="polite"]');
    assert.equal(await live.count(), 1);
    await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content: 'Use **trim** ' });
    await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content: 'before greeting.' });
    // Throttled: nothing is read out at once, nor just before the interval, then the batch is, without
    // markdown punctuation.
    // One frame shows the text (and hands it to the live region); the interval starts then.
    await view.page.clock.runFor(20);
    await answer().locator('.markdown', { hasText: 'before greeting.' }).waitFor();
    await view.page.clock.runFor(1_900);
    assert.equal(await live.textContent(), '');
    await view.page.clock.runFor(200);
    await live.filter({ hasText: 'Use trim before greeting.' }).waitFor({ timeout: 4000 });
    await view.dispatch({
      type: 'turn',
      chatId: 'c1',
      turn: assistantTurn('a1', { status: 'done', content: 'Use **trim** before greeting.' }),
    });
    await live.filter({ hasText: 'Answer complete.' }).waitFor();
  });

  it('never turns model output into HTML or runs it', async () => {
    await startStreaming();
    const hostile =
      'Look: <img src=x onerror="window.__pwned=1"> and <script>window.__pwned=2</script>\n\n<iframe src="https://evil.example"></iframe>\n\n[click](javascript:window.__pwned=3) ![pic](https://evil.example/p.png)';
    await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content: hostile });
    await view.dispatch({
      type: 'turn',
      chatId: 'c1',
      turn: assistantTurn('a1', { status: 'done', content: hostile, reasoning: '<img src=y onerror="window.__pwned=4">' }),
    });
    await answer().locator('.markdown', { hasText: 'Look:' }).waitFor();
    // What the click reached, seen as it is dispatched (so no wait afterwards): a link with no href has
    // no activation behaviour, so there is nothing a javascript: address could run later.
    await view.page.evaluate(`document.addEventListener('click', (event) => {
      const link = event.target.closest('a');
      window.__clicked = { link: !!link, href: link && link.getAttribute('href') };
    }, { capture: true, once: true })`);
    await answer().locator('a', { hasText: 'click' }).click();
    assert.deepEqual(await view.page.evaluate('window.__clicked'), { link: true, href: null }, 'the click reached a link without an href');
    assert.equal(await view.page.evaluate('window.__pwned'), undefined);
    assert.equal(await view.page.locator('article.assistant img, article.assistant script, article.assistant iframe').count(), 0);
    const text = (await answer().locator('.markdown').textContent()) ?? '';
    assert.match(text, /<img src=x onerror="window.__pwned=1">/, 'raw HTML is shown as text');
    assert.match(text, /<script>window.__pwned=2<\/script>/);
    assert.equal(await answer().locator('a', { hasText: 'click' }).getAttribute('href'), null, 'javascript: links lose their href');
    assert.equal(await answer().locator('.reasoning-text').textContent(), '<img src=y onerror="window.__pwned=4">');
  });

  it('posts copy / insert / new file for a code block', async () => {
    await view.dispatch(
      stateMessage(
        chat([userTurn('u1', 'code?'), assistantTurn('a1', { status: 'done', content: 'Here:\n\n```python\nprint("hi")\n```\n' })]),
      ),
    );
    const block = answer().locator('.code-block');
    await block.waitFor();
    await block.getByRole('button', { name: 'Copy code' }).click();
    assert.deepEqual(await lastPosted('codeAction'), { type: 'codeAction', action: 'copy', code: 'print("hi")', language: 'python' });
    await block.locator('button', { hasText: 'Copied' }).waitFor();
    await block.getByRole('button', { name: 'Insert code at cursor' }).click();
    assert.deepEqual(await lastPosted('codeAction'), { type: 'codeAction', action: 'insert', code: 'print("hi")', language: 'python' });
    await block.getByRole('button', { name: 'Open code as a new file' }).click();
    assert.deepEqual(await lastPosted('codeAction'), { type: 'codeAction', action: 'newFile', code: 'print("hi")', language: 'python' });
  });

  it('attaches context as chips with remove, and images only in Service A chats', async () => {
    await view.dispatch(stateMessage());
    await view.page.getByRole('button', { name: 'Attach the editor selection' }).click();
    assert.deepEqual(await lastPosted('mention'), { type: 'mention', itemId: 'selection' });
    await view.page.getByRole('button', { name: 'Attach the active file' }).click();
    assert.deepEqual(await lastPosted('mention'), { type: 'mention', itemId: 'activeFile' });
    await view.dispatch({
      type: 'attachments',
      attachments: [{ id: 'x1', kind: 'selection', label: 'greet.ts:3-7', text: 'const a = 1;' }],
    });
    await view.page.locator('.composer .chip', { hasText: 'greet.ts:3-7' }).waitFor();
    await view.page.getByRole('button', { name: 'Remove greet.ts:3-7' }).click();
    assert.deepEqual(await lastPosted('removeAttachment'), { type: 'removeAttachment', id: 'x1' });

    const pasteImage = () =>
      view.page.evaluate(`(() => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' }));
        document.querySelector('.composer-input').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      })()`);
    await pasteImage();
    await view.page.locator('.composer-note', { hasText: 'Service A chats only' }).waitFor();
    assert.equal(await lastPosted('attachImage'), undefined);

    await view.dispatch(stateMessage(chat([], optionsA)));
    // The state arrives as a message event, which may run after the next script the test evaluates:
    // paste only once the view shows the Service A chat.
    await view.page.waitForFunction(() => {
      const picker = (globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }).document.querySelector(
        'select[aria-label="Service"]',
      );
      return picker?.value === 'A';
    });
    await pasteImage();
    const image = await waitPosted('attachImage');
    assert.deepEqual(image, { type: 'attachImage', name: 'shot.png', dataUrl: 'data:image/png;base64,iVBORw==' });
  });

  it('edits and resends a user message', async () => {
    await view.dispatch(
      stateMessage(
        chat([
          userTurn('u1', 'Helo', { attachments: [{ id: 'f', kind: 'file', label: 'greet.ts' }] }),
          assistantTurn('a1', { status: 'done', content: 'Hi.' }),
        ]),
      ),
    );
    assert.equal(await view.page.locator('article.user .chip').textContent(), 'greet.ts');
    await view.page.getByRole('button', { name: 'Edit and resend this message' }).click();
    const editor = view.page.getByLabel('Edit message');
    await editor.fill('Hello, fixed');
    await editor.press('Enter');
    assert.deepEqual(await lastPosted('editAndResend'), { type: 'editAndResend', turnId: 'u1', text: 'Hello, fixed' });
  });

  it('drops messages that do not match the protocol', async () => {
    await startStreaming();
    await view.dispatchRaw({ type: 'delta', chatId: 'c1', turnId: 'a1', content: 42 });
    await view.dispatchRaw({ type: 'delta', chatId: 'c1', turnId: 'a1', content: 'x', html: '<b>' });
    await view.dispatchRaw({ type: 'explode' });
    await view.dispatch({ type: 'delta', chatId: 'c1', turnId: 'a1', content: 'valid' });
    await answer().locator('.markdown', { hasText: 'valid' }).waitFor();
    assert.equal((await answer().locator('.markdown').textContent())?.trim(), 'valid');
  });

  it('restores the draft and the scroll position from webview state after a reload', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    const restored = await harness.open({ chatId: 'c1', draft: 'half-typed question', scrollTop: 120, openReasoning: ['a1'] });
    // A busy machine, made certain: the answer fills in over many frames, so the restore has to hold
    // while it does (it used to take the bottom of a half-laid-out answer for the end and follow it there).
    const cdp = await restored.page.context().newCDPSession(restored.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await restored.dispatch(
        stateMessage(
          chat([userTurn('u1', 'q'), assistantTurn('a1', { status: 'done', reasoning: 'thoughts', reasoningMs: 2000, content: long })]),
        ),
      );
      // Filled in (the last pass shows the last paragraph and drops data-rendering), and the frame that
      // laid it out has run its resize observers, which finish the restore.
      await restored.page.locator('article.assistant .markdown:not([data-rendering])', { hasText: 'Paragraph 59.' }).waitFor();
      await restored.page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      assert.equal(await restored.page.getByLabel('Message Tandem').inputValue(), 'half-typed question');
      assert.equal(
        await restored.page.locator('.messages').evaluate((el) => Math.round((el as unknown as { scrollTop: number }).scrollTop)),
        120,
      );
      assert.equal(
        await restored.page.locator('details.reasoning').getAttribute('open'),
        '',
        'a reasoning block the user opened stays open',
      );
      assert.deepEqual(await restored.violations(), []);
      assert.deepEqual(restored.errors, []);
    } finally {
      await restored.page.close();
    }
  });
});
