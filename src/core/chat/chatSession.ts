// One chat: its turns, and the answer loop — stream a reply, run the tools it asks for (with the
// user's approval where needed), send the results back, until the model answers or the cap is hit.
import type { ChatChunk, ChatMessage, FunctionTool, ToolCall, Usage } from '../services/wireTypes';
import { abortedError } from '../transport/errorMapping';
import { isServiceError } from '../errors/serviceError';
import type { CallOptions } from '../services/serviceEndpoint';
import { StreamAccumulator, toAssistantMessage, type AccumulatedMessage } from '../transport/streamAccumulator';
import type { AssistantTurn, Attachment, ChatOptions, Citation, HostMessage, ToolCallView, UserTurn } from '../../shared/protocol';
import { safeUrl } from '../../shared/safeUrl';
import { appendPart } from '../../shared/turnParts';
import { errorView, finishNotice } from './chatErrors';
import { english, phrase, type Localise } from '../errors/phrase';
import { SYSTEM_PROMPT, streamRound, userMessage, type ChatClients } from './chatRound';
import type { StoredChat } from './chatStore';
import { titleFrom } from './chatText';
import { approvalNeed } from '../tools/commandApproval';
import { StandingApprovals } from './standingApprovals';
import type { ToolHost } from './toolHost';
import { notKeptPlaceholder, UnsavedContent } from './unsavedContent';
import { usageView } from './usageView';
import { SecretRedactor } from '../security/secretRedaction';
import { redactAnswerText, redactChat } from './chatRedaction';
import { redactSecrets } from '../transport/redact';

export type ApprovalDecision = 'approve' | 'deny' | 'always' | 'allowInWorkspace';

/**
 * Most tool calls one round may run. A model (or a hostile prompt in a file it read) can ask for
 * hundreds at once: each would be a card to click or a file read. 16 covers any real round; the rest
 * are answered "not run", so the model can ask again in its next round and the history stays valid.
 */
export const MAX_TOOL_CALLS_PER_ROUND = 16;

export interface ChatLimits {
  maxToolIterations: number;
  strictTools: boolean;
}

export interface ChatSessionDeps {
  /** Read on every request: the clients are rebuilt when proxy settings change. */
  clients: () => ChatClients;
  tools: ToolHost;
  emit: (message: HostMessage) => void;
  save: (chat: StoredChat) => Promise<void>;
  limits: () => ChatLimits;
  newId: () => string;
  now: () => number;
  /** Turns were removed (retry, edit): the webview needs the whole chat again. */
  resync: () => void;
  /** Project rules (AGENTS.md…): the system-message section sent after Tandem's own prompt, read per answer. */
  projectInstructions?: () => Promise<string | undefined>;
  /** "Always allow in this workspace": saves the card's prefixes as this workspace's allow rules. */
  allowInWorkspace?: (prefixes: string[]) => void;
  /** Translates the error and notice text an answer ends with; English when not given. */
  localise?: Localise;
}

interface Run {
  controller: AbortController;
  done: Promise<void>;
  unsaved: UnsavedContent;
}

/** What one answer carries from round to round. */
interface Answer {
  signal: AbortSignal;
  unsaved: UnsavedContent;
  /** The chat's options when the answer started: a change mid-answer applies to the next one. */
  options: ChatOptions;
  history: ChatMessage[];
  turn: AssistantTurn;
  /** This answer's messages as sent to the service (assistant rounds and tool results). */
  wire: ChatMessage[];
  usages: Usage[];
  /** deps.now() when the answer started: the reasoning time counts from here. */
  started: number;
  /** deps.now() when the reasoning part being streamed started, for its own time. */
  reasoningSince: number;
  limits: ChatLimits;
  tools: FunctionTool[];
  toolRounds: number;
  /** The round being streamed, read if it fails so what it said is kept. */
  round: StreamAccumulator | undefined;
  call: CallOptions;
}

