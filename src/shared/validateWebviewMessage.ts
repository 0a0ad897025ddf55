// Runtime check of every message the webview sends, before the host dispatches it. Anything that is
// not exactly one of the protocol's shapes is dropped: the webview renders model output, so it is
// treated as untrusted input.
import type { ChatOptions, WebviewMessage } from './protocol';

type Rec = Record<string, unknown>;

const MAX_TEXT = 1_000_000;
/** Pasted images are data URLs; 20 MB of base64 is far above any useful screenshot. */
const MAX_DATA_URL = 20 * 1024 * 1024;
const MAX_ID = 200;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const id = (v: unknown): v is string => str(v, MAX_ID) && v.length > 0;
const count = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const oneOf = <T extends string>(v: unknown, values: readonly T[]): v is T => typeof v === 'string' && (values as readonly string[]).includes(v);

/** Only the listed keys may be present, so a message cannot smuggle extra fields through. */
function onlyKeys(m: Rec, keys: readonly string[]): boolean {
  return Object.keys(m).every((k) => k === 'type' || keys.includes(k));
}

export function parseWebviewMessage(raw: unknown): WebviewMessage | undefined {
  if (!isRec(raw) || typeof raw.type !== 'string') return undefined;
  const m = raw;
  switch (m.type) {
    case 'ready':
    case 'stop':
    case 'retry':
    case 'newChat':
      return onlyKeys(m, []) ? { type: m.type } : undefined;
    case 'send':
      return onlyKeys(m, ['text']) && str(m.text, MAX_TEXT) && m.text.trim() !== '' ? { type: 'send', text: m.text } : undefined;
    case 'editAndResend':
      return onlyKeys(m, ['turnId', 'text']) && id(m.turnId) && str(m.text, MAX_TEXT) && m.text.trim() !== ''
        ? { type: 'editAndResend', turnId: m.turnId, text: m.text }
        : undefined;
    case 'openChat':
    case 'deleteChat':
      return onlyKeys(m, ['chatId']) && id(m.chatId) ? { type: m.type, chatId: m.chatId } : undefined;
    case 'setOptions': {
      const options = onlyKeys(m, ['options']) ? parseOptions(m.options) : undefined;
      return options ? { type: 'setOptions', options } : undefined;
    }
    case 'attach':
      return onlyKeys(m, ['kind']) && oneOf(m.kind, ['selection', 'file'] as const) ? { type: 'attach', kind: m.kind } : undefined;
    case 'attachImage':
      return onlyKeys(m, ['name', 'dataUrl']) &&
        str(m.name, 500) &&
        str(m.dataUrl, MAX_DATA_URL) &&
        /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(m.dataUrl)
        ? { type: 'attachImage', name: m.name, dataUrl: m.dataUrl }
        : undefined;
    case 'removeAttachment':
      return onlyKeys(m, ['id']) && id(m.id) ? { type: 'removeAttachment', id: m.id } : undefined;
    case 'approveTool':
      return onlyKeys(m, ['callId', 'decision']) && id(m.callId) && oneOf(m.decision, ['approve', 'deny', 'always'] as const)
        ? { type: 'approveTool', callId: m.callId, decision: m.decision }
        : undefined;
    case 'codeAction':
      if (!onlyKeys(m, ['action', 'code', 'language']) || !oneOf(m.action, ['copy', 'insert', 'newFile'] as const) || !str(m.code, MAX_TEXT)) return undefined;
      if (m.language !== undefined && !(str(m.language, 100) && /^[\w#+.-]*$/.test(m.language))) return undefined;
      return m.language === undefined ? { type: 'codeAction', action: m.action, code: m.code } : { type: 'codeAction', action: m.action, code: m.code, language: m.language };
    case 'errorAction':
      return onlyKeys(m, ['action', 'service']) &&
        oneOf(m.action, ['setKey', 'openSettings', 'pickModel', 'retry', 'newChatWithSummary'] as const) &&
        oneOf(m.service, ['A', 'B'] as const)
        ? { type: 'errorAction', action: m.action, service: m.service }
        : undefined;
    case 'speech/playing':
      return onlyKeys(m, ['id', 'scheduledAt', 'startsInMs']) && id(m.id) && count(m.scheduledAt) && count(m.startsInMs)
        ? { type: 'speech/playing', id: m.id, scheduledAt: m.scheduledAt, startsInMs: m.startsInMs }
        : undefined;
    case 'speech/progress':
      return onlyKeys(m, ['id', 'playedSeconds', 'scheduledSeconds', 'paused']) && id(m.id) && count(m.playedSeconds) && count(m.scheduledSeconds) && typeof m.paused === 'boolean'
        ? { type: 'speech/progress', id: m.id, playedSeconds: m.playedSeconds, scheduledSeconds: m.scheduledSeconds, paused: m.paused }
        : undefined;
    case 'speech/ended':
      return onlyKeys(m, ['id', 'playedSeconds']) && id(m.id) && count(m.playedSeconds) ? { type: 'speech/ended', id: m.id, playedSeconds: m.playedSeconds } : undefined;
    case 'speech/failed':
      return onlyKeys(m, ['id', 'reason', 'message']) && id(m.id) && oneOf(m.reason, ['blocked', 'error'] as const) && str(m.message, 1000)
        ? { type: 'speech/failed', id: m.id, reason: m.reason, message: m.message }
        : undefined;
    case 'speech/stopRequested':
      return onlyKeys(m, ['id']) && id(m.id) ? { type: 'speech/stopRequested', id: m.id } : undefined;
    default:
      return undefined;
  }
}

function parseOptions(raw: unknown): Partial<ChatOptions> | undefined {
  if (!isRec(raw)) return undefined;
  const out: Partial<ChatOptions> = {};
  for (const [key, value] of Object.entries(raw)) {
    switch (key) {
      case 'service':
        if (!oneOf(value, ['A', 'B'] as const)) return undefined;
        out.service = value;
        break;
      case 'model':
        if (!str(value, 100) || !/^[\w.-]+$/.test(value)) return undefined;
        out.model = value;
        break;
      case 'thinking':
      case 'webSearch':
        if (typeof value !== 'boolean') return undefined;
        out[key] = value;
        break;
      case 'reasoningEffort':
        if (!oneOf(value, ['high', 'max'] as const)) return undefined;
        out.reasoningEffort = value;
        break;
      default:
        return undefined;
    }
  }
  return out;
}
