// Follow along's highlight lag, for `npm run bench:speech`: the moment a sentence boundary is audible
// (the webview's audio clock: its first sound, plus the boundary's seconds of source audio) → the
// moment the extension host moved the highlight (performance.timeOrigin + performance.now() there).
// The host computes both per boundary and logs them at the end of each reading; this reads that log.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import type { Simulator } from '../sim/simulator';
import { demoWorkspace, frameWith, runCommand } from '../test/e2e/workbench';

const NAME = 'speech-follow-bench.md';
/** Sentences of different lengths (about 1 to 6 s each in the simulator's voice). */
const SENTENCES = [
  'Follow along.',
  'The highlight moves to each sentence as it begins to sound.',
  'Short one.',
  'A longer sentence gives the timer a longer wait, which is where a late or early prediction would show.',
  'Then a middling sentence, for variety.',
  'The end.',
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Every `*.log` under `dir`. */
function logFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? logFiles(path) : name.endsWith('.log') ? [path] : [];
  });
}

/** The host's lag lines from the Tandem log of the code-server that read our file (ours alone names it). */
function lagLines(): number[][] {
  const homes = readdirSync(tmpdir()).filter((name) => name.startsWith('tandem-vscode-'));
  for (const home of homes) {
    for (const file of logFiles(join(tmpdir(), home, 'user-data', 'logs'))) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes(`read aloud: ${NAME}`)) continue;
      return [...text.matchAll(/read aloud: highlight lag \(ms\) (\[[^\]]*\])/g)].map((m) => JSON.parse(m[1]) as number[]);
    }
  }
  return [];
}

export interface HighlightLag {
  p50: number;
  p95: number;
  boundaries: number;
  /** Readings with an underrun: the audio clock then runs behind the source seconds, so they are left out. */
  runsWithGaps: number;
}

/** Reads a file of sentences `runs` times; lag per boundary in ms (negative: the highlight moved early). */
export async function highlightLag(page: Page, sim: Simulator, runs: number): Promise<HighlightLag> {
  const file = join(demoWorkspace, NAME);
  writeFileSync(file, `${SENTENCES.join(' ')}\n`);
  try {
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: NAME }).click();
    await page.locator('.tab', { hasText: NAME }).waitFor();
    let frame: Frame | undefined;
    const gapsPerRun: number[] = [];
    for (let i = 0; i < runs; i++) {
      sim.reset();
      await frame?.locator('.speech-bar').evaluate((el) => delete (el as unknown as { dataset: Record<string, string> }).dataset.state);
      await page.locator('.monaco-editor .view-line').first().click();
      await page.keyboard.press('Control+A');
      await runCommand(page, 'Tandem: Read Aloud');
      frame ??= await frameWith(page, '.speech-bar', 60_000);
      await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 120_000 });
      gapsPerRun.push(Number(await frame.locator('.speech-bar').getAttribute('data-gaps')));
    }
    // The log is written a moment after the line is logged.
    let lines = lagLines();
    for (let wait = 0; lines.length < runs && wait < 100; wait++) {
      await page.waitForTimeout(100);
      lines = lagLines();
    }
    const lags = lines.slice(-runs).flatMap((lag, run) => (gapsPerRun[run] ? [] : lag));
    return {
      p50: percentile(lags, 50),
      p95: percentile(lags, 95),
      boundaries: lags.length,
      runsWithGaps: gapsPerRun.filter(Boolean).length,
    };
  } finally {
    rmSync(file, { force: true });
  }
}
