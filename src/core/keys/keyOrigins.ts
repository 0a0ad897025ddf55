// Origin confirmation: a key the user stored goes only to origins the user approved for it.
import type { ServiceId } from '../services/wireTypes';
import { normalizeBaseUrl } from '../services/endpoints';
import { keyEnvVar, type KeySource } from './keySource';
import { ServiceError } from '../errors/serviceError';
import { baseUrlSetting, settingId } from '../config/settingsCatalog';
import { phrase } from '../errors/phrase';

/** The user's answers for one service's stored key, per origin: true = send it there, false = do not. */
export type OriginAnswers = Record<string, boolean>;

/** Where the answers are kept (SecretStorage in the vscode layer). */
export interface OriginAnswerStore {
  read(service: ServiceId): Promise<OriginAnswers>;
  write(service: ServiceId, answers: OriginAnswers): Promise<void>;
}

/** Asks the user whether the stored key of `service` may be sent to `origin`. */
export type ConfirmOrigin = (service: ServiceId, origin: string) => Promise<boolean>;

/** The origin a base URL sends to, or undefined when the URL cannot be used at all. */
export function originOfBaseUrl(service: ServiceId, raw: string): string | undefined {
  try {
    return new URL(normalizeBaseUrl(service, raw)).origin;
  } catch {
    return undefined;
  }
}

/**
 * The key source requests use: the stored key, handed out only for an approved origin (asking once,
 * and once for all concurrent requests), else the environment key. Environment keys are exempt: they
 * come from whoever started VS Code (CI, containers), not from a key the user typed for one server.
 */
export class KeyOriginGate implements KeySource {
  /** Questions asked (or being asked) this session, so concurrent requests share one prompt. */
  private readonly decisions = new Map<string, Promise<boolean>>();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: {
      stored: KeySource;
      env: Record<string, string | undefined>;
      answers: OriginAnswerStore;
      confirm: ConfirmOrigin;
    },
  ) {}

  async get(service: ServiceId, destination?: string): Promise<string | undefined> {
    const stored = (await this.deps.stored.get(service))?.trim();
    if (!stored) return this.deps.env[keyEnvVar[service]]?.trim() || undefined;
    if (destination === undefined) throw new Error('a stored key is handed out only for a destination');
    const origin = new URL(destination).origin;
    if (!(await this.approved(service, origin))) throw notApproved(service, origin);
    return stored;
  }

  /**
   * The user typed a key while `rawBaseUrl` was configured: that origin is approved (and returned);
   * answers given for the old key are forgotten.
   */
  async keyEntered(service: ServiceId, rawBaseUrl: string): Promise<string | undefined> {
    const origin = originOfBaseUrl(service, rawBaseUrl);
    await this.replace(service, origin ? { [origin]: true } : {});
    return origin;
  }

  keyCleared(service: ServiceId): Promise<void> {
    return this.replace(service, {});
  }

  private approved(service: ServiceId, origin: string): Promise<boolean> {
    const id = `${service} ${origin}`;
    let decision = this.decisions.get(id);
    if (!decision) {
      decision = this.decide(service, origin);
      this.decisions.set(id, decision);
      // A prompt that failed (not a No) is asked again next time.
      decision.catch(() => this.decisions.get(id) === decision && this.decisions.delete(id));
    }
    return decision;
  }

  private async decide(service: ServiceId, origin: string): Promise<boolean> {
    const known = (await this.deps.answers.read(service))[origin];
    if (known !== undefined) return known;
    const yes = await this.deps.confirm(service, origin);
    await this.serialized(async () => this.deps.answers.write(service, { ...(await this.deps.answers.read(service)), [origin]: yes }));
    return yes;
  }

  private replace(service: ServiceId, answers: OriginAnswers): Promise<void> {
    for (const id of [...this.decisions.keys()]) if (id.startsWith(`${service} `)) this.decisions.delete(id);
    return this.serialized(() => this.deps.answers.write(service, answers));
  }

  /** Read-modify-write of the stored answers, one at a time. */
  private serialized(write: () => Promise<void>): Promise<void> {
    const done = this.writes.then(write);
    this.writes = done.catch(() => undefined);
    return done;
  }
}

function notApproved(service: ServiceId, origin: string): ServiceError {
  return new ServiceError({
    service,
    code: 'origin_not_approved',
    message: `Tandem did not send your Service ${service} key to ${origin}: you have not approved that address`,
    advice: phrase(
      'If you trust {0}, run Tandem: Set API Key… to send your key there; otherwise fix {1} in your user settings',
      origin,
      settingId(baseUrlSetting(service)),
    ),
  });
}
