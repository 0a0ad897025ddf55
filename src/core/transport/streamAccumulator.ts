import type { Annotation, ChatChunk, ChatMessage, FinishReason, ToolCall, ToolCallDelta, Usage } from '../services/wireTypes';

/** Everything a streamed reply has said so far, in the non-stream message's shape. */
export interface AccumulatedMessage {
  id?: string;
  model?: string;
  created?: number;
  role: 'assistant';
  content: string;
  reasoning_content: string;
  /** Ordered by `index`. */
  tool_calls: ToolCall[];
  annotations: Annotation[];
  usage?: Usage;
  finish_reason?: FinishReason;
  error_message?: string;
  final_text_preview?: string;
}

/** Fields some servers add beyond the typed chunk (choice-level annotations, Service A's preview text). */
interface LooseChoice {
  annotations?: Annotation[];
  final_text_preview?: string;
  delta?: { annotations?: Annotation[] };
}

/**
 * Merges `chat.completion.chunk` deltas of either service into one message. Only choice 0 is kept:
 * Tandem never asks for n > 1, and merging choices would interleave two answers.
 */
export class StreamAccumulator {
  private id?: string;
  private model?: string;
  private created?: number;
  private content = '';
  private reasoning = '';
  private readonly calls = new Map<number, ToolCall>();
  private readonly annotations: Annotation[] = [];
  private readonly annotationKeys = new Set<string>();
  private usage?: Usage;
  private finishReason?: FinishReason;
  private errorMessage?: string;
  private finalTextPreview?: string;

  push(chunk: ChatChunk): void {
    this.id ??= chunk.id || undefined;
    this.model ??= chunk.model || undefined;
    this.created ??= chunk.created;
    // Usage normally comes once, in the last chunk; if a server repeats it, the latest is the total.
    if (chunk.usage) this.usage = chunk.usage;
    if (chunk.error_message) this.errorMessage = chunk.error_message;
    this.addAnnotations(chunk.annotations);

    for (const choice of chunk.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue;
      const loose = choice as unknown as LooseChoice;
      this.addAnnotations(loose.annotations);
      this.addAnnotations(loose.delta?.annotations);
      if (typeof loose.final_text_preview === 'string') {
        this.finalTextPreview = (this.finalTextPreview ?? '') + loose.final_text_preview;
      }
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
      const delta = choice.delta;
      if (!delta) continue;
      if (delta.content) this.content += delta.content;
      if (delta.reasoning_content) this.reasoning += delta.reasoning_content;
      for (const call of delta.tool_calls ?? []) this.addToolCall(call);
    }
  }

  /** A copy of the state so far; safe to hand to UI code while more chunks arrive. */
  get snapshot(): AccumulatedMessage {
    const message: AccumulatedMessage = {
      role: 'assistant',
      content: this.content,
      reasoning_content: this.reasoning,
      tool_calls: [...this.calls.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, c]) => ({ id: c.id, type: c.type, function: { ...c.function } })),
      annotations: this.annotations.map((a) => ({ ...a })),
    };
    if (this.id !== undefined) message.id = this.id;
    if (this.model !== undefined) message.model = this.model;
    if (this.created !== undefined) message.created = this.created;
    if (this.usage) message.usage = this.usage;
    if (this.finishReason !== undefined) message.finish_reason = this.finishReason;
    if (this.errorMessage !== undefined) message.error_message = this.errorMessage;
    if (this.finalTextPreview !== undefined) message.final_text_preview = this.finalTextPreview;
    return message;
  }

  result(): AccumulatedMessage {
    return this.snapshot;
  }

  private addToolCall(delta: ToolCallDelta): void {
    const index = typeof delta.index === 'number' ? delta.index : this.indexWithoutIndex(delta);
    let call = this.calls.get(index);
    if (!call) {
      call = { id: '', type: 'function', function: { name: '', arguments: '' } };
      this.calls.set(index, call);
    }
    // id, type and name arrive whole in the first delta of a call; later repeats are not appended.
    if (delta.id && !call.id) call.id = delta.id;
    if (delta.type) call.type = delta.type;
    if (delta.function?.name && !call.function.name) call.function.name = delta.function.name;
    if (delta.function?.arguments) call.function.arguments += delta.function.arguments;
  }

  /** Defensive: a delta missing `index` continues the last call unless it brings a new id. */
  private indexWithoutIndex(delta: ToolCallDelta): number {
    const last = Math.max(-1, ...this.calls.keys());
    if (last < 0) return 0;
    const current = this.calls.get(last);
    return delta.id && current?.id && delta.id !== current.id ? last + 1 : last;
  }

  private addAnnotations(list: Annotation[] | undefined): void {
    if (!Array.isArray(list)) return;
    for (const annotation of list) {
      // Search results repeat across chunks; the url identifies a citation.
      const key = annotation.url ?? JSON.stringify(annotation);
      if (this.annotationKeys.has(key)) continue;
      this.annotationKeys.add(key);
      this.annotations.push(annotation);
    }
  }
}

/**
 * The assistant turn to send back in history. `reasoning_content` goes along on tool-call turns:
 * Service B requires it there and Service A recommends it; on plain turns B says it "need not be sent",
 * so by default it is left out to save tokens (`includeReasoning: 'always'` keeps it).
 * `content` is always a string (possibly empty) because both contracts type it as required text.
 */
export function toAssistantMessage(
  acc: StreamAccumulator | AccumulatedMessage,
  opts: { includeReasoning?: 'toolTurns' | 'always' } = {},
): ChatMessage {
  const m = acc instanceof StreamAccumulator ? acc.snapshot : acc;
  const message: ChatMessage = { role: 'assistant', content: m.content };
  const hasCalls = m.tool_calls.length > 0;
  if (m.reasoning_content && (hasCalls || opts.includeReasoning === 'always')) message.reasoning_content = m.reasoning_content;
  if (hasCalls) message.tool_calls = m.tool_calls.map((c) => ({ ...c, function: { ...c.function } }));
  return message;
}