export class ChatSession {
  private run: Run | undefined;
  private readonly approvals = new Map<string, (decision: ApprovalDecision, files?: number[]) => void>();
  /** This chat's "Always" clicks; never saved, so a reloaded or reopened chat asks again. */
  private readonly standing = new StandingApprovals();
  /**
   * The secrets this chat has handled (sensitive reads and attachments): what is kept, exported, copied
   * or checkpointed has them replaced, in every answer from then on. In memory only, like the secrets.
   */
  private readonly secrets = new SecretRedactor();

  constructor(
    readonly chat: StoredChat,
    private readonly deps: ChatSessionDeps,
  ) {}

  get id(): string {
    return this.chat.id;
  }

  get busy(): boolean {
    return this.run !== undefined;
  }

  /** Adds a user turn and answers it; resolves when the answer has ended (done, stopped or failed). */
  async send(text: string, attachments: Attachment[] = []): Promise<void> {
    await this.stop();
    const unsaved = new UnsavedContent();
    const id = this.deps.newId();
    const turn: UserTurn = { id, role: 'user', text, attachments: unsaved.keepAttachments(id, attachments) };
    for (const a of attachments) if (a.sensitive && a.text) this.secrets.add(a.text, a.label);
    const first = !this.chat.turns.some((t) => t.role === 'user');
    if (first) this.chat.title = titleFrom(text);
    this.chat.turns.push(turn);
    this.emitTurn(turn);
    // The header shows the title, which only a full state carries.
    if (first) this.deps.resync();
    await this.answer(unsaved);
  }

  /** Aborts the answer in progress (closing its socket); the partial text is kept. */
  async stop(): Promise<void> {
    const run = this.run;
    if (!run) return;
    run.controller.abort();
    await run.done;
  }

  /** Answers the last user turn again, replacing the answer after it. */
  async retry(): Promise<void> {
    await this.stop();
    const lastUser = this.chat.turns.findLastIndex((t) => t.role === 'user');
    if (lastUser < 0) return;
    this.truncateAfter(lastUser);
    this.deps.resync();
    await this.answer();
  }

  /** Replaces a user turn's text, drops everything after it, and answers again. */
  async editAndResend(turnId: string, text: string): Promise<void> {
    await this.stop();
    const index = this.chat.turns.findIndex((t) => t.id === turnId && t.role === 'user');
    if (index < 0) return;
    const old = this.chat.turns[index] as UserTurn;
    const edited: UserTurn = { ...old, text };
    this.chat.turns[index] = edited;
    this.truncateAfter(index);
    if (index === 0) this.chat.title = titleFrom(text);
    this.deps.resync();
    await this.answer();
  }

  setOptions(options: ChatOptions): void {
    this.chat.options = options;
  }

  /**
   * The user's click in a tool card. Unknown ids (a card from a finished answer) are ignored.
   * `files`: approve-each on a multi-file edit, the indices of the approved files.
   */
  decide(callId: string, decision: ApprovalDecision, files?: number[]): boolean {
    const resolve = this.approvals.get(callId);
    if (!resolve) return false;
    this.approvals.delete(callId);
    resolve(decision, files);
    return true;
  }

  private truncateAfter(index: number): void {
    for (const turn of this.chat.turns.slice(index + 1)) delete this.chat.wire[turn.id];
    this.chat.turns.length = index + 1;
  }

  /** `unsaved`: sensitive text the user gave for this answer only (retries and edits send placeholders). */
  private async answer(unsaved = new UnsavedContent()): Promise<void> {
    const controller = new AbortController();
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    this.run = { controller, done, unsaved };
    try {
      await this.answerLoop(controller.signal, unsaved);
    } finally {
      this.run = undefined;
      finish();
    }
  }

  /** Stream a round, keep what it said, run the tools it asked for; again until the model answers or the cap is hit. */
  private async answerLoop(signal: AbortSignal, unsaved: UnsavedContent): Promise<void> {
    const answer = await this.startAnswer(signal, unsaved);
    try {
      for (;;) {
        const message = await this.sendRound(answer);
        if (!this.applyRoundResult(answer, message)) break;
        await this.runToolCalls(answer, message.tool_calls);
      }
    } catch (error) {
      this.failAnswer(answer, error);
    }
    await this.finishAnswer(answer);
  }

