const REDACTED = '[redacted]';

// Credentials can leak into text we did not build ourselves (a server echoing a header, an error
// message quoting the request), so known header shapes are masked even when the value is unknown.
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi;
const API_KEY_FIELD = /\b(api[-_]?key["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi;

/** Replaces every non-empty secret, and anything shaped like `Bearer …` / `api-key: …`, with `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret that contains another is not left half-masked.
  const sorted = secrets.filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  for (const secret of sorted) {
    out = out.split(secret).join(REDACTED);
  }
  return out.replace(BEARER, `$1${REDACTED}`).replace(API_KEY_FIELD, `$1${REDACTED}`);
}
