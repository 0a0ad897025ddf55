// `npm run bench:chat`: the chat webview in real Chromium (the isolated harness: the minified
// bundle under the real CSP) receiving a long markdown answer as deltas at a fixed rate.
// Prints JSON: time from the first delta to the first visible token, total scripting time (CDP
// ScriptDuration) and the longest frame for a 20k- and a 40k-token answer; then hostile model
// output: reopening a chat whose answer is 1 MB of adversarial markdown (time until it is shown
// and fully rendered, longest frame), each hostile block reopened on its own, and a 250 KB open
// code fence streamed (`--hostile-only 1` skips the first part).
// Mentions: the first token's time with none and with 20 mentions of real code (files of
// node_modules/undici/lib): the host's share (the 60,000-character budget, the user message, the
// request body) and the webview's (the user turn with 20 chips, then the first visible token).
// The delta source is a function (`DeltaSource`), so a full-stack source (code-server + the
// simulator streaming over SSE) can replace the in-page one; bench/chatFullStack.ts is that variant.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import type { Page } from 'playwright-core';
import { launchChatHarness } from '../test/e2e/fixtures/chatHarness';
import { assistantTurn, chat, markdownAnswer, splitIntoDeltas, stateMessage } from '../test/e2e/fixtures/chatMessages';
import { adversarialAnswer, hostileBlocks } from '../test/e2e/fixtures/hostileAnswers';
import { repoRoot } from '../scripts/vscodePaths.mjs';
import { arg, frameFigures, inPage, machineLoad, metrics, probeSource, round, type FrameProbe, renderCosts } from './chatMeasure';
import { hostileRuns } from './chatHostile';
import { userMessage } from '../src/core/chat/chatRound';
import { withinBudget } from '../src/core/chat/mentions';
import type { Attachment, HostMessage, UserTurn } from '../src/shared/protocol';

const tokensPerSecond = arg('tps', 1000);
const tokensPerDelta = arg('tokens-per-delta', 1);
const sizes = [arg('small', 20_000), arg('large', 40_000)];

interface StreamTimes {
  firstDeltaAt: number;
  firstInDomAt: number;
  firstVisibleAt: number;
  lastDeltaAt: number;
  doneAt: number;
}

/** Streams `text` into the turn `a1` of chat `c1` on `page` and resolves when it is rendered. */
type DeltaSource = (page: Page, text: string) => Promise<StreamTimes>;

const inPageSource: DeltaSource = async (page, text) => {
  const deltas = splitIntoDeltas(text, tokensPerDelta);
  const finalTurn = assistantTurn('a1', { status: 'done', content: text });
  return inPage<StreamTimes>(page, 'streamDeltasInPage', {
    chatId: 'c1',
    turnId: 'a1',
    deltas,
    deltasPerSecond: tokensPerSecond / tokensPerDelta,
    finalTurn,
  });
};

/** The production webview bundle, built privately: other work in the repository may rebuild dist/ meanwhile. */
async function buildBundle(dir: string): Promise<string> {
  const outfile = join(dir, 'webview.js');
  await esbuild.build({
    entryPoints: [join(repoRoot, 'src/webview/main.ts')],
    outfile,
    bundle: true,
    minify: true,
    legalComments: 'none',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'silent',
  });
  return outfile;
}

/** 20 mentions of real code: the first 20 `.js` files over 2 KB under node_modules/undici/lib, by path. */
function undiciMentions(count = 20): Attachment[] {
  const root = join(repoRoot, 'node_modules/undici/lib');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js') && statSync(path).size > 2048) files.push(path);
    }
  };
  walk(root);
  return files.slice(0, count).map((path, i) => ({
    id: `m${i}`,
    kind: 'file',
    label: relative(repoRoot, path),
    text: readFileSync(path, 'utf8'),
    language: 'javascript',
  }));
}

/**
 * The host's work between Enter and the request leaving, for these mentions: the budget, the user
 * message, and the request body as JSON (the median of several rounds: it is well under a millisecond's scale).
 */
function hostPrepare(question: string, mentions: Attachment[]) {
  const rounds: number[] = [];
  let body = '';
  let turn: UserTurn = { id: 'u1', role: 'user', text: question, attachments: [] };
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    turn = { id: 'u1', role: 'user', text: question, attachments: withinBudget(mentions) };
    body = JSON.stringify({ model: 'beta-v4-flash', stream: true, messages: [userMessage(turn, 'B')] });
    rounds.push(performance.now() - started);
  }
  rounds.sort((a, b) => a - b);
  return { turn, requestBytes: Buffer.byteLength(body), hostPrepareMs: round(rounds[10], 2) };
}

