// The `tandem.*` settings: the one place their types, defaults, enums, bounds and scopes are written.
// The readers in src/vscode/ take defaults and clamps from here, and
// test/unit/project/packageContributes.test.ts checks package.json's `contributes.configuration`
// against it, so the two cannot drift. Model lists and limits come from the model catalog.
import { REASONING_EFFORTS } from '../../shared/protocol';
import {
  DEFAULT_CHAT_MODEL,
  DEFAULT_FIM_MODEL,
  DEFAULT_SPEECH_MODEL,
  DEFAULT_VOICE,
  PRESET_VOICES,
  SERVICE_B_FIM_MAX_TOKENS,
  completionModels,
  modelsFor,
} from '../services/modelCatalog';
import { SPEECH_SPEED_DEFAULT, SPEECH_SPEED_MAX, SPEECH_SPEED_MIN } from '../../shared/speechSpeed';

/** The configuration section every key below lives in. */
export const SETTINGS_SECTION = 'tandem';

/** VS Code's configuration scopes; absent means VS Code's default (`window`). */
type SettingScope = 'application' | 'machine' | 'machine-overridable' | 'window' | 'resource' | 'language-overridable';

interface SettingCommon {
  readonly scope?: SettingScope;
  /**
   * Only the user decides it (where a key goes, what runs unasked, what is spent): read from the user's
   * settings alone, and a workspace that sets it is told it was ignored (keys/userOnlySettings.ts).
   */
  readonly userOnly?: true;
  /** Still read, but package.json marks it deprecated (it names the replacement). */
  readonly deprecated?: boolean;
}

interface StringSetting extends SettingCommon {
  readonly type: 'string';
  readonly default: string;
  readonly enum?: readonly string[];
}

interface BooleanSetting extends SettingCommon {
  readonly type: 'boolean';
  readonly default: boolean;
}

interface IntegerSetting extends SettingCommon {
  readonly type: 'integer';
  readonly default: number;
  readonly minimum: number;
  readonly maximum: number;
}

/** A fractional number in bounds (`tandem.speech.speed`). */
interface NumberSetting extends SettingCommon {
  readonly type: 'number';
  readonly default: number;
  readonly minimum: number;
  readonly maximum: number;
}

interface StringListSetting extends SettingCommon {
  readonly type: 'array';
  readonly items: 'string';
  readonly default: readonly string[];
}

/** `tandem.chat.commandRules`: command prefixes the chat may run without asking, or never runs. */
interface CommandRulesSetting extends SettingCommon {
  readonly type: 'object';
  readonly default: { readonly allow: readonly string[]; readonly deny: readonly string[] };
}

/** `tandem.spend.prices`: CNY per million tokens per model, for models whose contract gives no price. */
interface PricesSetting extends SettingCommon {
  readonly type: 'object';
  readonly default: Readonly<Record<string, never>>;
}

export type SettingSpec =
  StringSetting | BooleanSetting | IntegerSetting | NumberSetting | StringListSetting | CommandRulesSetting | PricesSetting;

