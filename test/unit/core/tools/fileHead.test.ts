import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { headText, readHead, type FileHandleLike } from '../../../../src/core/tools/fileHead';

describe('read_file bounded read', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'tandem-head-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads no more than the cap of a huge file, through one handle whose size is asked first', async () => {
    const size = 450 * 1024 * 1024;
    const calls: string[] = [];
    let bytesRead = 0;
    const handle: FileHandleLike = {
      stat: async () => (calls.push('stat'), { size, isFile: () => true }),
      read: async (buffer, offset, length, position) => {
        calls.push('read');
        assert.ok(position + length <= 1000, 'never asks past the cap');
        buffer.fill(0x61, offset, offset + length);
        bytesRead += length;
        return { bytesRead: length };
      },
      close: async () => void calls.push('close'),
    };
    const head = await readHead('/huge.log', 1000, async () => handle);
    assert.equal(head.size, size);
    assert.equal(head.bytes.length, 1000);
    assert.equal(bytesRead, 1000);
    assert.deepEqual([calls[0], calls.at(-1)], ['stat', 'close']);
    const text = headText(head, 600)!;
    assert.equal(text, `${'a'.repeat(600)}\n… [cut: the file has ${size} bytes; only its first 600 characters are shown]`);
  });

  it('returns a small file whole, says when a real file was cut, and refuses binary files and symlinks', async () => {
    writeFileSync(join(dir, 'small.txt'), 'hello\n');
    assert.equal(headText(await readHead(join(dir, 'small.txt'), 1000), 100), 'hello\n');
    writeFileSync(join(dir, 'big.txt'), 'é'.repeat(3000)); // 2 bytes each: a cut at an odd byte splits one
    const cut = headText(await readHead(join(dir, 'big.txt'), 1001), 10_000)!;
    assert.equal(cut, `${'é'.repeat(500)}\n… [cut: the file has 6000 bytes; only its first 500 characters are shown]`);
    writeFileSync(join(dir, 'bin.dat'), Buffer.from([1, 0, 2]));
    assert.equal(headText(await readHead(join(dir, 'bin.dat'), 1000), 100), undefined);
    symlinkSync(join(dir, 'small.txt'), join(dir, 'link.txt'));
    await assert.rejects(readHead(join(dir, 'link.txt'), 1000), /ELOOP|symbolic link/);
  });
});