async function run(source: DeltaSource, tokens: number, bundle: string, mentions: Attachment[] = []) {
  const harness = await launchChatHarness(bundle);
  try {
    const view = await harness.open(undefined, { width: 420, height: 900 });
    const question = `Explain the refactor [[tokens=${tokens}]]`;
    const prepared = hostPrepare(question, mentions);
    await view.dispatch(stateMessage(chat([])));
    // The view opens well before the user's first question; give it its idle time.
    await view.page.waitForTimeout(1500);
    // What the host posts on Enter: the user turn (with its chips), then the answer's turn.
    const turnStarted = performance.now();
    await view.dispatch({ type: 'turn', chatId: 'c1', turn: prepared.turn } satisfies HostMessage);
    await view.dispatch({ type: 'turn', chatId: 'c1', turn: assistantTurn('a1') } satisfies HostMessage);
    await view.page.locator('article.assistant').waitFor();
    if (mentions.length)
      await view.page
        .locator('.turn.user .chip')
        .nth(mentions.length - 1)
        .waitFor();
    const userTurnShownMs = round(performance.now() - turnStarted, 1);
    const cdp = await view.page.context().newCDPSession(view.page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const text = markdownAnswer(tokens);
    await view.page.evaluate(probeSource);
    await inPage(view.page, 'installFrameProbe');
    const before = await metrics(cdp);
    const times = await source(view.page, text);
    const after = await metrics(cdp);
    const frames = await inPage<FrameProbe>(view.page, 'readFrameProbe');
    const rendered = await view.page
      .locator('article.assistant .markdown')
      .evaluate((el) => (el as unknown as { textContent: string }).textContent.length);
    const problems = [...(await view.violations()), ...view.errors];
    return {
      tokens,
      mentions: mentions.length,
      mentionedChars: mentions.reduce((n, m) => n + (m.text?.length ?? 0), 0),
      requestBytes: prepared.requestBytes,
      hostPrepareMs: prepared.hostPrepareMs,
      userTurnShownMs,
      chars: text.length,
      deltas: Math.ceil(text.length / (4 * tokensPerDelta)),
      streamSeconds: round((times.lastDeltaAt - times.firstDeltaAt) / 1000, 2),
      firstVisibleTokenMs: round(times.firstVisibleAt - times.firstDeltaAt),
      firstTokenInDomMs: round(times.firstInDomAt - times.firstDeltaAt),
      lastDeltaToRenderedMs: round(times.doneAt - times.lastDeltaAt),
      ...renderCosts(before, after),
      ...frameFigures(frames),
      loadAverage: machineLoad(),
      renderedChars: rendered,
      problems,
    };
  } finally {
    await harness.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-chat-'));
  const bundle = await buildBundle(dir);
  const bundleBytes = statSync(bundle).size;
  const results = [];
  let withMentions;
  let hostile;
  try {
    if (!arg('hostile-only', 0)) {
      for (const tokens of sizes) results.push(await run(inPageSource, tokens, bundle));
      withMentions = await run(inPageSource, sizes[0], bundle, undiciMentions(20));
    }
    hostile = await hostileRuns(bundle, { adversarialAnswer, hostileBlocks });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const [small, large] = results;
  const ratio = small && large ? round(large.scriptingMs / small.scriptingMs, 2) : undefined;
  const worstFrame = Math.max(0, ...results.map((r) => r.longestFrameMs));
  console.log(
    JSON.stringify(
      {
        bench: 'chat-webview',
        source: 'in-page deltas at a fixed rate (isolated harness, real CSP, minified bundle)',
        tokensPerSecond,
        tokensPerDelta,
        bundleBytes,
        runs: results,
        scriptingRatioLargeToSmall: ratio,
        targets: { scriptingRatioMax: 2.2, longestFrameMaxMs: 50, reopenAdversarial1MBShownMaxMs: 1000 },
        worstFrameWallMs: worstFrame,
        worstFrameWorkMs: Math.max(0, ...results.map((r) => r.longestFrameWorkMs)),
        meetsTargets: ratio !== undefined && ratio <= 2.2 && worstFrame <= 50 && results.every((r) => r.problems.length === 0),
        // Wall-clock frames on a shared 2-core machine include time other processes took.
        meetsTargetsOnPageWork: ratio !== undefined && ratio <= 2.2 && Math.max(...results.map((r) => r.longestFrameWorkMs)) <= 50,
        // First-token time of the same answer with no mentions and with 20 (host share + user turn + first visible token).
        firstToken: small &&
          withMentions && {
            none: {
              firstVisibleTokenMs: small.firstVisibleTokenMs,
              totalMs: round(small.hostPrepareMs + small.userTurnShownMs + small.firstVisibleTokenMs, 1),
            },
            twentyMentions: {
              firstVisibleTokenMs: withMentions.firstVisibleTokenMs,
              hostPrepareMs: withMentions.hostPrepareMs,
              userTurnShownMs: withMentions.userTurnShownMs,
              requestBytes: withMentions.requestBytes,
              mentionedChars: withMentions.mentionedChars,
              totalMs: round(withMentions.hostPrepareMs + withMentions.userTurnShownMs + withMentions.firstVisibleTokenMs, 1),
            },
          },
        withMentions,
        hostile,
      },
      null,
      2,
    ),
  );
}

void main();
