// Keeps only some characters of a TrueType font: the codicon font has ~500 icons and the webview draws
// about twenty, so the VSIX ships those (a few KB instead of 61 KB compressed). Each kept glyph's outline
// and metrics are copied byte for byte; the font gets a new cmap, glyf/loca, hmtx and a nameless post
// table, and loses its ligature table (GSUB: the webview names icons by code point, never by ligature).

/** Tables copied unchanged (head, hhea, maxp are copied and then patched). */
const KEPT = ['OS/2', 'name', 'head', 'hhea', 'maxp'];

export function fontTables(font) {
  const out = new Map();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = font.toString('latin1', at, at + 4);
    const offset = font.readUInt32BE(at + 8);
    out.set(tag, font.subarray(offset, offset + font.readUInt32BE(at + 12)));
  }
  return out;
}

/** The font's Unicode cmap as code point → glyph id (format 4 or 12 subtable of the Windows platform). */
export function readCmap(cmap) {
  const map = new Map();
  const subtables = cmap.readUInt16BE(2);
  const offsets = [];
  for (let i = 0; i < subtables; i++) {
    const platform = cmap.readUInt16BE(4 + 8 * i);
    const encoding = cmap.readUInt16BE(6 + 8 * i);
    if (platform === 3 && (encoding === 1 || encoding === 10)) offsets.push(cmap.readUInt32BE(8 + 8 * i));
    if (platform === 0) offsets.push(cmap.readUInt32BE(8 + 8 * i));
  }
  for (const at of offsets) {
    const format = cmap.readUInt16BE(at);
    if (format === 12) {
      const groups = cmap.readUInt32BE(at + 12);
      for (let g = 0; g < groups; g++) {
        const start = cmap.readUInt32BE(at + 16 + 12 * g);
        const end = cmap.readUInt32BE(at + 20 + 12 * g);
        const glyph = cmap.readUInt32BE(at + 24 + 12 * g);
        for (let c = start; c <= end; c++) if (!map.has(c)) map.set(c, glyph + c - start);
      }
    } else if (format === 4) {
      const segments = cmap.readUInt16BE(at + 6) / 2;
      const ends = at + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const rangeOffsets = deltas + 2 * segments;
      for (let s = 0; s < segments; s++) {
        const start = cmap.readUInt16BE(starts + 2 * s);
        const end = cmap.readUInt16BE(ends + 2 * s);
        const delta = cmap.readUInt16BE(deltas + 2 * s);
        const rangeOffset = cmap.readUInt16BE(rangeOffsets + 2 * s);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const raw = cmap.readUInt16BE(rangeOffsets + 2 * s + rangeOffset + 2 * (c - start));
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0 && !map.has(c)) map.set(c, glyph);
        }
      }
    }
  }
  return map;
}

/** A format 4 cmap with one segment per code point (the kept ones are few). */
function writeCmap(pairs) {
  const segments = pairs.length + 1;
  const log = Math.floor(Math.log2(segments));
  const sub = Buffer.alloc(16 + 8 * segments);
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(sub.length, 2);
  sub.writeUInt16BE(segments * 2, 6);
  sub.writeUInt16BE(2 * 2 ** log, 8);
  sub.writeUInt16BE(log, 10);
  sub.writeUInt16BE(2 * segments - 2 * 2 ** log, 12);
  const ends = 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  [...pairs, [0xffff, 0]].forEach(([code, glyph], s) => {
    sub.writeUInt16BE(code, ends + 2 * s);
    sub.writeUInt16BE(code, starts + 2 * s);
    sub.writeUInt16BE(code === 0xffff ? 1 : (glyph - code) & 0xffff, deltas + 2 * s);
  });
  const header = Buffer.alloc(12);
  header.writeUInt16BE(1, 2);
  header.writeUInt16BE(3, 4);
  header.writeUInt16BE(1, 6);
  header.writeUInt32BE(12, 8);
  return Buffer.concat([header, sub]);
}

