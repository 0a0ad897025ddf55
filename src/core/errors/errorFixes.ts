// The one mapping from an error to what the user reads and the one action that fixes it. Notifications,
// the chat and completion notices all render from it; each UI decides only how an action looks (a
// notification button, a chat button), so the same error can no longer get different advice.
import type { ServiceId } from '../services/wireTypes';
import { isServiceError, type ErrorCode, type ServiceError } from './serviceError';
import { COMMANDS } from '../config/commandCatalog';
import { baseUrlSetting, settingId } from '../config/settingsCatalog';
import { codeAdvice, CUT_ADVICE } from './codeAdvice';
import { english, phrase, type Localise, type Phrase } from './phrase';

/** Where the error happened: it decides which setting a fix opens (each feature has its own model). */
export type Feature = 'completion' | 'chat' | 'speech' | 'connection';
export const FEATURES: readonly Feature[] = ['completion', 'chat', 'speech', 'connection'];

export type ModelFeature = Exclude<Feature, 'connection'>;

/** The setting that holds each feature's model; a model the service does not know is fixed there. */
export const MODEL_SETTINGS: Readonly<Record<ModelFeature, string>> = {
  completion: 'tandem.completion.model',
  chat: 'tandem.chat.model',
  speech: 'tandem.speech.model',
};

export type FixAction =
  | { kind: 'setKey'; service: ServiceId }
  | { kind: 'openSettings'; setting: string }
  | { kind: 'pickModel'; feature: ModelFeature; setting: string }
  | { kind: 'snooze'; minutes: number }
  | { kind: 'showLog' }
  /** Chat only: the chat runs these itself. */
  | { kind: 'retry' }
  | { kind: 'newChatWithSummary' };

/** Completion failures worth one (throttled) notice; the same kind shares one throttle window. */
export type NoticeKind = 'missing_key' | 'invalid_key' | 'rate_limited' | 'unreachable' | 'unknown_model';

export interface ErrorFix {
  service: ServiceId;
  /** An ErrorCode, a finish reason, or `internal_error` for a failure that is not a service error. */
  code: string;
  /** What went wrong. */
  message: string;
  /** What to do about it; empty when there is nothing to do (a cancel). */
  hint: string;
  action?: FixAction;
  /** Set for completion failures that deserve a notice, not only the status bar. */
  notice?: NoticeKind;
}

export interface FixContext {
  feature: Feature;
  /** The service the feature was talking to; used when the error is not a service error. */
  service: ServiceId;
  /** Chat: some of the answer had arrived, so a failure is a cut stream whose text is kept. */
  partial?: boolean;
  /** Translates what the user reads; English when not given (tests, logs). */
  localise?: Localise;
}

type Rule = (error: ServiceError, context: FixContext) => Pick<ErrorFix, 'action' | 'notice'> & { hint?: Phrase };

const baseUrlId = (service: ServiceId) => settingId(baseUrlSetting(service));
const everywhere = (rule: Rule): Record<Feature, Rule> => ({ completion: rule, chat: rule, speech: rule, connection: rule });

const setKey =
  (notice?: NoticeKind): Rule =>
  (error, { feature }) => ({
    action: { kind: 'setKey', service: error.service },
    ...(notice && feature === 'completion' ? { notice } : {}),
  });
const showLog: Rule = () => ({ action: { kind: 'showLog' } });
const noAction: Rule = () => ({});
const retryUnlessCut: Rule = (_error, { partial }) =>
  partial ? { hint: CUT_ADVICE, action: { kind: 'retry' } } : { action: { kind: 'retry' } };
/** A service that cannot be reached is fixed in its base URL; in a chat, a connection lost mid-answer is a cut. */
const unreachable: Rule = (error, { feature, partial }) =>
  feature === 'chat' && partial
    ? { hint: CUT_ADVICE, action: { kind: 'retry' } }
    : {
        action: { kind: 'openSettings', setting: baseUrlId(error.service) },
        ...(feature === 'completion' ? { notice: 'unreachable' as const } : {}),
      };
const pickModel =
  (feature: ModelFeature, where: Phrase): Rule =>
  (error, { localise = english }) => ({
    // The error's own advice (which model to choose instead) comes first, then where the model is set.
    hint: phrase('{0}. {1}', sentence(localise(error.advice ?? phrase('Pick another Service {0} model', error.service))), localise(where)),
    action: { kind: 'pickModel', feature, setting: MODEL_SETTINGS[feature] },
    // Every completion would fail the same way, and the status bar alone is easy to miss.
    ...(feature === 'completion' ? { notice: 'unknown_model' as const } : {}),
  });

