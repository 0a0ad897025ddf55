// A chat controller wired to the real service clients over a running simulator, with an in-memory
// store, a fake tool host and every host message recorded.
import { randomUUID } from 'node:crypto';
import type { Simulator } from '../../../sim/simulator';
import { ChatController } from '../../../src/core/chat/chatController';
import type { ChatClients } from '../../../src/core/chat/chatRequest';
import type { ChatLimits } from '../../../src/core/chat/chatSession';
import { KeyValueChatStore } from '../../../src/core/chat/chatStore';
import type { PreparedTool, ToolHost } from '../../../src/core/chat/toolHost';
import { ServiceAClient } from '../../../src/core/serviceAClient';
import { ServiceBClient } from '../../../src/core/serviceBClient';
import { ServiceEndpoint } from '../../../src/core/serviceEndpoint';
import { chatTools } from '../../../src/core/tools/toolDefinitions';
import { HttpClient } from '../../../src/core/transport/httpClient';
import type { AssistantTurn, ChatOptions, HostMessage } from '../../../src/shared/protocol';

export const GREET_SOURCE = 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n';

export class MemoryStorage {
  readonly data = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    const v = this.data.get(key);
    return v === undefined ? undefined : (structuredClone(v) as T);
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.data.delete(key);
    else this.data.set(key, structuredClone(value));
  }
}

export interface FakeTools extends ToolHost {
  commands: string[];
  discarded: number;
}

/** read_file answers with greet.ts; run_command is gated and records what it "ran". */
export function fakeTools(): FakeTools {
  const tools: FakeTools = {
    commands: [],
    discarded: 0,
    definitions: () => chatTools({ trusted: true }),
    prepare: async ({ name, args }): Promise<PreparedTool> => {
      const parsed = JSON.parse(args) as Record<string, string>;
      if (name === 'read_file') {
        if (parsed.path !== 'src/greet.ts') return { kind: 'refused', error: `path "${parsed.path}" is refused: it is outside the workspace folders` };
        return { kind: 'ready', run: async () => GREET_SOURCE };
      }
      if (name === 'run_command') {
        return {
          kind: 'ready',
          approval: { summary: `Run \`${parsed.command}\` in a terminal` },
          run: async () => {
            tools.commands.push(parsed.command);
            return 'Exit code: 0\n3 passing';
          },
          discard: () => void (tools.discarded += 1),
        };
      }
      return { kind: 'refused', error: `unknown tool "${name}"` };
    },
  };
  return tools;
}

export interface Harness {
  controller: ChatController;
  messages: HostMessage[];
  storage: MemoryStorage;
  store: KeyValueChatStore;
  tools: FakeTools;
  limits: ChatLimits;
  lastAssistant(): AssistantTurn;
  close(): Promise<void>;
}

export interface HarnessOptions {
  options?: Partial<ChatOptions>;
  clients?: ChatClients;
  storage?: MemoryStorage;
  /** Extra headers on every request (the simulator's x-sim-* controls). */
  headers?: Record<string, string>;
  keys?: { A?: string; B?: string };
  baseUrls?: { A?: string; B?: string };
  onMessage?: (message: HostMessage, harness: Harness) => void;
}

export function simChatClients(sim: Simulator, o: HarnessOptions = {}): { clients: ChatClients; close(): Promise<void> } {
  const keys = { A: o.keys?.A ?? sim.keyA, B: o.keys?.B ?? sim.keyB };
  const instantSleep = async (_ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
  };
  const http = (service: 'A' | 'B') => new HttpClient({ service, sleep: instantSleep, secrets: () => Object.values(keys) });
  const httpA = http('A');
  const httpB = http('B');
  const withHeaders = (client: HttpClient): HttpClient => {
    if (!o.headers) return client;
    const wrapped = Object.create(client) as HttpClient;
    wrapped.streamJson = (req) => client.streamJson({ ...req, headers: { ...req.headers, ...o.headers } });
    return wrapped;
  };
  const endpoint = (service: 'A' | 'B', client: HttpClient) =>
    new ServiceEndpoint({
      service,
      http: withHeaders(client),
      baseUrl: () => o.baseUrls?.[service] ?? (service === 'A' ? sim.urlA : sim.urlB),
      keys: { get: async (s) => keys[s] || undefined },
    });
  return {
    clients: { a: new ServiceAClient(endpoint('A', httpA)), b: new ServiceBClient(endpoint('B', httpB)) },
    close: async () => {
      await httpA.close();
      await httpB.close();
    },
  };
}

export function chatHarness(sim: Simulator | undefined, o: HarnessOptions = {}): Harness {
  const messages: HostMessage[] = [];
  const storage = o.storage ?? new MemoryStorage();
  const store = new KeyValueChatStore(storage);
  const tools = fakeTools();
  const limits: ChatLimits = { maxToolIterations: 5, strictTools: false };
  const sims = sim ? simChatClients(sim, o) : undefined;
  const clients = o.clients ?? sims!.clients;
  const defaults: ChatOptions = { service: 'B', model: 'beta-v4-flash', thinking: true, reasoningEffort: 'high', webSearch: false, ...o.options };
  const harness: Harness = {
    controller: undefined as unknown as ChatController,
    messages,
    storage,
    store,
    tools,
    limits,
    lastAssistant: () => {
      const turns = harness.controller.chat.turns;
      const turn = turns[turns.length - 1];
      if (turn?.role !== 'assistant') throw new Error('the last turn is not an answer');
      return turn;
    },
    close: async () => {
      await harness.controller.dispose();
      await sims?.close();
    },
  };
  harness.controller = new ChatController({
    store,
    clients: () => clients,
    tools,
    emit: (message) => {
      messages.push(message);
      o.onMessage?.(message, harness);
    },
    defaults: () => defaults,
    limits: () => limits,
    newId: () => randomUUID(),
  });
  return harness;
}

/** The tool-call cards of the turn messages, latest state of each. */
export function awaitingApproval(message: HostMessage): string | undefined {
  if (message.type !== 'turn' || message.turn.role !== 'assistant') return undefined;
  return message.turn.toolCalls.find((c) => c.status === 'awaiting-approval')?.id;
}