  /** The new assistant turn, shown and saved before the first request leaves. */
  private async startAnswer(signal: AbortSignal, unsaved: UnsavedContent): Promise<Answer> {
    const { deps } = this;
    // Read while the turn is shown and saved, so the first request does not wait for it.
    const instructions = deps.projectInstructions?.().catch(() => undefined);
    const options = { ...this.chat.options };
    const history = this.history(unsaved);
    const turn: AssistantTurn = {
      id: deps.newId(),
      role: 'assistant',
      status: 'streaming',
      parts: [],
      reasoning: '',
      content: '',
      toolCalls: [],
      citations: [],
    };
    this.chat.turns.push(turn);
    const wire: ChatMessage[] = [];
    this.chat.wire[turn.id] = wire;
    this.emitTurn(turn);
    await this.persist();
    const projectRules = await instructions;
    if (projectRules) history[0] = { role: 'system', content: `${SYSTEM_PROMPT}\n\n${projectRules}` };
    const limits = deps.limits();
    // Lazily started tools (MCP servers) get ready within a bounded wait; the answer goes on without the rest.
    const prepared = await deps.tools
      .prepareAnswer?.({ service: options.service, strict: limits.strictTools, signal })
      .catch((error: unknown) => ({ notices: [`Tools could not be prepared: ${error instanceof Error ? error.message : String(error)}`] }));
    if (prepared?.notices.length) {
      turn.toolNotices = prepared.notices;
      this.emitTurn(turn);
    }
    return {
      signal,
      unsaved,
      options,
      history,
      turn,
      wire,
      usages: [],
      started: deps.now(),
      reasoningSince: deps.now(),
      limits,
      tools: deps.tools.definitions(),
      toolRounds: 0,
      round: undefined,
      call: {
        signal,
        onRetry: ({ attempt, delayMs }: { attempt: number; delayMs: number }) =>
          deps.emit({ type: 'retrying', chatId: this.chat.id, turnId: turn.id, seconds: Math.max(1, Math.ceil(delayMs / 1000)), attempt }),
      },
    };
  }

  /** One request and its streamed reply, shown as it arrives; resolves with the whole reply. */
  private async sendRound(answer: Answer): Promise<AccumulatedMessage> {
    const { options, history, unsaved, wire, tools, limits } = answer;
    const acc = (answer.round = new StreamAccumulator());
    const said = { reasoning: false, content: false };
    const stream = streamRound(
      this.deps.clients(),
      { options, messages: [...history, ...unsaved.sentWire(wire)], tools, strictTools: limits.strictTools },
      answer.call,
    );
    for await (const chunk of stream) {
      acc.push(chunk);
      this.showDelta(answer, said, chunk);
    }
    const message = acc.snapshot;
    answer.round = undefined;
    return message;
  }

  /** Adds a chunk's text to the turn and sends it to the webview. `said`: whether this round has reasoned or answered yet. */
  private showDelta(answer: Answer, said: { reasoning: boolean; content: boolean }, chunk: ChatChunk): void {
    const { turn } = answer;
    const delta = chunk.choices?.find((c) => (c.index ?? 0) === 0)?.delta;
    let reasoning = delta?.reasoning_content || '';
    let content = delta?.content || '';
    if (!reasoning && !content) return;
    // Rounds of one tool loop read as one answer: a blank line between their texts.
    if (reasoning && !said.reasoning) {
      said.reasoning = true;
      if (turn.reasoning) reasoning = `\n\n${reasoning}`;
    }
    if (content && !said.content) {
      said.content = true;
      if (turn.content) content = `\n\n${content}`;
    }
    if (reasoning) turn.reasoning += reasoning;
    // The webview replays these deltas with the same function (and in this order: reasoning first).
    turn.parts ??= [];
    if (reasoning && turn.parts.at(-1)?.kind !== 'reasoning') answer.reasoningSince = this.deps.now();
    appendPart(turn.parts, 'reasoning', reasoning);
    if (content) this.endReasoningPart(answer);
    appendPart(turn.parts, 'text', content);
    if (content) {
      if (turn.reasoningMs === undefined && turn.reasoning) turn.reasoningMs = this.deps.now() - answer.started;
      turn.content += content;
    }
    this.deps.emit({
      type: 'delta',
      chatId: this.chat.id,
      turnId: turn.id,
      ...(reasoning ? { reasoning } : {}),
      ...(content ? { content } : {}),
    });
  }

