// read_file's bounded read: one file handle, the size known first, never more than the cap read, so
// a giant file costs the cap and not its size in memory.
import { constants, promises as fs } from 'node:fs';

export interface FileHandleLike {
  stat(): Promise<{ size: number; isFile(): boolean }>;
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

export type OpenFile = (path: string) => Promise<FileHandleLike>;

/** Opens for reading and refuses a final symlink (O_NOFOLLOW where the platform has it): the path given is already the real one. */
const openNoFollow: OpenFile = (path) => fs.open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));

export interface FileHead {
  bytes: Uint8Array;
  /** The whole file's size, from the open handle. */
  size: number;
}

export async function readHead(path: string, maxBytes: number, open: OpenFile = openNoFollow): Promise<FileHead> {
  const handle = await open(path);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new Error('it is not a regular file');
    const buffer = new Uint8Array(Math.min(stat.size, maxBytes));
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { bytes: buffer.subarray(0, filled), size: stat.size };
  } finally {
    await handle.close();
  }
}

/** A head as text for the model, saying when (and how much) was cut; undefined for a binary file. */
export function headText(head: FileHead, maxChars: number): string | undefined {
  if (head.bytes.subarray(0, 8000).includes(0)) return undefined;
  const partial = head.bytes.length < head.size;
  let text = new TextDecoder('utf-8').decode(head.bytes);
  // A cut may split the last character; its replacement character is not part of the file.
  if (partial) text = text.replace(/\uFFFD$/, '');
  if (!partial && text.length <= maxChars) return text;
  if (text.length > maxChars) text = text.slice(0, /[\uD800-\uDBFF]/.test(text[maxChars - 1]) ? maxChars - 1 : maxChars);
  return `${text}\n… [cut: the file has ${head.size} bytes; only its first ${text.length} characters are shown]`;
}