/** Every error code, for every feature: adding a code or a feature is a compile error until it is mapped. */
const FIXES = {
  invalid_api_key: everywhere(setKey('invalid_key')),
  missing_key: everywhere(setKey('missing_key')),
  // Set API Key… is where the user approves the address, so it is also the fix for a held-back key.
  origin_not_approved: everywhere(setKey()),
  missing_base_url: everywhere(unreachable),
  network_error: everywhere(unreachable),
  timeout: everywhere(unreachable),
  rate_limit_exceeded: {
    ...everywhere(showLog),
    // A completion on every keystroke would keep hitting the limit; pausing them is the fix.
    completion: () => ({ action: { kind: 'snooze', minutes: 5 }, notice: 'rate_limited' }),
    chat: retryUnlessCut,
  },
  server_error: { ...everywhere(showLog), chat: retryUnlessCut },
  stream_truncated: { ...everywhere(showLog), chat: retryUnlessCut },
  invalid_response: { ...everywhere(showLog), chat: retryUnlessCut },
  context_length_exceeded: {
    ...everywhere(showLog),
    completion: () => ({
      hint: phrase('The completion context is larger than the model reads; lower tandem.completion.contextTokens'),
      action: { kind: 'openSettings', setting: 'tandem.completion.contextTokens' },
    }),
    chat: () => ({
      hint: phrase('The chat is longer than the model can read. Start a new chat that begins with a summary of this one.'),
      action: { kind: 'newChatWithSummary' },
    }),
  },
  content_filter: {
    ...everywhere(showLog),
    chat: () => ({ hint: phrase("The service's safety filter rejected the request. Rephrase it (edit and resend).") }),
  },
  model_not_found: {
    completion: pickModel(
      'completion',
      phrase('The completion model is set in tandem.completion.model (Tandem: Choose Inline Completion Model…).'),
    ),
    chat: pickModel(
      'chat',
      phrase("The model picker in the chat header changes this chat's model; tandem.chat.model is the one new chats start with."),
    ),
    speech: pickModel('speech', phrase('The speech model is set in tandem.speech.model.')),
    // The connection check asks only for lists, never a model: a 404 there means the base URL is off.
    connection: (error) => ({ action: { kind: 'openSettings', setting: baseUrlId(error.service) } }),
  },
  insufficient_balance: { ...everywhere(showLog), chat: noAction },
  invalid_request: { ...everywhere(showLog), chat: noAction },
  aborted: everywhere(noAction),
} satisfies Record<ErrorCode, Record<Feature, Rule>>;

/** Finish reasons that end an answer early (chat only), explained; the text the model wrote is kept. */
const FINISHES = {
  length: {
    message: phrase('The answer reached the maximum output length and was cut off.'),
    hint: phrase('Retry, or ask the model to continue.'),
    action: { kind: 'retry' },
  },
  content_filter: {
    message: phrase("The service's content filter stopped this answer."),
    hint: phrase('Rephrase the request (edit and resend).'),
  },
  repetition_truncation: {
    message: phrase('The service cut this answer because the model began repeating itself.'),
    hint: phrase('Retry, or rephrase the request.'),
    action: { kind: 'retry' },
  },
} satisfies Record<string, { message: Phrase; hint: Phrase; action?: FixAction }>;

/** The codes the mapping covers, for tests and anyone listing them. */
export const MAPPED_CODES = Object.keys(FIXES) as ErrorCode[];

/** What the user sees of an error in a feature, and the action that fixes it. */
export function errorFix(error: unknown, context: FixContext): ErrorFix {
  const localise = context.localise ?? english;
  if (!isServiceError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      service: context.service,
      code: 'internal_error',
      message: localise(phrase('Tandem failed: {0}', message)),
      hint: localise(phrase('Retry; if it happens again, see Tandem: Show Log.')),
      action: context.feature === 'chat' ? { kind: 'retry' } : { kind: 'showLog' },
    };
  }
  const rule: Rule = FIXES[error.code][context.feature];
  const { hint, ...rest } = rule(error, context);
  const advice = hint ?? error.advice ?? codeAdvice(error.service, error.code);
  return { service: error.service, code: error.code, message: error.message, hint: localise(advice), ...rest };
}

/** Why an answer ended early, with what to do; undefined for a normal end (stop, tool calls). */
export function finishFix(finishReason: string | undefined, service: ServiceId, localise: Localise = english): ErrorFix | undefined {
  if (finishReason === undefined || !Object.hasOwn(FINISHES, finishReason)) return undefined;
  const { message, hint, ...rest }: { message: Phrase; hint: Phrase; action?: FixAction } = FINISHES[finishReason as keyof typeof FINISHES];
  return { service, code: finishReason, message: localise(message), hint: localise(hint), ...rest };
}

/** One line: which service, what went wrong, what to do. */
export function fixText(fix: ErrorFix, localise: Localise = english): string {
  return fix.hint
    ? localise(phrase('Service {0}: {1} — {2}', fix.service, fix.message, fix.hint))
    : localise(phrase('Service {0}: {1}', fix.service, fix.message));
}

/**
 * The VS Code command an action runs, as data so it is tested without an editor; undefined for the
 * chat's own actions (retry, new chat), which the chat runs itself.
 */
export function fixCommand(action: FixAction): { command: string; args: unknown[] } | undefined {
  switch (action.kind) {
    case 'setKey':
      return { command: COMMANDS.setApiKey, args: [action.service] };
    case 'openSettings':
    case 'pickModel':
      return { command: 'workbench.action.openSettings', args: [action.setting] };
    case 'snooze':
      return { command: COMMANDS.snoozeCompletions, args: [action.minutes] };
    case 'showLog':
      return { command: COMMANDS.showLog, args: [] };
    case 'retry':
    case 'newChatWithSummary':
      return undefined;
  }
}

function sentence(text: string): string {
  return text.replace(/[.\s]+$/, '');
}