  /** Keeps a finished round in the turn and the history; returns whether its tool calls are to run next. */
  private applyRoundResult(answer: Answer, message: AccumulatedMessage): boolean {
    const { turn, wire, options, limits } = answer;
    if (message.usage) answer.usages.push(message.usage);
    this.addCitations(turn, message.annotations);
    // Server text shown and saved: a key it echoes (`sk-…`, `Bearer …`) is masked like in error messages.
    if (message.error_message) turn.searchError = redactSecrets(message.error_message, []);
    turn.finishReason = message.finish_reason;
    wire.push(toAssistantMessage(message));

    if (message.tool_calls.length === 0) {
      const notice = finishNotice(message.finish_reason, options.service, this.deps.localise);
      if (notice) turn.error = notice;
      turn.status = 'done';
      return false;
    }
    if (answer.toolRounds >= limits.maxToolIterations) {
      const localise = this.deps.localise ?? english;
      this.answerUnrun(wire, message.tool_calls, `Not run: the limit of ${limits.maxToolIterations} tool rounds per answer was reached.`);
      turn.status = 'error';
      turn.error = {
        service: options.service,
        code: 'tool_limit',
        message: localise(phrase('Stopped after {0} rounds of tool calls.', limits.maxToolIterations)),
        hint: localise(phrase('Ask the model to continue, or raise tandem.chat.maxToolIterations.')),
      };
      return false;
    }
    return true;
  }

  /** Something follows the reasoning part being streamed: it took until now. */
  private endReasoningPart(answer: Answer): void {
    const last = answer.turn.parts?.at(-1);
    if (last?.kind === 'reasoning' && last.ms === undefined) last.ms = this.deps.now() - answer.reasoningSince;
  }

  /** Runs one round's tool calls; a stop during them ends the answer. */
  private async runToolCalls(answer: Answer, calls: ToolCall[]): Promise<void> {
    answer.toolRounds += 1;
    this.endReasoningPart(answer);
    await this.runTools(answer.turn, answer.wire, calls, answer.signal, answer.unsaved);
    if (answer.signal.aborted) throw abortedError(answer.options.service);
  }

  /** A stop or an error: what the interrupted round said so far is kept, and the turn says why it ended. */
  private failAnswer(answer: Answer, error: unknown): void {
    const { turn, wire, options } = answer;
    const partial = answer.round?.snapshot;
    answer.round = undefined;
    if (partial?.usage) answer.usages.push(partial.usage);
    if (partial) this.addCitations(turn, partial.annotations);
    // The partial answer stays in the history as text; half-streamed tool calls are dropped.
    if (partial && partial.content) wire.push({ role: 'assistant', content: partial.content });
    if (answer.signal.aborted || (isServiceError(error) && error.code === 'aborted')) {
      turn.status = 'stopped';
    } else {
      turn.status = 'error';
      turn.error = errorView(error, options.service, Boolean(partial?.content || partial?.reasoning_content), this.deps.localise);
    }
  }

  /** However the answer ended: timing, redaction of this answer's sensitive text, usage; shown and saved. */
  private async finishAnswer(answer: Answer): Promise<void> {
    const { turn, wire, unsaved, options } = answer;
    if (turn.reasoningMs === undefined && turn.reasoning) turn.reasoningMs = this.deps.now() - answer.started;
    this.endReasoningPart(answer);
    redactAnswerText(turn, wire, unsaved);
    const earlier = redactChat(this.chat, this.secrets).filter((id) => id !== turn.id);
    const usage = usageView(options.model, answer.usages);
    if (usage) turn.usage = usage;
    // The context meter's reading: what the last request held, not the sum over the tool loop.
    const last = answer.usages.at(-1);
    if (last) turn.contextTokens = (last.prompt_tokens ?? 0) + (last.completion_tokens ?? 0);
    this.emitTurn(turn);
    // An earlier turn held a secret learned in this answer: the view shows the chat again, as kept.
    if (earlier.length > 0) this.deps.resync();
    await this.persist();
  }

