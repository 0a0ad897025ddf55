import { escapeRegExp } from '../../shared/literalRegExp';

const REDACTED = '[redacted]';

// Credentials can leak into text we did not build ourselves (a server echoing a header, an error
// message quoting the request), so known header shapes are masked even when the value is unknown.
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi;
const API_KEY_FIELD = /\b(api[-_]?key["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi;
/**
 * A token shaped like a secret key (`sk-…`, `sk-proj-…`, `sk-live-…`), whoever's it is: servers echo a
 * key cut short ("Incorrect API key provided: sk-live-0123…"), and a cut key matches no stored one.
 * The trailing dots of such a cut are masked with it, so nothing says where it ended.
 */
const SK_TOKEN = /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9][A-Za-z0-9_-]{5,}(?:\.{3}|…|\*+)?/g;
/** Characters a run of key text is made of: everything but whitespace and the quotes and punctuation around values. */
const RUN = `[^\\s"'\`,;()<>\\[\\]{}]*`;
/** How much of a stored key a server's echo must repeat to be masked: the first 8 characters. */
const PREFIX_CHARS = 8;

/**
 * Replaces every non-empty secret, any run of text holding a secret's first 8 characters (an echo of
 * its prefix), any `sk-`-like token, and anything shaped like `Bearer …` / `api-key: …`, with `[redacted]`.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret that contains another is not left half-masked.
  const sorted = secrets.filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  for (const secret of sorted) {
    out = out.split(secret).join(REDACTED);
  }
  for (const prefix of new Set(sorted.filter((s) => s.length >= PREFIX_CHARS).map((s) => s.slice(0, PREFIX_CHARS)))) {
    out = out.replace(new RegExp(`${RUN}${escapeRegExp(prefix)}${RUN}`, 'g'), REDACTED);
  }
  return out.replace(SK_TOKEN, REDACTED).replace(BEARER, `$1${REDACTED}`).replace(API_KEY_FIELD, `$1${REDACTED}`);
}
