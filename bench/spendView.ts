// The Spend view's render time for 30 days × 6 features, in a real VS Code (code-server) and Chromium:
// from the panel's creation on the host to the chart drawn, as the webview reports it. The ledger is
// seeded once; the panel is opened, measured and closed RUNS times (the first is the cold one).
// Prints JSON. Run: npm run bench:spend
import { openSpendView, seedLedger, SEED_DAYS } from '../test/e2e/spendSeed';
import { openWorkbench, runCommand } from '../test/e2e/workbench';
import { SPEND_FEATURES } from '../src/core/spend/spendTypes';

const RUNS = Number(process.env.RUNS ?? 5);

async function main(): Promise<void> {
  const workbench = await openWorkbench();
  try {
    await seedLedger(workbench.userDataDir);
    const runs: number[] = [];
    /** Of each run, the part before the view's script began (VS Code creating and loading the webview). */
    const pageLoad: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const frame = await openSpendView(workbench.page);
      runs.push(Number(await frame.locator('body').getAttribute('data-render-ms')));
      pageLoad.push(Number(await frame.locator('body').getAttribute('data-script-ms')));
      await runCommand(workbench.page, 'View: Close All Editors');
      await frame
        .locator('body')
        .waitFor({ state: 'detached', timeout: 30_000 })
        .catch(() => undefined);
    }
    const sorted = [...runs].sort((a, b) => a - b);
    console.log(
      JSON.stringify(
        {
          days: SEED_DAYS,
          features: SPEND_FEATURES.length,
          runs,
          pageLoadMs: pageLoad,
          coldMs: runs[0],
          medianMs: sorted[Math.floor(sorted.length / 2)],
          maxMs: sorted.at(-1),
        },
        null,
        2,
      ),
    );
  } finally {
    await workbench.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
