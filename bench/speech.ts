// `npm run bench:speech`: read aloud end to end in a real VS Code (code-server) with the production
// bundle, the simulator streaming Service A speech, and the webview's Web Audio player.
//   1. first pcm chunk leaving the simulator → first sample scheduled in the webview (target < 50 ms p50)
//   2. command (the Enter in the Command Palette) → first sound, by the webview's audio clock
//   3. follow along: a sentence boundary audible → its highlight moved (bench/speechFollow.ts); speed
//      change: + pressed mid-reading → first samples at the new speed audible (bench/speechSpeed.ts)
//   4. memory while a long text (10 minutes of audio by default) is read: webview heap, browser and
//      extension-host RSS, and how much audio the player holds, sampled through the reading.
//   4. cold start: the first reading in a new window and after a reload, the Tandem view not yet open (speechColdStart.ts)
// Options: --runs N (latency runs, default 10), --minutes N (length of the long reading, default 10; 0
// skips it), --cold N (cold-start runs, default 5).
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { demoWorkspace, frameWith, goToLine, openWorkbench } from '../test/e2e/workbench';
import { arg, machineLoad, round, runCommandTimed } from './chatMeasure';
import { speechAnswersBench } from './speechAnswers';
import { measureColdStart } from './speechColdStart';
import { highlightLag } from './speechFollow';
import { benchSpeedChange } from './speechSpeed';

const runs = arg('runs', 10);
const minutes = arg('minutes', 10);
const coldRuns = arg('cold', 5);
const SAMPLE_EVERY_MS = 15_000;
/** The simulator speaks about 65 ms per character; this sentence is ~5.5 s. */
const SENTENCE = 'Tandem reads the selection aloud while the audio is still streaming in, part after part. ';
const file = join(demoWorkspace, 'speech-bench.md');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const dataset = (frame: Frame): Promise<Record<string, string | undefined>> =>
  frame.locator('.speech-bar').evaluate((el) => ({ ...(el as unknown as { dataset: Record<string, string> }).dataset }));

const spread = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });

interface MemorySample {
  atS: number;
  playedS: number;
  heldAheadS: number;
  webviewHeapMb: number;
  browserMb: number;
  extensionHostMb: number;
  requests: number;
}

/** Resident memory (MB) of the browser's processes and of code-server's extension host. */
function rssMb(): { browserMb: number; extensionHostMb: number } {
  const lines = execFileSync('ps', ['-eo', 'rss=,args='], { encoding: 'utf8' }).split('\n');
  let browser = 0;
  let extensionHost = 0;
  for (const line of lines) {
    const [, rss, args] = /^\s*(\d+)\s+(.*)$/.exec(line) ?? [];
    if (!rss) continue;
    if (/chrom(e|ium)/.test(args) && !/crashpad/.test(args)) browser += Number(rss);
    else if (/extensionHost|type=extensionHost/.test(args)) extensionHost += Number(rss);
  }
  return { browserMb: round(browser / 1024), extensionHostMb: round(extensionHost / 1024) };
}

