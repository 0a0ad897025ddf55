import { escapeRegExp } from '../../shared/literalRegExp';

// The secrets a chat has handled (a `.env` the user let the model read, a sensitive file attached), and
// their removal from everything the chat keeps or lets out: tool-call arguments, approval cards, tool
// results, the model's text, exports, copies and checkpoints. The model may put a secret it read into a
// later call (`curl -H "Authorization: Bearer sk-live-…"`, an apply_edit); the request that carries it
// is the user's approved choice, but the saved chat, an export and the checkpoint log are not.
// A secret the model rewrites or encodes is not caught: what is recognised is the text as read.

/** The marker that stands where a secret was. */
function redactionMarker(source: string): string {
  return `[redacted: from ${source}]`;
}

/** Names of settings whose value is a secret whatever it looks like. */
const SECRET_NAME = /key|token|secret|pass(word|wd|phrase)?|pwd|auth|credential|private|session|cookie|dsn|signature|salt|cert/i;
/** `NAME=value`, `export NAME=value`, `NAME: value` (YAML, properties). */
const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*[=:]\s*(.*?)\s*$/;
/** Values too common to hide even under a secret-sounding name (flags, modes). */
const PLAIN_VALUE = /^(true|false|null|none|yes|no|on|off|enabled?|disabled?)$/i;
/** Tokens shaped like credentials, wherever they stand in the text. */
const TOKEN_SHAPES: readonly RegExp[] = [
  /-----BEGIN [A-Z0-9 ]+-----[\s\S]*?-----END [A-Z0-9 ]+-----/g,
  /\bsk-[A-Za-z0-9][A-Za-z0-9_-]{7,}/g,
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
  /\bxox[abposr]-[A-Za-z0-9-]{8,}/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{32,}={0,2}(?![A-Za-z0-9+/=_-])/g,
];
/** Shorter than this, a value is too likely to occur by chance to be replaced everywhere. */
const MIN_SECRET = 6;

/** The values in `content` that are to be hidden: assigned values that look secret, and credential-shaped tokens. */
export function secretValues(content: string): string[] {
  const found = new Set<string>();
  for (const line of content.split(/\r?\n/)) {
    const match = ASSIGNMENT.exec(line);
    if (!match) continue;
    const value = unquoted(match[2]);
    if (value.length >= MIN_SECRET && !PLAIN_VALUE.test(value) && looksSecret(match[1], value)) found.add(value);
  }
  for (const shape of TOKEN_SHAPES) {
    for (const [token] of content.matchAll(shape)) {
      found.add(token);
      // A PEM block is also recognised line by line, where it is quoted a line at a time.
      if (token.startsWith('-----BEGIN'))
        for (const line of token.split(/\r?\n/)) if (line.trim().length >= 16 && !line.startsWith('-----')) found.add(line.trim());
    }
  }
  return [...found];
}

/** A value under a secret-sounding name is a secret; another one is when it is not a plain word or number. */
function looksSecret(name: string, value: string): boolean {
  if (SECRET_NAME.test(name)) return true;
  if (/^\d{1,7}$/.test(value) || /^[A-Za-z]+$/.test(value)) return false;
  return value.length >= 8;
}

function unquoted(value: string): string {
  const quoted = /^(["'`])(.*)\1$/.exec(value);
  if (quoted) return quoted[2];
  // An unquoted value ends at a ` #` comment.
  return value.replace(/\s+#.*$/, '');
}

/**
 * The secrets one chat has handled, each with the marker that replaces it. Held in memory only:
 * writing the values down to recognise them later would keep the very thing being removed.
 */
export class SecretRedactor {
  private readonly markers = new Map<string, string>();
  private pattern: RegExp | undefined;

  get empty(): boolean {
    return this.markers.size === 0;
  }

  /** Learns the secrets of `content`, read from `source` (a path, a tool name). */
  add(content: string, source: string): void {
    const marker = redactionMarker(source);
    for (const value of secretValues(content)) {
      // Also as it appears inside JSON text (tool-call arguments) and in a URL.
      for (const form of [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)])
        if (form.length >= MIN_SECRET && !this.markers.has(form)) this.markers.set(form, marker);
    }
    this.pattern = undefined;
  }

  /** `text` with every known secret replaced by its marker. */
  redact(text: string): string {
    const pattern = this.regex();
    return pattern ? text.replace(pattern, (found) => this.markers.get(found) ?? found) : text;
  }

  /** Whether `text` holds a known secret. */
  holds(text: string): boolean {
    const pattern = this.regex();
    if (!pattern) return false;
    pattern.lastIndex = 0;
    return pattern.test(text);
  }

  private regex(): RegExp | undefined {
    if (this.markers.size === 0) return undefined;
    // Longest first, so a secret that contains another is replaced whole.
    const sorted = [...this.markers.keys()].sort((a, b) => b.length - a.length);
    this.pattern ??= new RegExp(sorted.map(escapeRegExp).join('|'), 'g');
    return this.pattern;
  }
}
