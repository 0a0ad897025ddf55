// The one typed message protocol between the extension host and the Tandem webview. Both sides
// import these types; each side validates what it receives at runtime before dispatching
// (validateWebviewMessage.ts on the host, validateHostMessage.ts in the webview), and every
// `switch` over a message type ends in a never-check.

export type ServiceId = 'A' | 'B';
/** Service B's reasoning efforts as the user picks them (docs/contracts.md#b-reasoning-effort). */
export const REASONING_EFFORTS = ['high', 'max'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** Per-chat choices; defaults come from the `tandem.chat.*` settings. */
export interface ChatOptions {
  service: ServiceId;
  model: string;
  thinking: boolean;
  /** Service B only. */
  reasoningEffort: ReasoningEffort;
  /** Service A only: adds `{type: "web_search"}` to the tools. */
  webSearch: boolean;
}

/** A model the pickers offer. */
export interface ModelChoice {
  service: ServiceId;
  id: string;
  label: string;
  /** Context meter: the model's context window in tokens, where the service states it. */
  contextWindow?: number;
}

/** Context attached to the next message, shown as a chip. */
export interface Attachment {
  id: string;
  /**
   * folder, symbol and problems come from @-mentions; resource and prompt are an MCP server's resource
   * or prompt, picked in the composer (its data, not Tandem's).
   */
  kind: 'selection' | 'file' | 'image' | 'folder' | 'symbol' | 'problems' | 'resource' | 'prompt';
  /** What the chip says, e.g. `greet.ts:3-7` or `diagram.png`. */
  label: string;
  /** Text of a selection or file. */
  text?: string;
  language?: string;
  /** An image as a data URL (Service A only: multimodal content parts). */
  dataUrl?: string;
  /** A sensitive file the user confirmed: its text is sent once but never saved in chat history. */
  sensitive?: boolean;
}

export interface Citation {
  title: string;
  url: string;
  siteName?: string;
  summary?: string;
}

export interface UsageView {
  promptTokens: number;
  completionTokens: number;
  reasoningTokens: number;
  cacheHitTokens: number;
  webSearches?: number;
  /** Service B only, from its price table, e.g. "0.0031 CNY". */
  cost?: string;
}

/** What the user sees of an error, and the one action that fixes it. */
export interface ErrorView {
  service: ServiceId;
  code: string;
  message: string;
  hint: string;
  action?: 'setKey' | 'openSettings' | 'pickModel' | 'retry' | 'newChatWithSummary';
}

/**
 * The chat's fix buttons as the user reads them, in their language: the host labels them from the
 * same table as its notification buttons (src/vscode/errors/errorNotice.ts) and sends them with the state.
 */
export interface FixButtonLabels {
  setKeyA: string;
  setKeyB: string;
  openSettings: string;
  pickModel: string;
  retry: string;
  newChatWithSummary: string;
}

/** What a gated tool call will do, as the approval card shows it. */
export interface ToolApproval {
  summary: string;
  detail?: string;
  /** run_command: the exact text that will run, shown verbatim (line breaks and control characters made visible). */
  command?: string;
  /** Why this call needs extra care (a sensitive path, a multi-line command…); the card shows it as a warning. */
  warning?: string;
  /**
   * What "Always" approves for the rest of this chat: one exact command, or one file. Absent when the
   * call must always ask (sensitive paths, multi-line commands): the card then offers no "Always".
   */
  alwaysScope?: string;
  // Standing approvals: per-workspace command rules.
  /**
   * run_command: the command prefixes "Always allow in this workspace" adds as allow rules (the
   * command's parts, e.g. `npm test`). Absent when no rule may cover it (sensitive paths, a command
   * that cannot be read with certainty, a redirection, a deny rule).
   */
  workspaceRule?: string[];
  /** apply_edit of several files: one entry per file, each approved or denied on its own. */
  files?: EditFileApproval[];
  /**
   * An MCP tool call: "Always allow in this workspace" offered without command prefixes; the host
   * keeps it per server and tool.
   */
  workspaceTool?: string;
}

/** One part of an MCP tool result, as its card shows it (capped by the host). */
export type McpResultPart =
  | { kind: 'text'; text: string }
  /** `data` (base64) is absent when the image was too large or of a type the view does not show. */
  | { kind: 'image'; mimeType: string; bytes: number; data?: string }
  | { kind: 'resource'; uri: string; mimeType: string; text?: string }
  | { kind: 'link'; uri: string; name: string };

/** What an MCP tool card shows besides the call: which server and tool, the server's own description, progress, the result's parts. */
export interface McpCallView {
  server: string;
  tool: string;
  /** The server's description of the tool: its data, shown as such. */
  description: string;
  /** The exact arguments sent to the server (JSON). */
  arguments: string;
  progress?: string;
  parts?: McpResultPart[];
}

// Checkpoints and multi-file apply_edit: per-file approval and restoring Tandem's edits.
/** One file of a multi-file apply_edit, as the card lists it. */
export interface EditFileApproval {
  path: string;
  summary: string;
  /** A sensitive path: the card shows why it needs care. */
  warning?: string;
}

export interface ToolCallView {
  id: string;
  name: string;
  /** Arguments as the model sent them (JSON text). */
  args: string;
  status: 'awaiting-approval' | 'running' | 'done' | 'error' | 'denied';
  /** For gated tools: exactly what will happen, shown in the approval card. */
  approval?: ToolApproval;
  result?: string;
  durationMs?: number;
  /** A tool of an MCP server. */
  mcp?: McpCallView;
}

export interface UserTurn {
  id: string;
  role: 'user';
  text: string;
  attachments: Attachment[];
}

// Layout: the order things happened in an answer.
/**
 * One piece of an assistant turn in arrival order: reasoning and answer text of each round, and the
 * tool calls between rounds (by id, into `toolCalls`). Texts are joined without the blank line that
 * `reasoning` and `content` put between rounds.
 */
export type TurnPart =
  /** `ms`: how long this reasoning took, set when what follows it starts (the first one also has the turn's `reasoningMs`). */
  { kind: 'reasoning'; text: string; ms?: number } | { kind: 'text'; text: string } | { kind: 'tool'; callId: string };

export interface AssistantTurn {
  id: string;
  role: 'assistant';
  status: 'streaming' | 'done' | 'stopped' | 'error';
  /**
   * The turn in the order it happened. Absent in chats saved before it existed: those render as
   * reasoning, then text, then tool cards (see shared/turnParts.ts).
   */
  parts?: TurnPart[];
  /** All reasoning of the turn, rounds joined by a blank line (history, export, search). */
  reasoning: string;
  /** How long the model reasoned; set when the answer starts. */
  reasoningMs?: number;
  /** All answer text of the turn, rounds joined by a blank line. */
  content: string;
  toolCalls: ToolCallView[];
  citations: Citation[];
  /** Service A's `error_message` when a web search failed. */
  searchError?: string;
  /** Tools left out of this answer and why (an MCP server still starting, the tool cap, strict mode). */
  toolNotices?: string[];
  finishReason?: string;
  usage?: UsageView;
  /**
   * Context meter: prompt + completion tokens of this answer's last request, i.e. the
   * conversation's size as of this answer (`usage` sums every request of the tool loop).
   */
  contextTokens?: number;
  error?: ErrorView;
}

export type Turn = UserTurn | AssistantTurn;

export interface ChatSummary {
  id: string;
  title: string;
  updatedAt: number;
}

export interface ChatView {
  id: string;
  title: string;
  options: ChatOptions;
  turns: Turn[];
}

// Project rules: which AGENTS.md / .tandem/rules.md files the chat sends, for the header.
/** One rules file found in a workspace folder, and whether it is sent. */
export interface RulesFileView {
  /** Workspace-relative path (led by the folder's name in a multi-root workspace). */
  path: string;
  /** The file's size on disk. */
  bytes: number;
  /**
   * cut: sent only in part (the size cap); sensitive: matches the sensitive-path policy, not sent; unreadable: not sent;
   * untrusted: not read or sent, the workspace is in Restricted Mode.
   */
  status: 'used' | 'cut' | 'sensitive' | 'unreadable' | 'untrusted';
  /** "(cut at 16 KB)", or why the file could not be read. */
  note?: string;
  /** What is sent of it (used and cut files): the chip shows it, so the user sees what the model is told. */
  text?: string;
}

// Mentions: the composer's @ picker asks the host for matches and picks one of them.
/** One row of the @ picker. The host resolves only ids it offered (plus the fixed `MENTION_IDS`). */
export interface MentionItem {
  id: string;
  /** resource: an MCP resource (under its server); prompt: an MCP prompt, offered when the message starts with `/`. */
  kind: 'file' | 'folder' | 'symbol' | 'problems' | 'selection' | 'resource' | 'prompt';
  label: string;
  /** A second, dimmer line: the folder of a file, the file and line of a symbol. */
  detail?: string;
}

/** Mentions the composer can pick without a query: its "+ Selection" and "+ File" buttons, and `@problems`. */
export const MENTION_IDS = { selection: 'selection', activeFile: 'activeFile', problems: 'problems' } as const;

/** Host → webview. */
export type HostMessage =
  /** Full sync: after `ready`, on switching or starting a chat. */
  | {
      type: 'state';
      chat: ChatView;
      chats: ChatSummary[];
      models: ModelChoice[];
      attachments: Attachment[];
      balance?: string;
      rules?: RulesFileView[];
      /** Set by the chat host on every state it posts; the view keeps the last ones. */
      labels?: FixButtonLabels;
    }
  | { type: 'chats'; chats: ChatSummary[] }
  /** Adds a turn, or replaces the turn with the same id (status, tool calls, usage, error…). */
  | { type: 'turn'; chatId: string; turn: Turn }
  /** Streamed text increments of an assistant turn; the webview batches them per animation frame. */
  | { type: 'delta'; chatId: string; turnId: string; reasoning?: string; content?: string }
  /** A 429 or 5xx: the host retries by itself after `seconds`; the webview shows a countdown. */
  | { type: 'retrying'; chatId: string; turnId: string; seconds: number; attempt: number }
  | { type: 'attachments'; attachments: Attachment[] }
  | { type: 'balance'; text: string }
  /** Project rules: the rules files in effect changed. */
  | { type: 'rules'; files: RulesFileView[] }
  // Mentions: the answer to one `mentionQuery`; the webview shows only the latest request's.
  | { type: 'mentionResults'; requestId: number; items: MentionItem[] }
  | SpeechHostMessage;

/**
 * Read aloud (host → webview player). One reading has one id; its audio comes as the service sent
 * it, base64 pcm16, numbered by part because each part is its own stream (a half sample left at the
 * end of one part must not pair with the next part's first byte).
 */
export type SpeechHostMessage =
  /** Sent as the first request leaves, so the player is ready before the first chunk lands. */
  | { type: 'speech/start'; id: string; sampleRate: number; title: string; speed: number }
  | { type: 'speech/audio'; id: string; part: number; data: string }
  /** Voice design with optimize_text_preview: the polished text the service speaks. */
  | { type: 'speech/preview'; id: string; text: string }
  /** No more audio will come; the player reports `speech/ended` when what it holds has played. */
  | { type: 'speech/end'; id: string }
  /** Silence now (stop command, an error, a new reading). */
  | { type: 'speech/stop'; id: string }
  // Follow along: Tandem: Pause/Resume Reading holds or releases the player, as its Pause button does.
  | { type: 'speech/pause'; id: string; paused: boolean }
  // Read-aloud speed: `tandem.speech.speed` changed elsewhere; a playing reading follows at once.
  | { type: 'speech/speed'; speed: number };

/** Webview → host. All act on the current chat unless they name one. */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'send'; text: string }
  | { type: 'stop' }
  | { type: 'retry' }
  | { type: 'editAndResend'; turnId: string; text: string }
  | { type: 'newChat' }
  | { type: 'openChat'; chatId: string }
  | { type: 'deleteChat'; chatId: string }
  | { type: 'setOptions'; options: Partial<ChatOptions> }
  /** A pasted or dropped image (Service A chats). */
  | { type: 'attachImage'; name: string; dataUrl: string }
  | { type: 'removeAttachment'; id: string }
  /** `allowInWorkspace` (standing approvals): approve, and add the card's `workspaceRule` prefixes as this workspace's allow rules. */
  | { type: 'approveTool'; callId: string; decision: 'approve' | 'deny' | 'always' | 'allowInWorkspace' }
  // Checkpoints and multi-file apply_edit:
  /** Approve-each on a multi-file edit card: only the files at these indices of `approval.files` are written. */
  | { type: 'approveEdits'; callId: string; files: number[] }
  /** "Restore files to here" on a user turn of the current chat: revert Tandem's edits made since it. */
  | { type: 'restoreCheckpoint'; turnId: string }
  | { type: 'codeAction'; action: 'copy' | 'insert' | 'newFile'; code: string; language?: string }
  | { type: 'errorAction'; action: NonNullable<ErrorView['action']>; service: ServiceId }
  // Mentions: the text typed after `@`, and the item picked (a chip once the host has read it).
  | { type: 'mentionQuery'; requestId: number; query: string }
  | { type: 'mention'; itemId: string }
  // Read aloud chat answers: an answer's speaker button. Only the turn's id: the host reads
  // the text from the chat's own history, never from the webview.
  | { type: 'speech/readAnswer'; turnId: string }
  | SpeechWebviewMessage;

/** Read aloud (webview player → host). Times are epoch milliseconds (performance.timeOrigin based). */
export type SpeechWebviewMessage =
  /** The first samples are scheduled; they sound `startsInMs` later. */
  | { type: 'speech/playing'; id: string; scheduledAt: number; startsInMs: number }
  /** A few times a second while playing: seconds played and received so far, and whether the user paused. */
  | { type: 'speech/progress'; id: string; playedSeconds: number; scheduledSeconds: number; paused: boolean }
  /** Everything received has played (after `speech/end`), or the player was stopped. */
  | { type: 'speech/ended'; id: string; playedSeconds: number }
  /** The player cannot play: audio blocked until a click, or Web Audio failed. */
  | { type: 'speech/failed'; id: string; reason: 'blocked' | 'error'; message: string }
  /** The user pressed Stop in the view. */
  | { type: 'speech/stopRequested'; id: string }
  // Read-aloud speed: the user pressed − or +; the host stores it in `tandem.speech.speed`.
  | { type: 'speech/speedChanged'; speed: number };

/** Exhaustiveness check for `switch (message.type)`. */
export function assertNever(value: never): never {
  throw new Error(`unhandled message: ${JSON.stringify(value)}`);
}
