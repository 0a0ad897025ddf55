import type { ChatChunk, ChatCompletion } from './wireTypes';
import { buildServiceAChatRequest, type ServiceAChatOptions } from './serviceA/serviceAChatRequest';
import { buildSpeechRequest, type SpeechOptions } from './serviceA/speechRequest';
import type { CallOptions, ServiceEndpoint } from './serviceEndpoint';

/**
 * Service A: chat (text, reasoning, tools, web search) and speech, all on /v1/chat/completions.
 * Each operation names its request kind, which decides its deadlines (transport/requestKinds.ts).
 */
export class ServiceAClient {
  constructor(private readonly endpoint: ServiceEndpoint) {}

  /** Not streamed: the connection check's one-token ping (core/services/connectionCheck.ts). */
  chat(options: ServiceAChatOptions, call?: CallOptions): Promise<ChatCompletion> {
    const { path, body } = buildServiceAChatRequest({ ...options, stream: false });
    return this.endpoint.json<ChatCompletion>('POST', path, body, { ...call, kind: 'chat' });
  }

  /** Validation errors surface on the first iteration, like every other stream error. */
  async *streamChat(options: ServiceAChatOptions, call?: CallOptions): AsyncGenerator<ChatChunk> {
    const { path, body } = buildServiceAChatRequest({ ...options, stream: true });
    yield* this.endpoint.stream(path, body, { ...call, kind: 'chat' }) as AsyncGenerator<ChatChunk>;
  }

  /** Validation errors surface on the first iteration, like every other stream error. */
  async *streamSpeech(options: SpeechOptions, call?: CallOptions): AsyncGenerator<ChatChunk> {
    const { path, body } = buildSpeechRequest({ ...options, stream: true });
    yield* this.endpoint.stream(path, body, { ...call, kind: 'speech' }) as AsyncGenerator<ChatChunk>;
  }
}
