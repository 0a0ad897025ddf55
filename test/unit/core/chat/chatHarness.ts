// A chat controller wired to the real service clients over a running simulator, with an in-memory
// store, a fake tool host and every host message recorded.
import { randomUUID } from 'node:crypto';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import { ChatController } from '../../../../src/core/chat/chatController';
import type { ChatClients } from '../../../../src/core/chat/chatRound';
import type { ChatLimits } from '../../../../src/core/chat/chatSession';
import { KeyValueChatStore } from '../../../../src/core/chat/chatStore';
import type { ProjectRules } from '../../../../src/core/chat/projectRules';
import type { PreparedTool, ToolHost } from '../../../../src/core/chat/toolHost';
import { sensitivePathPolicy } from '../../../../src/core/security/sensitivePaths';
import type { ChatChunk, ChatMessage } from '../../../../src/core/services/wireTypes';
import { ServiceAClient } from '../../../../src/core/services/serviceAClient';
import { ServiceBClient } from '../../../../src/core/services/serviceBClient';
import { ServiceEndpoint } from '../../../../src/core/services/serviceEndpoint';
import { chatTools } from '../../../../src/core/tools/toolDefinitions';
import { HttpClient } from '../../../../src/core/transport/httpClient';
import { hasHiddenCharacters } from '../../../../src/shared/commandText';
import type { AssistantTurn, ChatOptions, HostMessage } from '../../../../src/shared/protocol';

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

interface FakeTools extends ToolHost {
  commands: string[];
  edits: string[];
  reads: string[];
  discarded: number;
}

/** The secret `.env` of the fake workspace: it must reach the model once and never the chat store. */
export const ENV_SECRET = 'API_TOKEN=sk-live-4f9c2e7a1b';

interface FakeToolOptions {
  /**
   * A broken tool host that offers "Always" for every command, multi-line ones included: the session's
   * own check must still refuse to let a standing approval cover them.
   */
  scopeEveryCommand?: boolean;
}

/** The fake asks the real policy, with its built-in list only (no user or workspace patterns). */
const { isSensitive } = sensitivePathPolicy();

/**
 * Produces the approval fields the real tool host produces (vscode/tools/): read_file answers with
 * greet.ts, and `.env` only after approval, marked sensitive; apply_edit may always cover its one file;
 * run_command may always cover its exact text when it is one line without control characters.
 */
function fakeTools(o: FakeToolOptions = {}): FakeTools {
  const tools: FakeTools = {
    commands: [],
    edits: [],
    reads: [],
    discarded: 0,
    definitions: () => chatTools({ trusted: true }),
    prepare: async ({ name, args }): Promise<PreparedTool> => {
      const parsed = JSON.parse(args) as Record<string, string>;
      if (name === 'read_file') {
        // Like the real host, a path outside the workspace is refused before it is judged sensitive.
        const outside = parsed.path.startsWith('/') || parsed.path.split('/').includes('..');
        if (!outside && isSensitive(parsed.path)) {
          return {
            kind: 'ready',
            sensitive: true,
            approval: { summary: `Read ${parsed.path}`, warning: `${parsed.path} may hold secrets: its content goes to the model.` },
            run: async () => {
              tools.reads.push(parsed.path);
              return ENV_SECRET;
            },
          };
        }
        if (parsed.path !== 'src/greet.ts')
          return { kind: 'refused', error: `path "${parsed.path}" is refused: it is outside the workspace folders` };
        return {
          kind: 'ready',
          run: async () => {
            tools.reads.push(parsed.path);
            return GREET_SOURCE;
          },
        };
      }
      if (name === 'apply_edit') {
        const path = parsed.path;
        return {
          kind: 'ready',
          approval: isSensitive(path)
            ? { summary: `Edit ${path}`, warning: `${path} is a sensitive file.` }
            : { summary: `Edit ${path}`, alwaysScope: path },
          run: async () => {
            tools.edits.push(path);
            return `Edited ${path}`;
          },
          discard: () => void (tools.discarded += 1),
        };
      }
      if (name === 'run_command') {
        const command = parsed.command;
        const plain = !hasHiddenCharacters(command);
        return {
          kind: 'ready',
          approval: {
            summary: `Run \`${command}\` in a terminal`,
            command,
            ...(plain ? {} : { warning: 'This command has several lines or control characters.' }),
            ...(plain || o.scopeEveryCommand ? { alwaysScope: command } : {}),
          },
          run: async () => {
            tools.commands.push(command);
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

/** Clients that answer round n (from 1) of every request with the chunks `round` gives, recording what was sent. */
export function scriptedClients(round: (n: number) => ChatChunk[]): { clients: ChatClients; sent: ChatMessage[][] } {
  const sent: ChatMessage[][] = [];
  const stream = async function* (messages: ChatMessage[]): AsyncGenerator<ChatChunk> {
    sent.push(structuredClone(messages));
    yield* round(sent.length);
  };
  return { clients: { a: { streamChat: (o) => stream(o.messages) }, b: { streamChat: (o) => stream(o.messages) } }, sent };
}

/** One streamed chunk carrying these complete tool calls. */
export function toolCallChunk(calls: Array<{ id: string; name: string; args: string }>): ChatChunk {
  return {
    choices: [
      {
        index: 0,
        delta: {
          tool_calls: calls.map((c, index) => ({
            index,
            id: c.id,
            type: 'function' as const,
            function: { name: c.name, arguments: c.args },
          })),
        },
        finish_reason: 'tool_calls',
      },
    ],
  };
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
  tools?: FakeToolOptions;
  /** The project rules the host would read (AGENTS.md…). */
  projectRules?: () => Promise<ProjectRules>;
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
  const tools = fakeTools(o.tools);
  const limits: ChatLimits = { maxToolIterations: 5, strictTools: false };
  const sims = sim ? simChatClients(sim, o) : undefined;
  const clients = o.clients ?? sims!.clients;
  const defaults: ChatOptions = {
    service: 'B',
    model: 'beta-v4-flash',
    thinking: true,
    reasoningEffort: 'high',
    webSearch: false,
    ...o.options,
  };
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
    projectRules: o.projectRules,
  });
  return harness;
}

/** The tool-call cards of the turn messages, latest state of each. */
export function awaitingApproval(message: HostMessage): string | undefined {
  if (message.type !== 'turn' || message.turn.role !== 'assistant') return undefined;
  return message.turn.toolCalls.find((c) => c.status === 'awaiting-approval')?.id;
}

/**
 * The mocha hooks of a describe block whose tests chat with one simulator: started once (keys `key-a`
 * and `key-b`), reset before each test, each test's harness closed after it, stopped at the end.
 */
export function simulatorForChats(started: (sim: Simulator) => void, harness: () => Harness | undefined): void {
  let sim: Simulator | undefined;
  before(async () => {
    sim = await startSimulator({ keyA: 'key-a', keyB: 'key-b' });
    started(sim);
  });
  beforeEach(() => sim?.reset());
  afterEach(async () => {
    await harness()?.close();
  });
  after(async () => {
    await sim?.close();
  });
}
