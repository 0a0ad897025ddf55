// The typing part of bench:completion replayed in virtual time, without an extension host: the same typist
// (seed, gaps, typos, thinking pauses, Tab on an exact suggestion) over the same lines, driving the real
// CompletionEngine against the simulator's FIM model with a fixed latency. Deterministic, so a debounce or
// caching change can be compared in seconds on a busy machine; the extension-host bench confirms it.
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { completeFim } from '../sim/fim';
import { CompletionEngine } from '../src/core/completion/completionEngine';
import { inThreadJudges } from '../src/core/completion/inThreadJudge';
import { TreeSitterParsers } from '../src/core/completion/treeSitterParsers';
import type { FimOptions } from '../src/core/services/serviceB/fimRequest';
import type { FimCompletion } from '../src/core/services/serviceBClient';
import { promptCacheSummary } from './completionCost';
import { typedLines, typist } from './typist.cjs';

const root = join(__dirname, '..');
const keyGapMs = Number(process.env.BENCH_KEY_GAP_MS ?? 70);
/** Time an edit and the provider call take on top of the typist's gap (the host's own work). */
const editMs = Number(process.env.REPLAY_EDIT_MS ?? 10);
/** Mean of an exponential extra delay per key and per answer: a busy machine's jitter. */
const jitterMs = Number(process.env.REPLAY_JITTER_MS ?? 0);
let jitterSeed = 7;
const jitter = () =>
  jitterMs > 0 ? -jitterMs * Math.log(1 - (jitterSeed = (jitterSeed * 1103515245 + 12345) % 2147483648) / 2147483648) : 0;
const serverMs = Number(process.env.BENCH_SERVER_MS ?? 50);
const networkMs = Number(process.env.REPLAY_NETWORK_MS ?? 5);
/** The typed files, frozen as bench:completion types them (see the file's `about`). */
const typed: Array<{ path: string; text: string }> = JSON.parse(
  readFileSync(join(root, 'bench/completionTypingSession.json'), 'utf8'),
).files;
const languageOf: Record<string, string> = { '.ts': 'typescript', '.py': 'python', '.js': 'javascript' };

// ---- virtual time ----
let now = 0;
const timers: { at: number; seq: number; fire: () => void }[] = [];
let seq = 0;
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      const at = timers.indexOf(timer);
      if (at >= 0) timers.splice(at, 1);
      reject(signal!.reason);
    };
    const timer = {
      at: now + Math.max(0, ms),
      seq: seq++,
      fire: () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
    };
    timers.push(timer);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
const settle = async () => {
  for (let i = 0; i < 12; i++) await new Promise((r) => setImmediate(r));
};
async function runClock(done: () => boolean) {
  while (!done()) {
    await settle();
    if (timers.length === 0) continue;
    timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = timers.shift()!;
    now = Math.max(now, next.at);
    next.fire();
  }
}

// ---- the service ----
const bodies: unknown[] = [];
let requestsAtServer = 0;
let abortedAtServer = 0;
function streamFim(options: FimOptions, call?: { signal?: AbortSignal }): AsyncIterable<FimCompletion> {
  return {
    async *[Symbol.asyncIterator]() {
      await sleep(networkMs / 2, call?.signal);
      requestsAtServer++;
      const stop = options.stop === undefined ? [] : Array.isArray(options.stop) ? options.stop : [options.stop];
      bodies.push({ model: options.model, prompt: options.prompt, suffix: options.suffix, max_tokens: options.maxTokens, stop });
      try {
        await sleep(serverMs + networkMs / 2 + jitter(), call?.signal);
      } catch (error) {
        abortedAtServer++;
        throw error;
      }
      const { text, finishReason } = completeFim({
        prompt: options.prompt,
        suffix: options.suffix ?? '',
        maxTokens: options.maxTokens ?? 128,
        stop,
      });
      yield { choices: [{ index: 0, text, finish_reason: finishReason }] };
    },
  };
}

