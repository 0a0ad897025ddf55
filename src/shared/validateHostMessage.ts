// Runtime validation of what the webview receives from the host: a message that does not match
// the protocol exactly is dropped before dispatch, so the renderer can trust every field it reads.
import { REASONING_EFFORTS } from './protocol';
import type {
  Attachment,
  AssistantTurn,
  ChatOptions,
  EditFileApproval,
  ChatSummary,
  ChatView,
  Citation,
  ErrorView,
  FixButtonLabels,
  HostMessage,
  McpCallView,
  McpResultPart,
  MentionItem,
  ModelChoice,
  RulesFileView,
  ToolApproval,
  ToolCallView,
  Turn,
  TurnPart,
  UsageView,
  UserTurn,
} from './protocol';
import { isSpeechSpeed } from './speechSpeed';
import { arrayOf, isBool, isCount, isString, oneOf, optional, parseMessage, shape, type Check, type MessageChecks } from './messageShapes';

const isService = oneOf('A', 'B');
/** The rates an AudioContext accepts. */
const isSampleRate: Check<number> = (v): v is number => Number.isInteger(v) && (v as number) >= 3000 && (v as number) <= 768000;
const isBase64: Check<string> = (v): v is string => typeof v === 'string' && /^[A-Za-z0-9+/=\s]*$/.test(v);

const isChatOptions = shape<ChatOptions>({
  service: isService,
  model: isString,
  thinking: isBool,
  reasoningEffort: oneOf(...REASONING_EFFORTS),
  webSearch: isBool,
});

const isModelChoice = shape<ModelChoice>({ service: isService, id: isString, label: isString, contextWindow: optional(isCount) });

const isAttachment = shape<Attachment>({
  id: isString,
  kind: oneOf('selection', 'file', 'image', 'folder', 'symbol', 'problems', 'resource', 'prompt'),
  label: isString,
  text: optional(isString),
  language: optional(isString),
  dataUrl: optional((v): v is string => isString(v) && v.startsWith('data:image/')),
  sensitive: optional((v): v is boolean => typeof v === 'boolean'),
});

// Mentions: one row of the @ picker.
const isMentionItem = shape<MentionItem>({
  id: isString,
  kind: oneOf('file', 'folder', 'symbol', 'problems', 'selection', 'resource', 'prompt'),
  label: isString,
  detail: optional(isString),
});

const isCitation = shape<Citation>({ title: isString, url: isString, siteName: optional(isString), summary: optional(isString) });

const isUsage = shape<UsageView>({
  promptTokens: isCount,
  completionTokens: isCount,
  reasoningTokens: isCount,
  cacheHitTokens: isCount,
  webSearches: optional(isCount),
  cost: optional(isString),
});

const isErrorView = shape<ErrorView>({
  service: isService,
  code: isString,
  message: isString,
  hint: isString,
  action: optional(oneOf('setKey', 'openSettings', 'pickModel', 'retry', 'newChatWithSummary')),
});

const isMcpResultPart: Check<McpResultPart> = (v): v is McpResultPart =>
  shape<{ kind: 'text'; text: string }>({ kind: oneOf('text'), text: isString })(v) ||
  shape<{ kind: 'image'; mimeType: string; bytes: number; data?: string }>({
    kind: oneOf('image'),
    mimeType: isString,
    bytes: isCount,
    data: optional(isBase64),
  })(v) ||
  shape<{ kind: 'resource'; uri: string; mimeType: string; text?: string }>({
    kind: oneOf('resource'),
    uri: isString,
    mimeType: isString,
    text: optional(isString),
  })(v) ||
  shape<{ kind: 'link'; uri: string; name: string }>({ kind: oneOf('link'), uri: isString, name: isString })(v);

const isMcpCall = shape<McpCallView>({
  server: isString,
  tool: isString,
  description: isString,
  arguments: isString,
  progress: optional(isString),
  parts: optional(arrayOf(isMcpResultPart)),
});

const isToolCall = shape<ToolCallView>({
  id: isString,
  name: isString,
  args: isString,
  status: oneOf('awaiting-approval', 'running', 'done', 'error', 'denied'),
  approval: optional(
    shape<ToolApproval>({
      summary: isString,
      detail: optional(isString),
      command: optional(isString),
      warning: optional(isString),
      alwaysScope: optional(isString),
      files: optional(arrayOf(shape<EditFileApproval>({ path: isString, summary: isString, warning: optional(isString) }))),
      // Standing approvals.
      workspaceRule: optional(arrayOf(isString)),
      workspaceTool: optional(isString),
    }),
  ),
  result: optional(isString),
  durationMs: optional(isCount),
  mcp: optional(isMcpCall),
});

const isUserTurn = shape<UserTurn>({ id: isString, role: oneOf('user'), text: isString, attachments: arrayOf(isAttachment) });

