// The codicon font the VSIX ships keeps only the icons the webview draws (scripts/subsetFont.mjs): each
// kept icon must draw exactly as in the full font, and the font must stay a well-formed TrueType file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fontTables, readCmap, subsetTtf } from '../../../scripts/subsetFont.mjs';

const full = readFileSync(join(__dirname, '../../../node_modules/@vscode/codicons/dist/codicon.ttf'));
const css = readFileSync(join(__dirname, '../../../node_modules/@vscode/codicons/dist/codicon.css'), 'utf8');
const codePoint = (name: string) => parseInt(new RegExp(`\\.codicon-${name}:before \\{ content: "\\\\([0-9a-f]+)"`).exec(css)![1], 16);

/** Each code point's outline bytes and advance width. */
function glyphs(font: Buffer): Map<number, { outline: string; advance: number }> {
  const t = fontTables(font);
  const longLoca = t.get('head')!.readInt16BE(50) === 1;
  const loca = t.get('loca')!;
  const at = (g: number) => (longLoca ? loca.readUInt32BE(4 * g) : 2 * loca.readUInt16BE(2 * g));
  const metrics = t.get('hhea')!.readUInt16BE(34);
  const hmtx = t.get('hmtx')!;
  const out = new Map<number, { outline: string; advance: number }>();
  for (const [code, g] of readCmap(t.get('cmap')!)) {
    const bytes = t.get('glyf')!.subarray(at(g), at(g + 1));
    // An outline's length is padded to 4 bytes in one font and to 2 in the other: compare without the padding.
    out.set(code, { outline: bytes.toString('hex').replace(/(00)+$/, ''), advance: hmtx.readUInt16BE(4 * Math.min(g, metrics - 1)) });
  }
  return out;
}

function checksum(data: Buffer): number {
  let sum = 0;
  for (let i = 0; i + 4 <= data.length; i += 4) sum = (sum + data.readUInt32BE(i)) >>> 0;
  return sum;
}

describe('the codicon font subset', () => {
  const kept = ['add', 'check', 'tools', 'loading', 'warning'].map(codePoint);
  const subset = subsetTtf(full, kept);

  it('draws each kept icon with the full font outline and advance, and maps nothing else', () => {
    const before = glyphs(full);
    const after = glyphs(subset);
    assert.deepEqual([...after.keys()].sort(), [...kept].sort());
    for (const code of kept) assert.deepEqual(after.get(code), before.get(code), `U+${code.toString(16)}`);
    assert.ok(subset.length < full.length / 10, `${subset.length} bytes`);
  });

  it('is a well-formed TrueType file: table checksums and the whole-font checksum hold, glyph counts agree', () => {
    const count = subset.readUInt16BE(4);
    for (let i = 0; i < count; i++) {
      const entry = 12 + 16 * i;
      const tag = subset.toString('latin1', entry, entry + 4);
      const offset = subset.readUInt32BE(entry + 8);
      const padded = Buffer.concat([subset.subarray(offset, offset + subset.readUInt32BE(entry + 12)), Buffer.alloc(3)]);
      const table = padded.subarray(0, Math.ceil(subset.readUInt32BE(entry + 12) / 4) * 4);
      if (tag === 'head') table.writeUInt32BE(0, 8);
      assert.equal(checksum(table), subset.readUInt32BE(entry + 4), tag);
    }
    assert.equal(checksum(subset), 0xb1b0afba);
    const t = fontTables(subset);
    const glyphCount = t.get('maxp')!.readUInt16BE(4);
    assert.equal(glyphCount, kept.length + 1, '.notdef and the kept glyphs');
    assert.equal(t.get('hhea')!.readUInt16BE(34), glyphCount);
    assert.equal(t.get('loca')!.length, 4 * (glyphCount + 1));
    assert.ok(!t.has('GSUB'));
  });

  it('refuses a code point the font lacks instead of shipping an icon that shows as a box', () => {
    assert.throws(() => subsetTtf(full, [0x41]), /no glyph for U\+41/);
  });
});
