// One call's deadlines, from its request kind's policy (requestKinds.ts), enforced as an AbortSignal.
import type { ServiceId } from '../services/wireTypes';
import { ServiceError } from '../errors/serviceError';
import type { RequestPolicy } from './requestKinds';
import { baseUrlSetting, settingId } from '../config/settingsCatalog';
import { phrase } from '../errors/phrase';

/** Starts a timer and returns its cancel function; injectable so tests control time. */
export type Timer = (ms: number, fire: () => void) => () => void;

export const realTimer: Timer = (ms, fire) => {
  // unref: a deadline alone never keeps a process (or a test run) alive.
  const handle = setTimeout(fire, ms);
  handle.unref?.();
  return () => clearTimeout(handle);
};

/** Whether a chat-completions-shaped event (chat, FIM, speech) carries content, not just framing. */
export function carriesContent(event: unknown): boolean {
  const choices = isRecord(event) ? event.choices : undefined;
  if (!Array.isArray(choices)) return false;
  return choices.some((choice) => {
    if (!isRecord(choice)) return false;
    if (nonEmpty(choice.text) || nonEmpty(choice.finish_reason) || nonEmpty(choice.final_text_preview)) return true;
    const delta = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : undefined;
    // Any field but `role` (content, reasoning_content, tool_calls, audio, annotations…) is content.
    return delta !== undefined && Object.entries(delta).some(([key, value]) => key !== 'role' && value != null && value !== '');
  });
}

/**
 * One call's deadlines as an AbortSignal: it aborts when the caller's signal does, or when a deadline
 * passes, and then `expired` holds the error the user should see.
 */
export class CallDeadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private expiredError: ServiceError | undefined;
  private readonly cancelTotal: () => void;
  private cancelFirstToken: (() => void) | undefined;
  private readonly onCallerAbort: () => void;

  constructor(
    private readonly service: ServiceId,
    private readonly policy: RequestPolicy,
    private readonly caller: AbortSignal | undefined,
    private readonly timer: Timer,
  ) {
    this.signal = this.controller.signal;
    this.onCallerAbort = () => this.controller.abort(caller?.reason);
    if (caller?.aborted) this.onCallerAbort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.cancelTotal = this.start(policy.totalMs, () => deadlineError(service, 'total', policy.totalMs));
  }

  /** The deadline error, once one passed (a caller's own abort leaves it undefined). */
  get expired(): ServiceError | undefined {
    return this.expiredError;
  }

  /** An attempt starts: its first token is due within `firstTokenMs`. */
  attemptStarted(): void {
    this.cancelFirstToken?.();
    this.cancelFirstToken = this.start(this.policy.firstTokenMs, () => deadlineError(this.service, 'first', this.policy.firstTokenMs));
  }

  /** Content arrived (or the attempt ended): only the total deadline is left. */
  firstTokenArrived(): void {
    this.cancelFirstToken?.();
    this.cancelFirstToken = undefined;
  }

  dispose(): void {
    this.firstTokenArrived();
    this.cancelTotal();
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }

  private start(ms: number, error: () => ServiceError): () => void {
    if (!Number.isFinite(ms)) return () => undefined;
    return this.timer(Math.max(0, ms), () => {
      if (this.signal.aborted) return;
      this.expiredError = error();
      this.controller.abort(this.expiredError);
    });
  }
}

function deadlineError(service: ServiceId, which: 'first' | 'total', ms: number): ServiceError {
  const within = formatDuration(ms);
  return new ServiceError({
    service,
    code: 'timeout',
    message:
      which === 'first'
        ? `Service ${service} sent no answer within ${within}`
        : `Service ${service} did not finish answering within ${within}`,
    // Not retried: the same server would most likely keep the next attempt open just as long.
    retryable: false,
    advice: phrase(
      'Retry; if it keeps happening, check that Service {0} is up and that {1} points at it.',
      service,
      settingId(baseUrlSetting(service)),
    ),
  });
}

/** `60 s`, `0.2 s`, `30 min`. */
function formatDuration(ms: number): string {
  if (ms >= 120_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 100) / 10} s`;
}

function nonEmpty(value: unknown): boolean {
  return typeof value === 'string' && value !== '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
