// A simple deterministic tokenizer shared by usage accounting and stream pacing. It mimics BPE-style
// pieces (a word with its leading space, a number of up to 3 digits, one or two punctuation marks, one CJK
// character, a run of whitespace); long words are split into 6-character pieces, which lands near
// the usual ~4 characters per token for English prose and code.

const PIECE =
  /\s?[A-Za-z]+|\s?\d{1,3}|[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]|\s?[^\sA-Za-z\d\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]{1,2}|\s+/gu;

/** Splits text into pieces whose concatenation is exactly the input. */
export function splitTokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(PIECE)) {
    const piece = match[0];
    if (piece.length <= 7) {
      out.push(piece);
      continue;
    }
    for (let i = 0; i < piece.length; i += 6) out.push(piece.slice(i, i + 6));
  }
  return out;
}

export function countTokens(text: string): number {
  let n = 0;
  for (const match of text.matchAll(PIECE)) n += Math.ceil(match[0].length / (match[0].length <= 7 ? 7 : 6));
  return n;
}

/** The longest prefix of `text` that fits in `maxTokens` tokens. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  const pieces = splitTokens(text);
  return pieces.length <= maxTokens ? text : pieces.slice(0, maxTokens).join('');
}