  /** Runs the calls of one round in order, up to the cap; every call gets a tool message, so the history stays valid. */
  private async runTools(
    turn: AssistantTurn,
    wire: ChatMessage[],
    calls: ToolCall[],
    signal: AbortSignal,
    unsaved: UnsavedContent,
  ): Promise<void> {
    for (const call of calls.slice(0, MAX_TOOL_CALLS_PER_ROUND)) {
      if (signal.aborted) {
        wire.push({ role: 'tool', tool_call_id: call.id, content: 'Not run: the user stopped the answer.' });
        continue;
      }
      const { result, sensitive } = await this.runTool(turn, call, signal);
      const message: ChatMessage = { role: 'tool', tool_call_id: call.id, content: result };
      wire.push(message);
      if (sensitive) {
        unsaved.keepToolResult(message, sensitive.result, sensitive.what);
        this.secrets.add(sensitive.result, sensitive.what);
      }
    }
    this.answerUnrun(
      wire,
      calls.slice(MAX_TOOL_CALLS_PER_ROUND),
      `Not run: at most ${MAX_TOOL_CALLS_PER_ROUND} tool calls run per round. Ask for this call again in your next round if you still need it.`,
    );
  }

  /** `result` is what the chat keeps; a sensitive file's content comes apart, in `sensitive`, for this answer only. */
  private async runTool(
    turn: AssistantTurn,
    call: ToolCall,
    signal: AbortSignal,
  ): Promise<{ result: string; sensitive?: { result: string; what: string } }> {
    const { deps } = this;
    const view: ToolCallView = { id: call.id, name: call.function.name, args: call.function.arguments, status: 'running' };
    turn.toolCalls.push(view);
    (turn.parts ??= []).push({ kind: 'tool', callId: view.id });
    const update = () => this.emitTurn(turn);
    const prepared = await deps.tools
      .prepare({ name: call.function.name, args: call.function.arguments })
      .catch((error: unknown) => ({ kind: 'refused', error: error instanceof Error ? error.message : String(error) }) as const);
    if (prepared.kind === 'refused') {
      view.status = 'error';
      view.result = `Error: ${prepared.error}`;
      view.durationMs = 0;
      update();
      return { result: view.result };
    }
    if (prepared.mcp) view.mcp = { ...prepared.mcp };
    const approval = prepared.approval;
    let approvedFiles: number[] | undefined;
    if (approval) {
      view.approval = approval;
      const need = approvalNeed(view.name, approval, prepared.rules, this.standing);
      if (need === 'deny') {
        prepared.discard?.();
        view.status = 'denied';
        view.result = "Not run: the user's standing command rules deny this command.";
        update();
        return { result: view.result };
      }
      if (need === 'card') {
        view.status = 'awaiting-approval';
        update();
        const { decision, files } = await this.waitForDecision(call.id, signal);
        approvedFiles = files;
        // "Always" on a call without a scope (a sensitive path, a multi-line command) approves it once.
        if (decision === 'always') this.standing.grant(view.name, approval);
        // Only the prefixes the host itself offered on this card become rules; without them it approves once.
        if (decision === 'allowInWorkspace' && approval.workspaceRule) this.deps.allowInWorkspace?.(approval.workspaceRule);
        if (decision === 'allowInWorkspace' && approval.workspaceTool) prepared.allowInWorkspace?.();
        if (decision === 'deny') {
          prepared.discard?.();
          view.status = 'denied';
          view.result = signal.aborted ? 'Not run: the user stopped the answer.' : 'The user declined this action.';
          update();
          return { result: view.result };
        }
      }
    }
    view.status = 'running';
    update();
    const started = deps.now();
    let sensitive: { result: string; what: string } | undefined;
    try {
      const userTurnId = this.chat.turns.findLast((t) => t.role === 'user')?.id;
      const result = await prepared.run(signal, {
        chatId: this.chat.id,
        userTurnId,
        ...(approvedFiles ? { approvedFiles } : {}),
        holdsSecret: (text) => this.secrets.holds(text),
        progress: (message) => {
          if (view.mcp) view.mcp.progress = message;
          update();
        },
        showParts: (parts) => {
          if (view.mcp) view.mcp.parts = parts;
        },
      });
      if (prepared.sensitive) sensitive = { result, what: sensitiveSubject(call) };
      view.result = sensitive ? notKeptPlaceholder(sensitive.what) : result;
      view.status = 'done';
    } catch (error) {
      view.result = `Error: ${error instanceof Error ? error.message : String(error)}`;
      view.status = 'error';
    }
    view.durationMs = deps.now() - started;
    update();
    return { result: view.result, sensitive };
  }