function checksum(data) {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** The font with only `codePoints` (and glyph 0, .notdef); throws when one is missing or a glyph is composite. */
export function subsetTtf(font, codePoints) {
  const t = fontTables(font);
  for (const tag of ['cmap', 'glyf', 'loca', 'hmtx', ...KEPT]) if (!t.has(tag)) throw new Error(`the font has no ${tag} table`);
  const head = Buffer.from(t.get('head'));
  const hhea = Buffer.from(t.get('hhea'));
  const maxp = Buffer.from(t.get('maxp'));
  const glyphCount = maxp.readUInt16BE(4);
  const longLoca = head.readInt16BE(50) === 1;
  const loca = t.get('loca');
  const at = (g) => (longLoca ? loca.readUInt32BE(4 * g) : 2 * loca.readUInt16BE(2 * g));
  const metricsCount = hhea.readUInt16BE(34);
  const hmtx = t.get('hmtx');
  const advance = (g) => hmtx.readUInt16BE(4 * Math.min(g, metricsCount - 1));
  const bearing = (g) => (g < metricsCount ? hmtx.readInt16BE(4 * g + 2) : hmtx.readInt16BE(4 * metricsCount + 2 * (g - metricsCount)));

  const cmap = readCmap(t.get('cmap'));
  const order = [0];
  const pairs = [];
  for (const code of [...new Set(codePoints)].sort((a, b) => a - b)) {
    const glyph = cmap.get(code);
    if (glyph === undefined || glyph >= glyphCount) throw new Error(`the font has no glyph for U+${code.toString(16)}`);
    if (code > 0xfffe) throw new Error(`U+${code.toString(16)} is outside the Basic Multilingual Plane`);
    if (!order.includes(glyph)) order.push(glyph);
    pairs.push([code, order.indexOf(glyph)]);
  }

  const glyf = t.get('glyf');
  const outlines = [];
  const newLoca = Buffer.alloc(4 * (order.length + 1));
  let offset = 0;
  order.forEach((g, i) => {
    newLoca.writeUInt32BE(offset, 4 * i);
    const outline = glyf.subarray(at(g), at(g + 1));
    if (outline.length >= 2 && outline.readInt16BE(0) < 0) throw new Error(`glyph ${g} is composite, which subsetTtf does not follow`);
    const padded = Buffer.concat([outline, Buffer.alloc((4 - (outline.length % 4)) % 4)]);
    outlines.push(padded);
    offset += padded.length;
  });
  newLoca.writeUInt32BE(offset, 4 * order.length);

  const newHmtx = Buffer.alloc(4 * order.length);
  order.forEach((g, i) => {
    newHmtx.writeUInt16BE(advance(g), 4 * i);
    newHmtx.writeInt16BE(bearing(g), 4 * i + 2);
  });
  const post = Buffer.from(t.get('post').subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0); // version 3: no glyph names

  head.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  head.writeInt16BE(1, 50); // long loca offsets
  hhea.writeUInt16BE(order.length, 34);
  maxp.writeUInt16BE(order.length, 4);

  const out = new Map([
    ['OS/2', t.get('OS/2')],
    ['cmap', writeCmap(pairs)],
    ['glyf', Buffer.concat(outlines)],
    ['head', head],
    ['hhea', hhea],
    ['hmtx', newHmtx],
    ['loca', newLoca],
    ['maxp', maxp],
    ['name', t.get('name')],
    ['post', post],
  ]);
  const tags = [...out.keys()].sort();
  const log = Math.floor(Math.log2(tags.length));
  const directory = Buffer.alloc(12 + 16 * tags.length);
  directory.writeUInt32BE(0x00010000, 0);
  directory.writeUInt16BE(tags.length, 4);
  directory.writeUInt16BE(16 * 2 ** log, 6);
  directory.writeUInt16BE(log, 8);
  directory.writeUInt16BE(16 * tags.length - 16 * 2 ** log, 10);
  const bodies = [];
  let position = directory.length;
  let headAt = 0;
  tags.forEach((tag, i) => {
    const data = out.get(tag);
    const entry = 12 + 16 * i;
    directory.write(tag, entry, 'latin1');
    directory.writeUInt32BE(checksum(data), entry + 4);
    directory.writeUInt32BE(position, entry + 8);
    directory.writeUInt32BE(data.length, entry + 12);
    if (tag === 'head') headAt = position;
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    bodies.push(padded);
    position += padded.length;
  });
  const result = Buffer.concat([directory, ...bodies]);
  result.writeUInt32BE((0xb1b0afba - checksum(result)) >>> 0, headAt + 8);
  return result;
}
