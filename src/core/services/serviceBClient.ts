import { SERVICE_B_PATHS } from './endpoints';
import type { ChatChunk, Usage } from './wireTypes';
import { parseBalance, parseModelList } from './serviceB/accountParsers';
import { buildServiceBChatRequest, type ServiceBChatOptions } from './serviceB/serviceBChatRequest';
import { buildFimRequest, type FimOptions } from './serviceB/fimRequest';
import type { CallOptions, ServiceEndpoint } from './serviceEndpoint';

/** A fill-in-the-middle answer in the legacy completions shape (`choices[].text`). */
export interface FimCompletion {
  id?: string;
  model?: string;
  choices: Array<{ index: number; text: string; finish_reason?: string | null }>;
  usage?: Usage | null;
}

/**
 * Service B: chat, fill-in-the-middle (beta), model list and balance. Each operation names its
 * request kind, which decides its deadlines and retries (transport/requestKinds.ts).
 */
export class ServiceBClient {
  constructor(private readonly endpoint: ServiceEndpoint) {}

  /** Validation errors surface on the first iteration, like every other stream error. */
  async *streamChat(options: ServiceBChatOptions, call?: CallOptions): AsyncGenerator<ChatChunk> {
    const { path, body } = buildServiceBChatRequest({ ...options, stream: true });
    yield* this.endpoint.stream(path, body, { ...call, kind: 'chat' }) as AsyncGenerator<ChatChunk>;
  }

  /** Validation errors surface on the first iteration, like every other stream error. */
  async *streamFim(options: FimOptions, call?: CallOptions): AsyncGenerator<FimCompletion> {
    const { path, body } = buildFimRequest({ ...options, stream: true });
    yield* this.endpoint.stream(path, body, { ...call, kind: 'completion' }) as AsyncGenerator<FimCompletion>;
  }

  async listModels(call?: CallOptions): Promise<ReturnType<typeof parseModelList>> {
    return parseModelList(await this.endpoint.json<unknown>('GET', SERVICE_B_PATHS.models, undefined, { ...call, kind: 'account' }));
  }

  async balance(call?: CallOptions): Promise<ReturnType<typeof parseBalance>> {
    return parseBalance(await this.endpoint.json<unknown>('GET', SERVICE_B_PATHS.balance, undefined, { ...call, kind: 'account' }));
  }
}