  private waitForDecision(callId: string, signal: AbortSignal): Promise<{ decision: ApprovalDecision; files?: number[] }> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve({ decision: 'deny' });
      const onAbort = () => {
        this.approvals.delete(callId);
        resolve({ decision: 'deny' });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.approvals.set(callId, (decision, files) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ decision, files });
      });
    });
  }

  private answerUnrun(wire: ChatMessage[], calls: ToolCall[], text: string): void {
    for (const call of calls) wire.push({ role: 'tool', tool_call_id: call.id, content: text });
  }

  private addCitations(
    turn: AssistantTurn,
    annotations: ReadonlyArray<{ url?: string; title?: string; site_name?: string; summary?: string }>,
  ): void {
    for (const a of annotations) {
      if (!a.url || !safeUrl(a.url) || turn.citations.some((c) => c.url === a.url)) continue;
      const citation: Citation = { title: a.title || a.url, url: a.url };
      if (a.site_name) citation.siteName = a.site_name;
      if (a.summary) citation.summary = a.summary;
      turn.citations.push(citation);
    }
  }

  /** Wire messages of every turn so far (the system prompt first), as this answer sends them. */
  private history(unsaved: UnsavedContent): ChatMessage[] {
    const messages: ChatMessage[] = [{ role: 'system', content: SYSTEM_PROMPT }];
    for (const turn of this.chat.turns) {
      if (turn.role === 'user') messages.push(userMessage(unsaved.sentTurn(turn), this.chat.options.service));
      else messages.push(...(this.chat.wire[turn.id] ?? (turn.content ? [{ role: 'assistant' as const, content: turn.content }] : [])));
    }
    return messages;
  }

  private emitTurn(turn: UserTurn | AssistantTurn): void {
    // A copy: the webview transport serialises later, and the turn keeps changing.
    this.deps.emit({ type: 'turn', chatId: this.chat.id, turn: structuredClone(turn) });
  }

  /** Writes the chat as it may be kept. */
  async save(): Promise<void> {
    await this.deps.save(this.keptChat());
  }

  /**
   * The chat as it may be kept, exported or copied: without the secrets it handled. While an answer
   * streams, a copy (the answer in progress still sends them), also without the quotes the model may be making.
   */
  keptChat(): StoredChat {
    const run = this.run;
    const last = this.chat.turns.at(-1);
    if (!run && this.secrets.empty) return this.chat;
    const copy = structuredClone(this.chat);
    if (run && last?.role === 'assistant') redactAnswerText(copy.turns.at(-1) as AssistantTurn, copy.wire[last.id] ?? [], run.unsaved);
    redactChat(copy, this.secrets);
    return copy;
  }

  private async persist(): Promise<void> {
    this.chat.updatedAt = this.deps.now();
    await this.save();
  }
}

/** What the placeholder of a sensitive result names: the path the call read, else the tool. */
function sensitiveSubject(call: ToolCall): string {
  try {
    const path = (JSON.parse(call.function.arguments) as { path?: unknown } | null)?.path;
    if (typeof path === 'string' && path !== '') return path;
  } catch {
    // Unparsable arguments: the tool name says enough.
  }
  return `this ${call.function.name} result`;
}
