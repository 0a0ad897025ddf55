// Non-stream responses: waits as long as the streamed reply would take (ttft + tokens at the rate),
// then sends the JSON, or a broken or hostile version of it when a fault asks for one.
import { keepAliveForever, writeGiantLine } from './hostileServer';
import { sendJson } from './httpIo';
import type { RequestContext } from './requestContext';

export async function respondJson(ctx: RequestContext, value: unknown, tokens = 0): Promise<void> {
  const { ttftMs, tokensPerSecond } = ctx.pacing;
  await ctx.clock.sleep(ttftMs + (tokensPerSecond > 0 ? (tokens / tokensPerSecond) * 1000 : 0), ctx.signal);
  if (ctx.signal.aborted || ctx.res.destroyed) return;
  const fault = ctx.fault;
  if (!fault) {
    sendJson(ctx.res, 200, value);
    return;
  }
  const text = JSON.stringify(value);
  if (fault.kind === 'reset') {
    ctx.markServerReset();
    ctx.res.socket?.destroy();
    ctx.res.destroy();
    return;
  }
  if (fault.kind === 'giant-line' || fault.kind === 'keepalive-forever') {
    ctx.res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    // keepalive-forever: whitespace is valid before a JSON value, so the body stays "not yet wrong".
    if (fault.kind === 'giant-line') await writeGiantLine(ctx, '', fault.lineMiB);
    else await keepAliveForever(ctx, ' ');
    return;
  }
  // malformed: a body that is not JSON; truncate: the first half of the JSON, then a clean end.
  const broken =
    fault.kind === 'malformed'
      ? `{"id":"malformed",${text.slice(1, Math.max(2, text.length >> 1))}<<not json>>`
      : text.slice(0, text.length >> 1);
  ctx.res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  ctx.res.end(broken);
}
