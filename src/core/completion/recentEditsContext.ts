// Chunks of recently edited files, in a ring buffer: the newest chunk evicts an older one of the same
// lines or with nearly the same words (llama.vscode keeps its ring the same way), then the oldest.
// Edits are only noted as they happen; chunks are cut when context is chosen, so typing costs nothing.
import { identifierSet, jaccard } from './contextRanking';
import type { ContextChunk } from './contextTypes';

/** Lines of a chunk, centred on the edit. */
const RECENT_CHUNK_LINES = 24;
/** Chunks kept. */
const RECENT_CHUNKS = 16;
/** Words this similar to a newer chunk's mean the older one adds nothing. */
const NEAR_DUPLICATE = 0.9;

export class RecentEditsRing {
  private ring: ContextChunk[] = [];
  private readonly pending = new Map<string, Set<number>>();

  constructor(private readonly capacity = RECENT_CHUNKS) {}

  /** `path` was edited at `line`. */
  touch(path: string, line: number): void {
    const lines = this.pending.get(path) ?? new Set<number>();
    if (lines.size < 64) lines.add(line);
    this.pending.set(path, lines);
  }

  hasPending(path: string): boolean {
    return this.pending.has(path);
  }

  /** Cuts the noted edits of `path` into chunks of its current `text`. */
  flush(path: string, text: string): void {
    const lines = this.pending.get(path);
    if (!lines) return;
    this.pending.delete(path);
    const all = text.split('\n');
    for (const line of [...lines].sort((a, b) => a - b)) {
      const start = Math.max(0, Math.min(line - RECENT_CHUNK_LINES / 2, all.length - RECENT_CHUNK_LINES));
      this.add({ path, startLine: start, text: all.slice(start, start + RECENT_CHUNK_LINES).join('\n'), kind: 'recent' });
    }
  }

  /** The file is gone (deleted, or it became sensitive). */
  forget(path: string): void {
    this.pending.delete(path);
    this.ring = this.ring.filter((c) => c.path !== path);
  }

  chunks(): readonly ContextChunk[] {
    return this.ring;
  }

  private add(chunk: ContextChunk): void {
    if (chunk.text.trim() === '') return;
    const words = identifierSet(chunk.text);
    const end = chunk.startLine + RECENT_CHUNK_LINES;
    this.ring = this.ring.filter(
      (c) =>
        !(c.path === chunk.path && c.startLine < end && chunk.startLine < c.startLine + RECENT_CHUNK_LINES) &&
        jaccard(words, identifierSet(c.text)) < NEAR_DUPLICATE,
    );
    this.ring.push(chunk);
    if (this.ring.length > this.capacity) this.ring.shift();
  }
}