async function session(typistSeed: number) {
  bodies.length = 0;
  requestsAtServer = 0;
  abortedAtServer = 0;
  jitterSeed = typistSeed + 7;
  const syntax = new TreeSitterParsers(join(root, 'node_modules/@vscode/tree-sitter-wasm/wasm'));
  // Loaded before the clock starts: a grammar loading in real time would race the virtual clock.
  for (const language of new Set(Object.values(languageOf))) await syntax.load(language);
  const engine = new CompletionEngine({
    streamFim,
    syntax: inThreadJudges(syntax),
    settings: () => ({ model: 'beta-v4-pro', maxTokens: 128, debounceMs: Number(process.env.REPLAY_DEBOUNCE_MS ?? 150) }),
    now: () => now,
    delay: (ms, signal) => sleep(ms, signal),
  });
  const { gapAfter, typo } = typist(keyGapMs, typistSeed);
  let typedChars = 0;
  let keysWithSuggestion = 0;
  let accepted = 0;
  let finished = false;
  const session = async () => {
    for (const { path, text } of typed) {
      const lines = text.split('\n');
      const languageId = languageOf[extname(path)] ?? 'plaintext';
      const picks = typedLines(lines, 6);
      const doc = lines.map((l, i) => (picks.includes(i) ? /^\s*/.exec(l)![0] : l));
      const offsetOf = (line: number, col: number) => doc.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + col;
      for (const lineNo of picks) {
        const target = lines[lineNo].trimStart();
        let col = /^\s*/.exec(lines[lineNo])![0].length;
        let typedOnLine = 0;
        let shown: { text: string } | undefined;
        let controller: AbortController | undefined;
        const keystroke = async (ch: string | undefined, typingThrough: boolean) => {
          await sleep(jitter()); // the host busy elsewhere: the key lands late
          if (shown) keysWithSuggestion++;
          const l = doc[lineNo];
          if (ch === undefined) {
            doc[lineNo] = l.slice(0, col - 1) + l.slice(col);
            col--;
          } else {
            doc[lineNo] = l.slice(0, col) + ch + l.slice(col);
            col++;
          }
          typedChars++;
          await sleep(editMs);
          controller?.abort(new Error('cancelled'));
          const own = (controller = new AbortController());
          const pending = engine.complete({ text: doc.join('\n'), offset: offsetOf(lineNo, col), languageId, signal: own.signal });
          if (shown && typingThrough) shown = { text: shown.text.slice(1) };
          else shown = undefined;
          pending.then(
            (outcome) => {
              if (!own.signal.aborted) shown = outcome.text ? { text: outcome.text } : undefined;
            },
            () => undefined,
          );
        };
        await sleep(600);
        while (typedOnLine < target.length) {
          const rest = target.slice(typedOnLine);
          if (shown && shown.text.length >= 3 && shown.text === rest) {
            doc[lineNo] = doc[lineNo].slice(0, col) + shown.text + doc[lineNo].slice(col);
            col += shown.text.length;
            accepted++;
            engine.prefetch(doc.join('\n'), offsetOf(lineNo, col), languageId);
            break;
          }
          const ch = rest[0];
          const typingThrough = !!shown && shown.text.startsWith(ch) && shown.text.length > 1;
          if (!typingThrough && typo()) {
            await keystroke('#', false);
            await sleep(gapAfter('#') + 150);
            await keystroke(undefined, false);
            await sleep(gapAfter(ch));
          }
          await keystroke(ch, typingThrough);
          typedOnLine++;
          await sleep(gapAfter(ch));
        }
        controller?.abort(new Error('cancelled'));
        await sleep(50);
      }
    }
    await sleep(300);
    finished = true;
  };
  const typing = session();
  await runClock(() => finished);
  await typing;
  const cache = promptCacheSummary(bodies);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    typedChars,
    requests: requestsAtServer,
    requestsPer100TypedChars: round((requestsAtServer / typedChars) * 100),
    abortedAtServer,
    keysWithSuggestionShare: round(keysWithSuggestion / typedChars),
    accepted,
    promptCacheHitShare: cache.promptCacheHitShare,
    engine: engine.stats,
  };
}

async function main() {
  // REPLAY_SEEDS=n: n typists (seeds 42…), averaged; one typist is the extension-host bench's.
  const seeds = Array.from({ length: Number(process.env.REPLAY_SEEDS ?? 1) }, (_, i) => 42 + i * 1000);
  const runs: Awaited<ReturnType<typeof session>>[] = [];
  for (const seed of seeds) runs.push(await session(seed));
  const mean = (f: (r: (typeof runs)[number]) => number) => Math.round((runs.reduce((n, r) => n + f(r), 0) / runs.length) * 1000) / 1000;
  if (runs.length === 1) console.log(JSON.stringify(runs[0]));
  else
    console.log(
      JSON.stringify({
        seeds: runs.length,
        requestsPer100TypedChars: mean((r) => r.requestsPer100TypedChars),
        keysWithSuggestionShare: mean((r) => r.keysWithSuggestionShare),
        abortedAtServer: mean((r) => r.abortedAtServer),
        promptCacheHitShare: mean((r) => r.promptCacheHitShare),
      }),
    );
}

void main();