export const SETTINGS = {
  // Where a key goes and how it is sent: only the user decides.
  'serviceA.baseUrl': { type: 'string', default: '', userOnly: true, scope: 'application' },
  'serviceB.baseUrl': { type: 'string', default: '', userOnly: true, scope: 'application' },
  'serviceA.authHeader': { type: 'string', enum: ['bearer', 'api-key'], default: 'bearer', userOnly: true, scope: 'application' },

  'chat.service': { type: 'string', enum: ['A', 'B'], default: 'B' },
  'chat.model': { type: 'string', default: DEFAULT_CHAT_MODEL },
  'chat.thinking': { type: 'boolean', default: true },
  'chat.reasoningEffort': { type: 'string', enum: REASONING_EFFORTS, default: 'high' },
  'chat.webSearch': { type: 'boolean', default: false },
  'chat.maxToolIterations': { type: 'integer', default: 10, minimum: 1, maximum: 50 },
  'chat.strictTools': { type: 'boolean', default: false },
  // Per folder: it can only switch a folder's AGENTS.md on or off, and it is on by default anyway.
  'chat.projectRules': { type: 'boolean', default: true, scope: 'resource' },
  // Standing approvals: global rules only the user sets; a workspace's own are in workspaceState.
  'chat.commandRules': { type: 'object', default: { allow: [], deny: [] }, userOnly: true, scope: 'application' },

  'edit.service': { type: 'string', enum: ['A', 'B'], default: 'B' },
  'edit.model': { type: 'string', default: DEFAULT_CHAT_MODEL },
  'edit.thinking': { type: 'boolean', default: false },
  'codeActions.enabled': { type: 'boolean', default: true },
  'commitMessage.service': { type: 'string', enum: ['A', 'B'], default: 'B' },
  'commitMessage.model': { type: 'string', default: 'beta-v4-flash' },
  'commitMessage.thinking': { type: 'boolean', default: false },

  'completion.enabled': { type: 'boolean', default: true },
  'completion.model': { type: 'string', enum: completionModels().map((m) => m.id), default: DEFAULT_FIM_MODEL },
  'completion.mode': { type: 'string', enum: ['automatic', 'manual'], default: 'automatic' },
  'completion.maxTokens': { type: 'integer', default: 128, minimum: 1, maximum: SERVICE_B_FIM_MAX_TOKENS },
  'completion.debounceMs': { type: 'integer', default: 150, minimum: 0, maximum: 2000 },
  'completion.contextTokens': { type: 'integer', default: 1024, minimum: 0, maximum: 8192 },
  'completion.disabledLanguages': { type: 'array', items: 'string', default: [] },

  // The sensitive-path policy's lists: the user's are application-scoped, a workspace's can only add.
  sensitiveFiles: { type: 'array', items: 'string', default: [], userOnly: true, scope: 'application' },
  workspaceSensitiveFiles: { type: 'array', items: 'string', default: [], scope: 'resource' },
  'completion.exclude': { type: 'array', items: 'string', default: [], userOnly: true, scope: 'application', deprecated: true },

  'speech.model': { type: 'string', enum: modelsFor('A', 'speech').map((m) => m.id), default: DEFAULT_SPEECH_MODEL },
  'speech.voice': { type: 'string', enum: PRESET_VOICES, default: DEFAULT_VOICE },
  'speech.voiceDescription': { type: 'string', default: '' },
  'speech.optimizeTextPreview': { type: 'boolean', default: false },
  // Which file is uploaded as the voice to clone: only the user decides; a path on the machine running the extension.
  'speech.voiceSample': { type: 'string', default: '', userOnly: true, scope: 'machine' },
  // The range an AudioContext accepts.
  'speech.sampleRate': { type: 'integer', default: 24000, minimum: 8000, maximum: 96000 },
  'speech.stripMarkup': { type: 'boolean', default: true },
  // Off by default: in a code file the verbaliser reads `a !== b` as "a not equal b" (codeVerbaliser.ts).
  'speech.readCodeLiterally': { type: 'boolean', default: false },
  // Chat answers read aloud: a code block is announced by default, since heard code is hard to follow.
  'speech.codeBlocks': { type: 'string', enum: ['announce', 'read', 'skip'], default: 'announce' },
  'speech.autoReadAnswers': { type: 'boolean', default: false },
  // Read-aloud speed: the webview's −/+ write it to the user's settings, so it holds in every window.
  'speech.speed': {
    type: 'number',
    default: SPEECH_SPEED_DEFAULT,
    minimum: SPEECH_SPEED_MIN,
    maximum: SPEECH_SPEED_MAX,
    scope: 'application',
  },

  // Budgets and prices are the user's money: read from user settings only, never a workspace's.
  'spend.dailyLimit': { type: 'number', default: 0, minimum: 0, maximum: 1_000_000, userOnly: true, scope: 'application' },
  'spend.monthlyLimit': { type: 'number', default: 0, minimum: 0, maximum: 1_000_000, userOnly: true, scope: 'application' },
  'spend.confirmAbove': { type: 'number', default: 0.5, minimum: 0, maximum: 1_000_000, userOnly: true, scope: 'application' },
  'spend.prices': { type: 'object', default: {}, userOnly: true, scope: 'application' },

  // MCP servers the user configured run without asking, so only the user may name them: never a workspace.
  'mcp.servers': { type: 'object', default: {}, userOnly: true, scope: 'application' },
  // At most 128: Service B's tool limit (docs/contracts.md#b-tool-limit).
  'mcp.maxTools': { type: 'integer', default: 64, minimum: 1, maximum: 128 },
  'mcp.callTimeoutSeconds': { type: 'integer', default: 60, minimum: 1, maximum: 3600 },
  // Which servers' readOnlyHint lets a call run without a card: the user's word, never a workspace's.
  'mcp.trustReadOnlyHints': { type: 'array', items: 'string', default: [], userOnly: true, scope: 'application' },
  // Switched off in the Services view: `server` or `server/tool`.
  'mcp.disabled': { type: 'array', items: 'string', default: [], scope: 'application' },
} as const satisfies Record<string, SettingSpec>;

