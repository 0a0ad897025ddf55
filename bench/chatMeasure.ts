// Measurement helpers shared by the chat benchmarks (bench/chat.ts, bench/chatFullStack.ts).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Frame, Page } from 'playwright-core';
import { repoRoot } from '../scripts/vscodePaths.mjs';

// The page-side functions go in as source text: tsx would wrap imported functions in helpers
// (`__name`) that do not exist in the page.
export const probeSource = `${readFileSync(join(repoRoot, 'bench/chatProbe.mjs'), 'utf8').replaceAll('export function', 'function')}
window.__chatBench = { installFrameProbe, readFrameProbe, reopenInPage, streamDeltasInPage, watchAnswerInPage };`;

export const inPage = <T>(target: Page | Frame, call: string, args?: unknown): Promise<T> =>
  target.evaluate(`window.__chatBench.${call}(${args === undefined ? '' : JSON.stringify(args)})`) as Promise<T>;

/** CDP Performance metrics; durations are thread CPU time with `timeDomain: 'threadTicks'`. */
export async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m: { name: string; value: number }) => [m.name, m.value]));
}

export const round = (n: number, digits = 1) => Number(n.toFixed(digits));

/** Renderer CPU spent between two CDP Performance.getMetrics readings, in ms. */
export function renderCosts(before: Record<string, number>, after: Record<string, number>) {
  const during = (name: string) => round((after[name] - before[name]) * 1000);
  return {
    scriptingMs: during('ScriptDuration'),
    layoutMs: during('LayoutDuration'),
    styleMs: during('RecalcStyleDuration'),
    taskMs: during('TaskDuration'),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
};

export interface FrameProbe {
  gaps: number[];
  loafs: number[];
  loafWork: number[];
  loafDetail: unknown[];
  longTasks: number[];
}

/** Frame figures: requestAnimationFrame gaps (wall clock) and long animation frames (≥ 50 ms). */
export function frameFigures(frames: FrameProbe) {
  return {
    longestFrameMs: round(Math.max(0, ...frames.gaps)),
    p99FrameMs: round(percentile(frames.gaps, 99)),
    framesOver50ms: frames.gaps.filter((g) => g > 50).length,
    frames: frames.gaps.length,
    longAnimationFrames: frames.loafs.length,
    longestAnimationFrameMs: round(Math.max(0, ...frames.loafs)),
    /** Scripts + style + layout of the worst long frame: under 50 means no frame had 50 ms of the page's own work. */
    longestFrameWorkMs: round(Math.max(0, ...frames.loafWork)),
    longTasks: frames.longTasks.length,
    ...(frames.loafDetail.length ? { longAnimationFrameDetail: frames.loafDetail.slice(0, 5) } : {}),
  };
}

/** Frame times are wall clock: on a busy machine (2 cores here) other processes stretch them. */
export const machineLoad = () => round(loadavg()[0], 2);

export const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** Runs a command from the Command Palette; returns the wall-clock ms of the Enter that runs it. */
export async function runCommandTimed(page: Page, title: string): Promise<number> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.fill(`>${title}`);
  // Enter runs the focused row: wait until that is the command, not just until it is listed.
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title }).first().waitFor();
  const at = Date.now();
  await page.keyboard.press('Enter');
  return at;
}
