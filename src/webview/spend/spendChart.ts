// The stacked daily chart: uPlot draws bars, so each feature's bar is drawn as the running total of
// the features below it, tallest first, and the legend shows each feature's own amount.
import uPlot from 'uplot';
import type { SpendReport } from '../../shared/spendProtocol';

/** Each feature keeps its colour across reports; the theme decides what the colour looks like. */
const FEATURE_COLOURS: Record<string, string> = {
  completion: '--vscode-charts-blue',
  chat: '--vscode-charts-purple',
  // Orange and yellow are close in the light theme: green sits between them in the stack.
  inlineEdit: '--vscode-charts-orange',
  commitMessage: '--vscode-charts-green',
  speech: '--vscode-charts-yellow',
  check: '--vscode-charts-red',
};

function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

export function featureColour(feature: string): string {
  return themeColour(FEATURE_COLOURS[feature] ?? '--vscode-charts-foreground', '#888');
}

/** Running totals, bottom feature first: stacks[k][d] = the sum of features 0..k on day d. */
function stackedTotals(series: ReadonlyArray<{ cost: readonly number[] }>): number[][] {
  const out: number[][] = [];
  series.forEach((s, k) => out.push(s.cost.map((v, d) => v + (k > 0 ? out[k - 1][d] : 0))));
  return out;
}

function money(v: number | null | undefined): string {
  return v === null || v === undefined ? '–' : v.toFixed(2);
}

/** Draws the chart in `root`; `onDrawn` runs after each draw. */
export function drawChart(root: HTMLElement, report: SpendReport, width: number, onDrawn: () => void): uPlot {
  const stacks = stackedTotals(report.series);
  // Tallest first, so each lower running total is painted over the one above it.
  const order = report.series.map((_, k) => k).reverse();
  const fg = themeColour('--vscode-charts-foreground', themeColour('--vscode-foreground', '#ccc'));
  const grid = themeColour('--vscode-charts-lines', 'rgba(128,128,128,0.3)');
  const font = `11px ${themeColour('--vscode-font-family', 'sans-serif')}`;
  const bars = uPlot.paths.bars!({ size: [0.7, 40], align: 0 });
  const options: uPlot.Options = {
    width,
    height: 260,
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: false, range: () => [-0.5, report.days.length - 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        stroke: fg,
        font,
        grid: { show: false },
        ticks: { stroke: grid },
        values: (_u, splits) => splits.map((i) => report.days[i]?.slice(5) ?? ''),
      },
      {
        stroke: fg,
        font,
        grid: { stroke: grid },
        ticks: { stroke: grid },
        size: 56,
        values: (_u, splits) => splits.map((v) => v.toFixed(2)),
      },
    ],
    legend: { live: true },
    series: [
      { label: 'Day', value: (_u, i) => (i === null ? '' : (report.days[i] ?? '')) },
      ...order.map((k) => {
        const s = report.series[k];
        const colour = featureColour(s.feature);
        return {
          label: s.label,
          stroke: colour,
          fill: colour,
          width: 0,
          paths: bars,
          points: { show: false },
          // The feature's own amount, not the running total the bar is drawn at.
          value: (_u: uPlot, _v: number | null, _si: number, i: number | null) => (i === null ? money(s.total) : money(s.cost[i])),
        } satisfies uPlot.Series;
      }),
    ],
    hooks: { draw: [() => onDrawn()] },
  };
  const data: uPlot.AlignedData = [report.days.map((_, i) => i), ...order.map((k) => stacks[k])];
  return new uPlot(options, data, root);
}