export type SettingKey = keyof typeof SETTINGS;

/** The settings only the user decides (`userOnly`). */
export type UserOnlyKey = { [K in SettingKey]: (typeof SETTINGS)[K] extends { userOnly: true } ? K : never }[SettingKey];
export const USER_ONLY_KEYS = (Object.keys(SETTINGS) as SettingKey[]).filter(
  (key): key is UserOnlyKey => (SETTINGS[key] as SettingCommon).userOnly === true,
);

type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly string[]
        ? string[]
        : never;

/** What reading a setting gives: its default's type, widened (a user may write any value of it). */
export type SettingValue<K extends SettingKey> = Widen<(typeof SETTINGS)[K]['default']>;

type EnumKey = { [K in SettingKey]: (typeof SETTINGS)[K] extends { enum: readonly string[] } ? K : never }[SettingKey];
type IntegerKey = { [K in SettingKey]: (typeof SETTINGS)[K] extends { type: 'integer' } ? K : never }[SettingKey];

/** The setting that holds a service's base URL: where its requests, and its key, go. */
export const baseUrlSetting = (service: 'A' | 'B') => `service${service}.baseUrl` as const satisfies SettingKey;

/** The id VS Code knows a setting by, e.g. `tandem.chat.model`. */
export function settingId(key: SettingKey): string {
  return `${SETTINGS_SECTION}.${key}`;
}

/** The default as a fresh value (a list is copied, so a caller cannot change the table). */
export function settingDefault<K extends SettingKey>(key: K): SettingValue<K> {
  const value: unknown = SETTINGS[key].default;
  return (Array.isArray(value) ? [...(value as string[])] : value) as SettingValue<K>;
}

/** A value outside the setting's enum (a hand-edited settings.json can hold anything) reads as its default. */
export function enumSetting<K extends EnumKey>(key: K, raw: unknown): (typeof SETTINGS)[K]['enum'][number] {
  const spec: StringSetting = SETTINGS[key];
  return (typeof raw === 'string' && spec.enum?.includes(raw) ? raw : spec.default) as (typeof SETTINGS)[K]['enum'][number];
}

/** Rounds to a whole number and clamps into the setting's bounds (NaN stays NaN, as Math.round leaves it). */
export function clampSetting(key: IntegerKey, raw: number): number {
  const spec: IntegerSetting = SETTINGS[key];
  return Math.max(spec.minimum, Math.min(spec.maximum, Math.round(raw)));
}
