import type * as vscode from 'vscode';
import type { ServiceId } from '../../core/services/wireTypes';
import type { OriginAnswers, OriginAnswerStore } from '../../core/keys/keyOrigins';

const secretName = (service: ServiceId) => `tandem.keyOrigins.${service}`;

/**
 * The user's answers to "Send your key to …?", kept in SecretStorage next to the keys: like the keys,
 * nothing a workspace or another extension writes can change them. Cached like SecretKeys (a read is a
 * round trip to the workbench in remote setups, and every request checks its origin).
 */
export class SecretOriginAnswers implements OriginAnswerStore, vscode.Disposable {
  private readonly cache = new Map<ServiceId, Promise<OriginAnswers>>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((event) => {
      for (const service of ['A', 'B'] as const) if (event.key === secretName(service)) this.cache.delete(service);
    });
  }

  read(service: ServiceId): Promise<OriginAnswers> {
    let answers = this.cache.get(service);
    if (!answers) {
      answers = Promise.resolve(this.secrets.get(secretName(service))).then(parseAnswers);
      this.cache.set(service, answers);
    }
    return answers;
  }

  async write(service: ServiceId, answers: OriginAnswers): Promise<void> {
    this.cache.set(service, Promise.resolve({ ...answers }));
    await this.secrets.store(secretName(service), JSON.stringify(answers));
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** Only origin → boolean pairs count; anything else (a damaged entry) means "not asked yet". */
function parseAnswers(stored: string | undefined): OriginAnswers {
  try {
    const parsed: unknown = JSON.parse(stored ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}
