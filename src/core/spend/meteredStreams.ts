// The narrow hooks between the features and the ledger: each wraps the stream function a feature
// already receives, asks the budget before the request leaves (chat, speech) and records the usage
// when the stream ends. The stream is passed through untouched, and an answer that is already
// streaming is never cut by a budget. A request that failed before any answer arrived is not
// recorded: the service charged nothing we can see.
import { DEFAULT_FIM_MODEL } from '../services/modelCatalog';
import type { ChatChunk, ChatMessage, FunctionTool, ServiceId, Usage } from '../services/wireTypes';
import type { ChatClients } from '../chat/chatRound';
import type { FimCompletion } from '../services/serviceBClient';
import type { FimOptions } from '../services/serviceB/fimRequest';
import type { SpeechOptions } from '../services/serviceA/speechRequest';
import type { CallOptions } from '../services/serviceEndpoint';
import { abortedError } from '../transport/errorMapping';
import type { SpendGate } from './spendGate';
import type { SpendFeature, UsageSink } from './spendTypes';
import { estimateTokens } from './usageTokens';

interface Metering {
  sink: UsageSink;
  budget?: SpendGate;
}

interface OneRequest {
  service: ServiceId;
  model: string;
  feature: SpendFeature;
  promptTokens: number;
  cachedTokens?: number;
  chatId?: string;
  chatTitle?: string;
}

async function* metered<T>(
  metering: Metering,
  request: OneRequest,
  stream: () => AsyncIterable<T>,
  read: (chunk: T) => { usage?: Usage | null; outputChars: number },
): AsyncGenerator<T> {
  const { sink, budget } = metering;
  if (budget && !(await budget.beforeRequest(request))) throw abortedError(request.service);
  let usage: Usage | undefined;
  let outputChars = 0;
  let answered = false;
  try {
    for await (const chunk of stream()) {
      answered = true;
      const seen = read(chunk);
      if (seen.usage) usage = seen.usage;
      outputChars += seen.outputChars;
      yield chunk;
    }
  } finally {
    if (answered) {
      sink.record({
        service: request.service,
        model: request.model,
        feature: request.feature,
        usage,
        ...(usage ? {} : { estimate: { promptTokens: request.promptTokens, outputTokens: Math.ceil(outputChars / 4) } }),
        ...(request.chatId ? { chatId: request.chatId } : {}),
        ...(request.chatTitle ? { chatTitle: request.chatTitle } : {}),
      });
    }
  }
}

function readChat(chunk: ChatChunk): { usage?: Usage | null; outputChars: number } {
  let outputChars = 0;
  for (const choice of chunk.choices ?? []) {
    const d = choice.delta;
    outputChars += (d?.content?.length ?? 0) + (d?.reasoning_content?.length ?? 0);
    for (const call of d?.tool_calls ?? []) outputChars += (call.function?.name?.length ?? 0) + (call.function?.arguments?.length ?? 0);
  }
  return { usage: chunk.usage, outputChars };
}

/** Prompt size of a chat request from its text, as the service would read it. */
function chatPromptTokens(messages: readonly ChatMessage[], tools: readonly FunctionTool[] | undefined): number {
  return estimateTokens(JSON.stringify(messages)) + (tools?.length ? estimateTokens(JSON.stringify(tools)) : 0);
}

export interface ChatMetering extends Metering {
  chatId: string;
  chatTitle: () => string;
  feature?: SpendFeature;
}

/**
 * The chat's clients, metered. The previous request's prompt of this chat is remembered: a stable
 * prompt start makes it a cache hit, which the confirmation estimate takes into account.
 */
export function meteredChatClients(clients: () => ChatClients, metering: ChatMetering): ChatClients {
  let lastPrompt = 0;
  const request = (service: ServiceId, model: string, messages: ChatMessage[], tools: FunctionTool[] | undefined): OneRequest => {
    const promptTokens = chatPromptTokens(messages, tools);
    const cachedTokens = Math.min(lastPrompt, promptTokens);
    lastPrompt = promptTokens;
    return {
      service,
      model,
      feature: metering.feature ?? 'chat',
      promptTokens,
      cachedTokens,
      chatId: metering.chatId,
      chatTitle: metering.chatTitle(),
    };
  };
  return {
    a: {
      streamChat: (options, call) =>
        metered(
          metering,
          request('A', options.model, options.messages, options.tools),
          () => clients().a.streamChat(options, call),
          readChat,
        ),
    },
    b: {
      streamChat: (options, call) =>
        metered(
          metering,
          request('B', options.model, options.messages, options.tools),
          () => clients().b.streamChat(options, call),
          readChat,
        ),
    },
  };
}

export type StreamFimFn = (options: FimOptions, call?: CallOptions) => AsyncIterable<FimCompletion>;

/**
 * Completions record only: they are paused, not asked about, when a budget is reached. The record is
 * made once the answer has gone on: the stream ends inside the completion's wait for its answer, and
 * the ledger's listeners (warnings, the status bar, a balance reading) took up to tens of ms of it.
 */
export function meteredFim(streamFim: StreamFimFn, sink: UsageSink): StreamFimFn {
  const later: UsageSink = { record: (record) => void setImmediate(() => sink.record(record)) };
  return (options, call) =>
    metered(
      { sink: later },
      {
        service: 'B',
        model: options.model ?? DEFAULT_FIM_MODEL,
        feature: 'completion',
        promptTokens: estimateTokens(options.prompt) + estimateTokens(options.suffix ?? ''),
      },
      () => streamFim(options, call),
      (chunk) => ({ usage: chunk.usage, outputChars: chunk.choices?.reduce((n, c) => n + (c.text?.length ?? 0), 0) ?? 0 }),
    );
}

export interface SpeechStreamFn {
  streamSpeech(options: SpeechOptions, call?: CallOptions): AsyncGenerator<ChatChunk>;
}

/** Read aloud: asked about before each part leaves, recorded when it ends. */
export function meteredSpeech(client: SpeechStreamFn, metering: Metering): SpeechStreamFn {
  return {
    streamSpeech: (options, call) =>
      metered(
        metering,
        { service: 'A', model: options.model, feature: 'speech', promptTokens: estimateTokens(options.text ?? '') },
        () => client.streamSpeech(options, call),
        // Audio tokens are not text: without usage, the output is estimated from the text spoken.
        (chunk) => ({ usage: chunk.usage, outputChars: chunk.choices?.some((c) => c.finish_reason) ? (options.text?.length ?? 0) : 0 }),
      ),
  };
}
