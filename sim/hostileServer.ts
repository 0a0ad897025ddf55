// Hostile-server modes (`x-sim-fault: giant-line` / `keepalive-forever`): replies that a careless
// client buffers without limit or waits on forever. Bounded here: writing stops once the client goes.
import { waitForDrain } from './httpIo';
import type { RequestContext } from './requestContext';

const PIECE = 'x'.repeat(64 * 1024);
/** "Every few hundred ms": more often than any idle timeout a client could reasonably use. */
const KEEPALIVE_EVERY_MS = 250;

function alive(ctx: RequestContext): boolean {
  return !ctx.signal.aborted && !ctx.res.destroyed;
}

/** Writes `prefix`, then `mib` MiB of one line with no line break, then ends the body. */
export async function writeGiantLine(ctx: RequestContext, prefix: string, mib: number): Promise<void> {
  if (!(await write(ctx, prefix))) return;
  for (let left = mib * 1024 * 1024; left > 0; left -= PIECE.length) {
    if (!(await write(ctx, left >= PIECE.length ? PIECE : PIECE.slice(0, left)))) return;
  }
  ctx.res.end();
}

/** Writes `beat` every few hundred ms, and nothing else, until the client goes away. */
export async function keepAliveForever(ctx: RequestContext, beat: string): Promise<void> {
  while (await write(ctx, beat)) await ctx.clock.sleep(KEEPALIVE_EVERY_MS, ctx.signal);
}

/** False once the client is gone; waits out backpressure so memory stays flat. */
async function write(ctx: RequestContext, text: string): Promise<boolean> {
  if (!alive(ctx)) return false;
  if (!ctx.res.write(text)) await waitForDrain(ctx.res, ctx.signal);
  return alive(ctx);
}
