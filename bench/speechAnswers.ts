// Chat answers read aloud, for `npm run bench:speech`: in a real VS Code with auto-read on, each run
// asks a question and measures
//   1. auto-read: the answer's first complete sentence (as the host saw it) → first sound, by the
//      webview's audio clock (the host logs it; the first sound must come within 1 s);
//   2. the answer's speaker button: click → first sound;
//   3. Tandem: Read Last Answer Aloud: the Enter in the Command Palette → first sound.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { until } from '../test/until';
import { chatFrame, frameWith, openWorkbench } from '../test/e2e/workbench';
import { machineLoad, round, runCommandTimed } from './chatMeasure';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const summary = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });

/** The Tandem log (a LogOutputChannel) under code-server's logs. */
function tandemLog(dir: string): string {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = tandemLog(path);
      if (found) return found;
    } else if (entry.name === 'Tandem.log') return readFileSync(path, 'utf8');
  }
  return '';
}

/** The `n`th auto-read's first sound, in ms after its first sentence was complete (ReadAloud logs it). */
function autoReadFirstSound(log: string, n: number): number | undefined {
  const runs = log.split('read aloud: auto-reading the answer as it streams').slice(1);
  const ms = /read aloud: first sound (\d+) ms after the command/.exec(runs[n] ?? '')?.[1];
  return ms === undefined ? undefined : Number(ms);
}

/** Waits for a new reading's first sound (epoch ms, webview audio clock), then stops it. */
async function firstSoundThenStop(bar: Frame): Promise<number> {
  const at = await bar.locator('.speech-bar[data-first-sound-at]').getAttribute('data-first-sound-at', { timeout: 60_000 });
  await bar.locator('button[aria-label="Stop reading aloud"]').click();
  await bar.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 30_000 });
  return Number(at);
}

/** Forgets the last reading's first sound, so the next wait is for the next reading's. */
const forgetFirstSound = (bar: Frame) =>
  bar.locator('.speech-bar').evaluate((el) => delete (el as unknown as { dataset: Record<string, string> }).dataset.firstSoundAt);

export async function speechAnswersBench(runs: number): Promise<Record<string, unknown>> {
  const workbench = await openWorkbench({ settings: { 'tandem.speech.autoReadAnswers': true } });
  const { page, sim } = workbench;
  const results: Array<{ autoReadFirstSentenceToFirstSoundMs: number; clickToFirstSoundMs: number; commandToFirstSoundMs: number }> = [];
  try {
    const chat = await chatFrame(page);
    for (let i = 0; i < runs; i++) {
      sim.reset();
      // The answer streams at a readable pace, so its first sentences are spoken while it streams.
      sim.configure({ tokensPerSecond: 40 });
      const earlier = await chat.locator('.turn.assistant').count();
      await chat.locator('.composer-input').fill(`How do I debounce a function in TypeScript (run ${i + 1})? [[tokens=1500]]`);
      await chat.locator('.composer-input').press('Enter');
      const answer = chat.locator('.turn.assistant').nth(earlier);
      const autoMs = await until(
        () => autoReadFirstSound(tandemLog(join(workbench.userDataDir, 'logs')), i),
        'the auto-read first sound',
        60_000,
      );
      const bar = await frameWith(page, '.speech-bar', 30_000);
      await chat.locator('button[aria-label="Stop the answer"]').click();
      await chat.locator('button[aria-label="Send message"]').waitFor({ timeout: 60_000 });
      await bar.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 30_000 });
      sim.configure({ tokensPerSecond: 0 });

      await forgetFirstSound(bar);
      const clickAt = Date.now();
      await answer.locator('button[aria-label="Read aloud"]').click();
      const clickSound = await firstSoundThenStop(bar);

      await forgetFirstSound(bar);
      const enterAt = await runCommandTimed(page, 'Tandem: Read Last Answer Aloud');
      const commandSound = await firstSoundThenStop(bar);
      const run = {
        autoReadFirstSentenceToFirstSoundMs: autoMs,
        clickToFirstSoundMs: round(clickSound - clickAt),
        commandToFirstSoundMs: round(commandSound - enterAt),
      };
      console.error(`answers run ${i + 1}: ${JSON.stringify(run)}`);
      results.push(run);
    }
  } finally {
    await workbench.close();
  }
  return {
    source: `code-server + Tandem (production bundle) + simulator; ${runs} runs: a Service B answer streamed at 40 tokens/s with tandem.speech.autoReadAnswers on, then read again by its speaker button and by the command`,
    autoReadFirstSentenceToFirstSoundMs: { ...summary(results.map((r) => r.autoReadFirstSentenceToFirstSoundMs)), target: '< 1000' },
    answerClickToFirstSoundMs: summary(results.map((r) => r.clickToFirstSoundMs)),
    answerCommandToFirstSoundMs: summary(results.map((r) => r.commandToFirstSoundMs)),
    loadAverage: machineLoad(),
    runs: results,
  };
}
