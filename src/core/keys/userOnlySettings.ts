// The settings only the user decides (where a key goes, how it is sent, which files are sensitive), as a
// workspace may try to set them.
import { createHash } from 'node:crypto';

/**
 * Application-scoped in package.json (VS Code's own `http.*` too): only the user's own values count
 * (src/vscode/config/settings.ts and sensitiveFiles.ts read them from the user level).
 */
const USER_ONLY_SETTINGS = [
  'tandem.serviceA.baseUrl',
  'tandem.serviceB.baseUrl',
  'tandem.serviceA.authHeader',
  'http.proxy',
  'http.proxyStrictSSL',
  'tandem.sensitiveFiles',
  'tandem.completion.exclude',
  // Standing approvals: which commands the chat runs without asking.
  'tandem.chat.commandRules',
  // Which file is uploaded to Service A as the voice to clone.
  'tandem.speech.voiceSample',
] as const;

export interface IgnoredSetting {
  setting: string;
  value: unknown;
  /** The file that set it, as the user knows it (`.vscode/settings.json`, `team.code-workspace`). */
  file: string;
}

/**
 * The user-only settings a parsed settings object sets. VS Code reads a setting written flat
 * (`"tandem.serviceB.baseUrl"`), nested (`{"tandem": {"serviceB": …}}`) or inside a language block
 * (`"[python]": {…}`), so all three forms count.
 */
export function userOnlySettingsIn(settings: unknown, file: string): IgnoredSetting[] {
  const found: IgnoredSetting[] = [];
  const scan = (scope: unknown) => {
    for (const setting of USER_ONLY_SETTINGS) {
      const hit = lookup(scope, setting);
      if (hit) found.push({ setting, value: hit.value, file });
    }
  };
  scan(settings);
  if (isObject(settings)) for (const [key, block] of Object.entries(settings)) if (/^\[.+\]$/.test(key)) scan(block);
  return found;
}

/** The one-time warning, and a fingerprint of what it is about (the same values never warn twice). */
export function ignoredSettingsNotice(found: readonly IgnoredSetting[]): { message: string; fingerprint: string } {
  const names = [...new Set(found.map((f) => f.setting))];
  const files = [...new Set(found.map((f) => f.file))];
  const message =
    `Tandem ignored ${listed(names)} from this workspace (${files.join(', ')}): only your user settings decide where your API keys go, how they are sent, which files are sensitive and which file is uploaded as a voice sample, ` +
    `so Tandem uses your own ${names.length === 1 ? 'value' : 'values'} instead.`;
  const pairs = found.map((f) => JSON.stringify([f.setting, f.value])).sort();
  return { message, fingerprint: createHash('sha256').update(pairs.join('\n')).digest('hex') };
}

function lookup(scope: unknown, key: string): { value: unknown } | undefined {
  if (!isObject(scope)) return undefined;
  if (Object.hasOwn(scope, key)) return { value: scope[key] };
  const parts = key.split('.');
  for (let i = 1; i < parts.length; i++) {
    const head = parts.slice(0, i).join('.');
    const hit = Object.hasOwn(scope, head) ? lookup(scope[head], parts.slice(i).join('.')) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listed(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
