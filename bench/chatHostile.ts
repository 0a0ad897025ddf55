// The hostile half of `npm run bench:chat`: model output built to make the markdown renderer slow.
// Reopening a chat (a `state` message, as when a chat is opened from history) whose answer is 1 MB
// of adversarial markdown, or one megabyte-long line: time until the answer is shown (its first
// block on screen) and until all of it is rendered, and the longest frame meanwhile. Then each
// hostile block reopened on its own, and a 250 KB open code fence streamed in. Each reopening is
// measured `--runs` times (3): the figures are medians, plus the longest frame of any run (the
// machine is shared, so a single run can be slowed by other processes).
import type { Page } from 'playwright-core';
import { launchChatHarness } from '../test/e2e/fixtures/chatHarness';
import { assistantTurn, chat, splitIntoDeltas, stateMessage, userTurn } from '../test/e2e/fixtures/chatMessages';
import { arg, frameFigures, inPage, machineLoad, probeSource, round, type FrameProbe } from './chatMeasure';

interface ReopenTimes {
  postedAt: number;
  inDomAt: number;
  shownAt: number;
  doneAt: number;
  renderedChars: number;
  blocks: number;
  plainBlocks: number;
  colouredSpans: number;
}

interface Answers {
  adversarialAnswer(chars?: number): string;
  hostileBlocks: Record<string, string>;
}

const runs = arg('runs', 3);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `once` measured `runs` times: the median of every figure, and the longest frame of any run. */
async function repeated<T extends Record<string, unknown>>(once: () => Promise<T>) {
  const results: T[] = [];
  for (let i = 0; i < runs; i++) results.push(await once());
  const figures = Object.fromEntries(
    Object.keys(results[0])
      .filter((key) => typeof results[0][key] === 'number')
      .map((key) => [key, median(results.map((r) => r[key] as number))]),
  );
  const longestFrameOfAnyRunMs = Math.max(...results.map((r) => r.longestFrameMs as number));
  const detail = results.flatMap((r) => (r.longAnimationFrameDetail as unknown[] | undefined) ?? []).slice(0, 3);
  return { ...figures, longestFrameOfAnyRunMs, ...(detail.length ? { longAnimationFrameDetail: detail } : {}) } as Record<
    string,
    number
  > & { longestFrameOfAnyRunMs: number };
}

/** Opens chat `id`, whose finished answer is `text`, measuring from the `state` message on. */
async function reopenOnce(page: Page, id: string, text: string) {
  const message = stateMessage(
    chat([userTurn(`${id}u`, 'q'), assistantTurn(`${id}a`, { status: 'done', content: text })], undefined, id, `Hostile ${id}`),
  );
  await inPage(page, 'installFrameProbe');
  const times = await inPage<ReopenTimes>(page, 'reopenInPage', { message });
  const frames = frameFigures(await inPage<FrameProbe>(page, 'readFrameProbe'));
  return {
    chars: text.length,
    shownMs: round(times.shownAt - times.postedAt),
    renderedMs: round(times.doneAt - times.postedAt),
    longestFrameMs: frames.longestFrameMs,
    longestFrameWorkMs: frames.longestFrameWorkMs,
    framesOver50ms: frames.framesOver50ms,
    renderedChars: times.renderedChars,
    blocks: times.blocks,
    plainBlocks: times.plainBlocks,
    colouredSpans: times.colouredSpans,
    ...(frames.longAnimationFrameDetail ? { longAnimationFrameDetail: frames.longAnimationFrameDetail } : {}),
  };
}

export async function hostileRuns(bundle: string, answers: Answers) {
  const harness = await launchChatHarness(bundle);
  try {
    const view = await harness.open(undefined, { width: 420, height: 900 });
    await view.page.evaluate(probeSource);
    // The view opens well before a chat is reopened; give it its idle time (engine warm-up).
    await view.page.waitForTimeout(1500);
    let chats = 0;
    const nextId = () => `h${++chats}`;
    const reopen = (text: string) => repeated(() => reopenOnce(view.page, nextId(), text));
    const adversarial = answers.adversarialAnswer(1_000_000);
    const reopen1MB = await reopen(adversarial);
    const reopenSingleLine1MB = await reopen(answers.hostileBlocks.singleLine1m);
    const blocks: Record<string, Awaited<ReturnType<typeof reopen>>> = {};
    for (const [name, text] of Object.entries(answers.hostileBlocks)) blocks[name] = await reopen(text);

    // A 250 KB code fence streamed in 1 KB deltas and never closed: every frame re-shows it.
    const fence = answers.hostileBlocks.openFence250k;
    const id = nextId();
    await view.dispatch(stateMessage(chat([userTurn(`${id}u`, 'q'), assistantTurn(`${id}a`)], undefined, id, 'Open fence')));
    await inPage(view.page, 'installFrameProbe');
    const streamed = await inPage<{ firstDeltaAt: number; lastDeltaAt: number; doneAt: number }>(view.page, 'streamDeltasInPage', {
      chatId: id,
      turnId: `${id}a`,
      deltas: splitIntoDeltas(fence, 256),
      deltasPerSecond: 250,
      finalTurn: assistantTurn(`${id}a`, { status: 'done', content: fence }),
    });
    const streamFrames = frameFigures(await inPage<FrameProbe>(view.page, 'readFrameProbe'));
    const problems = [...(await view.violations()), ...view.errors];

    const all = [reopen1MB, reopenSingleLine1MB, ...Object.values(blocks)];
    return {
      reopen1MB,
      reopenSingleLine1MB,
      blocks,
      streamOpenFence250k: {
        chars: fence.length,
        streamSeconds: round((streamed.lastDeltaAt - streamed.firstDeltaAt) / 1000, 2),
        lastDeltaToRenderedMs: round(streamed.doneAt - streamed.lastDeltaAt),
        longestFrameMs: streamFrames.longestFrameMs,
        longestFrameWorkMs: streamFrames.longestFrameWorkMs,
        framesOver50ms: streamFrames.framesOver50ms,
      },
      /** The longest frame (median of runs) of any hostile case, and of any single run. */
      worstFrameWallMs: Math.max(streamFrames.longestFrameMs, ...all.map((r) => r.longestFrameMs)),
      worstFrameOfAnyRunMs: Math.max(streamFrames.longestFrameMs, ...all.map((r) => r.longestFrameOfAnyRunMs)),
      worstFrameWorkMs: Math.max(streamFrames.longestFrameWorkMs, ...all.map((r) => r.longestFrameWorkMs)),
      meetsReopenTarget: reopen1MB.renderedMs < 1000 && reopenSingleLine1MB.renderedMs < 1000,
      loadAverage: machineLoad(),
      problems,
    };
  } finally {
    await harness.close();
  }
}