// Layout: the parts of an assistant turn, in the order they happened.
const isTurnPart: Check<TurnPart> = (v): v is TurnPart =>
  shape<{ kind: 'reasoning'; text: string; ms?: number }>({ kind: oneOf('reasoning'), text: isString, ms: optional(isCount) })(v) ||
  shape<{ kind: 'text'; text: string }>({ kind: oneOf('text'), text: isString })(v) ||
  shape<{ kind: 'tool'; callId: string }>({ kind: oneOf('tool'), callId: isString })(v);

const isAssistantTurn = shape<AssistantTurn>({
  id: isString,
  role: oneOf('assistant'),
  status: oneOf('streaming', 'done', 'stopped', 'error'),
  parts: optional(arrayOf(isTurnPart)),
  reasoning: isString,
  reasoningMs: optional(isCount),
  content: isString,
  toolCalls: arrayOf(isToolCall),
  citations: arrayOf(isCitation),
  searchError: optional(isString),
  toolNotices: optional(arrayOf(isString)),
  finishReason: optional(isString),
  usage: optional(isUsage),
  contextTokens: optional(isCount),
  error: optional(isErrorView),
});

const isTurn: Check<Turn> = (v): v is Turn => isUserTurn(v) || isAssistantTurn(v);

const isChatSummary = shape<ChatSummary>({ id: isString, title: isString, updatedAt: isCount });

const isChatView = shape<ChatView>({ id: isString, title: isString, options: isChatOptions, turns: arrayOf(isTurn) });

// Project rules.
const isRulesFile = shape<RulesFileView>({
  path: isString,
  bytes: isCount,
  status: oneOf('used', 'cut', 'sensitive', 'unreadable', 'untrusted'),
  note: optional(isString),
  text: optional(isString),
});

const isFixButtonLabels = shape<FixButtonLabels>({
  setKeyA: isString,
  setKeyB: isString,
  openSettings: isString,
  pickModel: isString,
  retry: isString,
  newChatWithSummary: isString,
});

type Of<K extends HostMessage['type']> = Extract<HostMessage, { type: K }>;

const messageChecks: MessageChecks<HostMessage> = {
  state: shape<Of<'state'>>({
    type: oneOf('state'),
    chat: isChatView,
    chats: arrayOf(isChatSummary),
    models: arrayOf(isModelChoice),
    attachments: arrayOf(isAttachment),
    balance: optional(isString),
    rules: optional(arrayOf(isRulesFile)),
    labels: optional(isFixButtonLabels),
  }),
  chats: shape<Of<'chats'>>({ type: oneOf('chats'), chats: arrayOf(isChatSummary) }),
  turn: shape<Of<'turn'>>({ type: oneOf('turn'), chatId: isString, turn: isTurn }),
  delta: shape<Of<'delta'>>({
    type: oneOf('delta'),
    chatId: isString,
    turnId: isString,
    reasoning: optional(isString),
    content: optional(isString),
  }),
  retrying: shape<Of<'retrying'>>({ type: oneOf('retrying'), chatId: isString, turnId: isString, seconds: isCount, attempt: isCount }),
  attachments: shape<Of<'attachments'>>({ type: oneOf('attachments'), attachments: arrayOf(isAttachment) }),
  balance: shape<Of<'balance'>>({ type: oneOf('balance'), text: isString }),
  rules: shape<Of<'rules'>>({ type: oneOf('rules'), files: arrayOf(isRulesFile) }),
  mentionResults: shape<Of<'mentionResults'>>({ type: oneOf('mentionResults'), requestId: isCount, items: arrayOf(isMentionItem) }),
  'speech/start': shape<Of<'speech/start'>>({
    type: oneOf('speech/start'),
    id: isString,
    sampleRate: isSampleRate,
    title: isString,
    speed: isSpeechSpeed,
  }),
  'speech/audio': shape<Of<'speech/audio'>>({ type: oneOf('speech/audio'), id: isString, part: isCount, data: isBase64 }),
  'speech/preview': shape<Of<'speech/preview'>>({ type: oneOf('speech/preview'), id: isString, text: isString }),
  'speech/end': shape<Of<'speech/end'>>({ type: oneOf('speech/end'), id: isString }),
  'speech/stop': shape<Of<'speech/stop'>>({ type: oneOf('speech/stop'), id: isString }),
  // Follow along:
  'speech/pause': shape<Of<'speech/pause'>>({ type: oneOf('speech/pause'), id: isString, paused: isBool }),
  // Read-aloud speed.
  'speech/speed': shape<Of<'speech/speed'>>({ type: oneOf('speech/speed'), speed: isSpeechSpeed }),
};

/** The message if it matches the protocol exactly, else undefined (the caller drops it). */
export function parseHostMessage(raw: unknown): HostMessage | undefined {
  return parseMessage(messageChecks, raw);
}
