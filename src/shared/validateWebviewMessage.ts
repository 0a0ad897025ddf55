// Runtime check of every message the webview sends, before the host dispatches it. Anything that is
// not exactly one of the protocol's shapes is dropped: the webview renders model output, so it is
// treated as untrusted input. The checks are a table keyed by message type (messageShapes.ts), so a
// message added to the protocol without a shape here does not compile.
import { REASONING_EFFORTS } from './protocol';
import type { ChatOptions, WebviewMessage } from './protocol';
import { isSpeechSpeed } from './speechSpeed';
import { MAX_EDITS_PER_CALL } from './toolLimits';
import {
  boundedString,
  isBool,
  isCount,
  oneOf,
  optional,
  parseMessage,
  partialShape,
  shape,
  type Check,
  type MessageChecks,
} from './messageShapes';

const MAX_TEXT = 1_000_000;
/** Pasted images are data URLs; 20 MB of base64 is far above any useful screenshot. */
const MAX_DATA_URL = 20 * 1024 * 1024;
const MAX_ID = 200;

const isId: Check<string> = (v): v is string => boundedString(MAX_ID)(v) && v.length > 0;
const isText = boundedString(MAX_TEXT);
/** Approve-each on an edit card: distinct whole indices, no more than a call may hold. */
const isFileIndices: Check<number[]> = (v): v is number[] =>
  Array.isArray(v) &&
  v.length <= MAX_EDITS_PER_CALL &&
  v.every((i) => Number.isInteger(i) && i >= 0 && i < MAX_EDITS_PER_CALL) &&
  new Set(v).size === v.length;
/** What the user sends: blank text is no message. */
const isPrompt: Check<string> = (v): v is string => isText(v) && v.trim() !== '';
const isService = oneOf('A', 'B');
const isModelId: Check<string> = (v): v is string => boundedString(100)(v) && /^[\w.-]+$/.test(v);
const isLanguage: Check<string> = (v): v is string => boundedString(100)(v) && /^[\w#+.-]*$/.test(v);
const isImageDataUrl: Check<string> = (v): v is string =>
  boundedString(MAX_DATA_URL)(v) && /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(v);

const isOptionsUpdate = partialShape<ChatOptions>({
  service: isService,
  model: isModelId,
  thinking: isBool,
  reasoningEffort: oneOf(...REASONING_EFFORTS),
  webSearch: isBool,
});

type Of<K extends WebviewMessage['type']> = Extract<WebviewMessage, { type: K }>;

/** Exported for the type-level test that a message without a shape does not compile. */
export const webviewMessageChecks: MessageChecks<WebviewMessage> = {
  ready: shape<Of<'ready'>>({ type: oneOf('ready') }),
  send: shape<Of<'send'>>({ type: oneOf('send'), text: isPrompt }),
  stop: shape<Of<'stop'>>({ type: oneOf('stop') }),
  retry: shape<Of<'retry'>>({ type: oneOf('retry') }),
  editAndResend: shape<Of<'editAndResend'>>({ type: oneOf('editAndResend'), turnId: isId, text: isPrompt }),
  newChat: shape<Of<'newChat'>>({ type: oneOf('newChat') }),
  openChat: shape<Of<'openChat'>>({ type: oneOf('openChat'), chatId: isId }),
  deleteChat: shape<Of<'deleteChat'>>({ type: oneOf('deleteChat'), chatId: isId }),
  setOptions: shape<Of<'setOptions'>>({ type: oneOf('setOptions'), options: isOptionsUpdate }),
  attachImage: shape<Of<'attachImage'>>({ type: oneOf('attachImage'), name: boundedString(500), dataUrl: isImageDataUrl }),
  removeAttachment: shape<Of<'removeAttachment'>>({ type: oneOf('removeAttachment'), id: isId }),
  approveTool: shape<Of<'approveTool'>>({
    type: oneOf('approveTool'),
    callId: isId,
    decision: oneOf('approve', 'deny', 'always', 'allowInWorkspace'),
  }),
  // Checkpoints and multi-file apply_edit:
  approveEdits: shape<Of<'approveEdits'>>({ type: oneOf('approveEdits'), callId: isId, files: isFileIndices }),
  restoreCheckpoint: shape<Of<'restoreCheckpoint'>>({ type: oneOf('restoreCheckpoint'), turnId: isId }),
  codeAction: shape<Of<'codeAction'>>({
    type: oneOf('codeAction'),
    action: oneOf('copy', 'insert', 'newFile'),
    code: isText,
    language: optional(isLanguage),
  }),
  errorAction: shape<Of<'errorAction'>>({
    type: oneOf('errorAction'),
    action: oneOf('setKey', 'openSettings', 'pickModel', 'retry', 'newChatWithSummary'),
    service: isService,
  }),
  // Mentions: a query is what follows `@` up to a space, so 200 characters is plenty.
  mentionQuery: shape<Of<'mentionQuery'>>({ type: oneOf('mentionQuery'), requestId: isCount, query: boundedString(200) }),
  mention: shape<Of<'mention'>>({ type: oneOf('mention'), itemId: boundedString(2_000) }),
  'speech/playing': shape<Of<'speech/playing'>>({ type: oneOf('speech/playing'), id: isId, scheduledAt: isCount, startsInMs: isCount }),
  'speech/progress': shape<Of<'speech/progress'>>({
    type: oneOf('speech/progress'),
    id: isId,
    playedSeconds: isCount,
    scheduledSeconds: isCount,
    paused: isBool,
  }),
  'speech/ended': shape<Of<'speech/ended'>>({ type: oneOf('speech/ended'), id: isId, playedSeconds: isCount }),
  'speech/failed': shape<Of<'speech/failed'>>({
    type: oneOf('speech/failed'),
    id: isId,
    reason: oneOf('blocked', 'error'),
    message: boundedString(1000),
  }),
  'speech/stopRequested': shape<Of<'speech/stopRequested'>>({ type: oneOf('speech/stopRequested'), id: isId }),
  // Read aloud chat answers.
  'speech/readAnswer': shape<Of<'speech/readAnswer'>>({ type: oneOf('speech/readAnswer'), turnId: isId }),
  // Read-aloud speed.
  'speech/speedChanged': shape<Of<'speech/speedChanged'>>({ type: oneOf('speech/speedChanged'), speed: isSpeechSpeed }),
};

/** The message if it matches the protocol exactly, else undefined (the caller drops it). */
export function parseWebviewMessage(raw: unknown): WebviewMessage | undefined {
  return parseMessage(webviewMessageChecks, raw);
}