async function main() {
  const longText = SENTENCE.repeat(Math.ceil((minutes * 60) / 5.5)).trim();
  writeFileSync(file, `Read this sentence aloud, please.\n\n${longText}\n`);
  // Chat answers in a window of their own, with auto-read on.
  const answers = await speechAnswersBench(runs);
  const workbench = await openWorkbench();
  const { page, sim } = workbench;
  try {
    await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'speech-bench.md' }).click();
    await page.locator('.tab', { hasText: 'speech-bench.md' }).waitFor();

    const latency: Array<{ chunkToScheduledMs: number; commandToFirstSoundMs: number; commandToFirstChunkMs: number }> = [];
    let frame: Frame | undefined;
    for (let i = 0; i < runs + 1; i++) {
      sim.reset();
      // Forget the previous run's "ended", so the wait below is for this run's.
      await frame?.locator('.speech-bar').evaluate((el) => delete (el as unknown as { dataset: Record<string, string> }).dataset.state);
      await goToLine(page, 1);
      await page.keyboard.press('Shift+End');
      const enterAt = await runCommandTimed(page, 'Tandem: Read Aloud');
      frame ??= await frameWith(page, '.speech-bar', 60_000);
      await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 60_000 });
      const data = await dataset(frame);
      const firstDataAt = sim.requests.find((r) => r.path === '/v1/chat/completions')?.firstDataAt ?? Number.NaN;
      // The first run opens the view and loads the webview: reported apart as the cold start.
      const run = {
        chunkToScheduledMs: round(Number(data.firstScheduledAt) - firstDataAt),
        commandToFirstSoundMs: round(Number(data.firstSoundAt) - enterAt),
        commandToFirstChunkMs: round(firstDataAt - enterAt),
      };
      if (i === 0) console.error(`cold start: ${JSON.stringify(run)}`);
      latency.push(run);
      await page.waitForTimeout(300);
    }
    const [firstRun, ...warm] = latency;
    // Line 3 starts the long text: its first sentence or two, a few seconds of speech.
    const speedChangeMs = await benchSpeedChange(page, frame!, runs, 3);

    // The long reading: everything after line 2.
    const samples: MemorySample[] = [];
    if (minutes > 0) {
      sim.reset();
      await goToLine(page, 3);
      await page.keyboard.press('Control+Shift+End');
      await runCommandTimed(page, 'Tandem: Read Aloud');
      await frame!.locator('.speech-bar[data-state="playing"]').waitFor({ timeout: 60_000 });
      const started = Date.now();
      for (;;) {
        const data = await dataset(frame!);
        const heap = (await frame!.evaluate(
          () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
        )) as number;
        samples.push({
          atS: round((Date.now() - started) / 1000),
          playedS: round(Number(data.playedSeconds ?? 0)),
          heldAheadS: round(Number(data.scheduledSeconds ?? 0) - Number(data.playedSeconds ?? 0)),
          webviewHeapMb: round(heap / 1024 / 1024),
          ...rssMb(),
          requests: sim.requests.length,
        });
        console.error(JSON.stringify(samples.at(-1)));
        if (data.state === 'ended' || Date.now() - started > (minutes * 60 + 120) * 1000) break;
        await page.waitForTimeout(SAMPLE_EVERY_MS);
      }
    }
    const coldNew = await measureColdStart(workbench, 'newWindow', 'speech-bench.md', coldRuns);
    const coldReload = await measureColdStart(workbench, 'reload', 'speech-bench.md', coldRuns);
    // Follow along: highlight lag per sentence boundary.
    const followAlong = await highlightLag(page, sim, runs);
    const firstMinute = samples.filter((s) => s.atS >= 30 && s.atS <= 90);
    const lastMinute = samples.filter((s) => s.atS >= (samples.at(-1)?.atS ?? 0) - 60);
    const mean = (list: MemorySample[], key: 'webviewHeapMb' | 'browserMb' | 'extensionHostMb') =>
      round(list.reduce((n, s) => n + s[key], 0) / Math.max(1, list.length));

    console.log(
      JSON.stringify(
        {
          bench: 'speech',
          source: `code-server + Tandem (production bundle) + simulator (Service A speech, pcm16 at 24 kHz); ${runs} warm runs of a one-line selection, then ${minutes} min of text`,
          firstChunkToScheduledMs: {
            p50: percentile(
              warm.map((r) => r.chunkToScheduledMs),
              50,
            ),
            p95: percentile(
              warm.map((r) => r.chunkToScheduledMs),
              95,
            ),
            target: '< 50 (p50)',
          },
          commandToFirstSoundMs: {
            p50: percentile(
              warm.map((r) => r.commandToFirstSoundMs),
              50,
            ),
            p95: percentile(
              warm.map((r) => r.commandToFirstSoundMs),
              95,
            ),
            firstRunOfTheBench: firstRun.commandToFirstSoundMs,
          },
          coldStartFirstSoundMs: {
            newWindow: { ...spread(coldNew.map((r) => r.commandToFirstSoundMs)), runs: coldNew },
            reload: { ...spread(coldReload.map((r) => r.commandToFirstSoundMs)), runs: coldReload },
            target: '≤ 1200 (new window)',
          },
          speedChangeMs,
          commandToFirstChunkMs: {
            p50: percentile(
              warm.map((r) => r.commandToFirstChunkMs),
              50,
            ),
          },
          longReading:
            samples.length === 0
              ? undefined
              : {
                  audioSeconds: samples.at(-1)!.playedS,
                  requests: samples.at(-1)!.requests,
                  maxHeldAheadSeconds: Math.max(...samples.map((s) => s.heldAheadS)),
                  webviewHeapMb: {
                    firstMinute: mean(firstMinute, 'webviewHeapMb'),
                    lastMinute: mean(lastMinute, 'webviewHeapMb'),
                    max: Math.max(...samples.map((s) => s.webviewHeapMb)),
                  },
                  browserRssMb: {
                    firstMinute: mean(firstMinute, 'browserMb'),
                    lastMinute: mean(lastMinute, 'browserMb'),
                    max: Math.max(...samples.map((s) => s.browserMb)),
                  },
                  extensionHostRssMb: {
                    firstMinute: mean(firstMinute, 'extensionHostMb'),
                    lastMinute: mean(lastMinute, 'extensionHostMb'),
                    max: Math.max(...samples.map((s) => s.extensionHostMb)),
                  },
                  samples,
                },
          answers,
          highlightLagMs: followAlong,
          loadAverage: machineLoad(),
          runs: latency,
        },
        null,
        2,
      ),
    );
  } finally {
    await workbench.close();
    rmSync(file, { force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
