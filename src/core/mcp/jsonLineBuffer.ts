// Splits a stdio stream into its newline-delimited messages in time linear in its size. The MCP SDK's
// own buffer copies everything received so far at each chunk and searches it again from the start, so
// a 20 MB result cost many seconds of the extension host; this one keeps the chunks and searches each
// byte once. A message longer than `maxBytes` is refused, and the connection with it.
export class JsonLineBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Complete lines found and not yet read. */
  private readonly lines: string[] = [];

  constructor(readonly maxBytes: number) {}

  append(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, nl));
      const line = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.size);
      this.lines.push(line.toString('utf8').replace(/\r$/, ''));
      this.chunks = [];
      this.size = 0;
      start = nl + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  }

  private take(piece: Buffer): void {
    if (this.size + piece.length > this.maxBytes) {
      this.clear();
      throw new Error(`it sent a message larger than ${this.maxBytes} bytes`);
    }
    if (piece.length > 0) this.chunks.push(piece);
    this.size += piece.length;
  }

  /** The next complete line, or null until one has arrived. */
  readLine(): string | null {
    return this.lines.shift() ?? null;
  }

  clear(): void {
    this.chunks = [];
    this.size = 0;
    this.lines.length = 0;
  }
}
