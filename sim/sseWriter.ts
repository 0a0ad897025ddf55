// Server-Sent Events writer: `data: <json>\n\n` events, a `: keep-alive` comment first (clients
// must tolerate comments), pacing by TokenClock, backpressure, and the stream faults
// (reset / malformed / truncate / giant-line / keepalive-forever after N data chunks).
import { keepAliveForever, writeGiantLine } from './hostileServer';
import { waitForDrain } from './httpIo';
import { TokenClock } from './pacing';
import type { RequestContext } from './requestContext';

export class SseWriter {
  private readonly clock: TokenClock;
  private dataChunks = 0;
  private ended = false;
  private fault: RequestContext['fault'];
  /** Settles once everything written so far has been handed to the socket. */
  private flushed: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: RequestContext) {
    this.clock = new TokenClock(ctx.pacing.ttftMs, ctx.pacing.tokensPerSecond, ctx.clock);
    this.fault = ctx.fault;
  }

  /** False once the client left, the stream was cut on purpose or the simulator is closing. */
  get alive(): boolean {
    return !this.ended && !this.ctx.signal.aborted && !this.ctx.res.destroyed;
  }

  open(): void {
    this.ctx.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    void this.write(': keep-alive\n\n');
  }

  /** Sends one chunk carrying `tokens` tokens when it is due. Resolves false when the stream is over. */
  async send(chunk: unknown, tokens: number): Promise<boolean> {
    await this.clock.wait(tokens, this.ctx.signal);
    if (!this.alive) return false;
    if (!(await this.applyFault())) return false;
    await this.write(`data: ${JSON.stringify(chunk)}\n\n`);
    this.dataChunks += 1;
    return this.alive;
  }

  /** Ends the stream with `data: [DONE]`, unless a pending fault ends it first. */
  async done(): Promise<void> {
    if (!this.alive) return;
    // A stream shorter than the fault's `after` still gets the fault, just before [DONE].
    if (this.fault) this.dataChunks = Math.max(this.dataChunks, this.fault.afterChunks);
    if (!(await this.applyFault())) return;
    await this.write('data: [DONE]\n\n');
    this.ended = true;
    this.ctx.res.end();
  }

  /** Applies the fault when its chunk count is reached; false when the stream ended because of it. */
  private async applyFault(): Promise<boolean> {
    const fault = this.fault;
    if (!fault || this.dataChunks < fault.afterChunks) return true;
    this.fault = undefined;
    if (fault.kind === 'reset') {
      this.ended = true;
      this.ctx.markServerReset();
      // Let the chunks already sent reach the client, then drop the connection.
      await this.flushed;
      this.ctx.res.socket?.destroy();
      this.ctx.res.destroy();
      return false;
    }
    if (fault.kind === 'truncate') {
      // A clean end of the HTTP body without finish_reason, usage or [DONE].
      this.ended = true;
      this.ctx.res.end();
      return false;
    }
    if (fault.kind === 'giant-line' || fault.kind === 'keepalive-forever') {
      this.ended = true;
      await this.flushed;
      if (fault.kind === 'giant-line') await writeGiantLine(this.ctx, 'data: ', fault.lineMiB);
      else await keepAliveForever(this.ctx, ': keep-alive\n\n');
      return false;
    }
    if (fault.kind === 'malformed') {
      this.ctx.res.write('data: {"id":"malformed","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"\n\n');
    }
    return true;
  }

  private async write(text: string): Promise<void> {
    const { res, signal } = this.ctx;
    let accepted = true;
    this.flushed = new Promise((resolve) => {
      accepted = res.write(text, () => resolve());
    });
    if (accepted || !this.alive) return;
    // Backpressure: wait for drain, but never outlive the connection or the request.
    await waitForDrain(res, signal);
  }
}
