// `npm run bench:chat`: the chat webview in real Chromium (the isolated harness: the minified
// bundle under the real CSP) receiving a long markdown answer as deltas at a fixed rate.
// Prints JSON: time from the first delta to the first visible token, total scripting time (CDP
// ScriptDuration) and the longest frame for a 20k- and a 40k-token answer; then hostile model
// output: reopening a chat whose answer is 1 MB of adversarial markdown (time until it is shown
// and fully rendered, longest frame), each hostile block reopened on its own, and a 250 KB open
// code fence streamed (`--hostile-only 1` skips the first part).
// The delta source is a function (`DeltaSource`), so a full-stack source (code-server + the
// simulator streaming over SSE) can replace the in-page one; bench/chatFullStack.ts is that variant.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { Page } from 'playwright-core';
import { launchChatHarness } from '../test/e2e/fixtures/chatHarness';
import { assistantTurn, chat, markdownAnswer, splitIntoDeltas, stateMessage, userTurn } from '../test/e2e/fixtures/chatMessages';
import { adversarialAnswer, hostileBlocks } from '../test/e2e/fixtures/hostileAnswers';
import { repoRoot } from '../scripts/vscodePaths.mjs';
import { arg, frameFigures, inPage, machineLoad, metrics, probeSource, round, type FrameProbe, renderCosts } from './chatMeasure';
import { hostileRuns } from './chatHostile';

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

async function run(source: DeltaSource, tokens: number, bundle: string) {
  const harness = await launchChatHarness(bundle);
  try {
    const view = await harness.open(undefined, { width: 420, height: 900 });
    await view.dispatch(stateMessage(chat([userTurn('u1', `Explain the refactor [[tokens=${tokens}]]`), assistantTurn('a1')])));
    await view.page.locator('article.assistant').waitFor();
    // The view opens well before the user's first question; give it its idle time.
    await view.page.waitForTimeout(1500);
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
  let hostile;
  try {
    if (!arg('hostile-only', 0)) for (const tokens of sizes) results.push(await run(inPageSource, tokens, bundle));
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
        hostile,
      },
      null,
      2,
    ),
  );
}

void main();
