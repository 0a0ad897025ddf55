// Where the standing command rules live: a workspace's in its workspaceState (never in a workspace
// file, which a cloned repository could ship), the user's global ones in the application-scoped
// setting `tandem.chat.commandRules`, read from the user level only (userOnlySettings.ts).
import type * as vscode from 'vscode';
import { normalRule, type CommandRules } from '../../core/tools/commandRules';
import { userValue } from '../config/settings';

const STATE_KEY = 'tandem.commandRules';
/** A cap on what a workspace keeps: each call checks every rule. */
const MAX_RULES = 200;

export type RuleKind = keyof CommandRules;

export class CommandRulesStore {
  constructor(private readonly workspaceState: vscode.Memento) {}

  /** This workspace's rules, as stored (anything malformed is dropped). */
  workspace(): CommandRules {
    return cleaned(this.workspaceState.get<unknown>(STATE_KEY));
  }

  /** The user's global rules: only the user-level value counts, whatever a workspace sets. */
  user(): CommandRules {
    return cleaned(userValue('chat.commandRules'));
  }

  /** The rules in effect: the workspace's and the user's together (deny wins over either's allow). */
  effective(): CommandRules {
    const workspace = this.workspace();
    const user = this.user();
    return { allow: [...workspace.allow, ...user.allow], deny: [...workspace.deny, ...user.deny] };
  }

  /** Adds rules to this workspace; returns the ones that were not valid rules. */
  async add(kind: RuleKind, rules: readonly string[]): Promise<string[]> {
    const current = this.workspace();
    const invalid: string[] = [];
    const list = [...current[kind]];
    for (const rule of rules) {
      const normal = normalRule(rule);
      if (normal === undefined) invalid.push(rule);
      else if (!list.includes(normal)) list.push(normal);
    }
    await this.save({ ...current, [kind]: list.slice(-MAX_RULES) });
    return invalid;
  }

  async remove(kind: RuleKind, rule: string): Promise<void> {
    const current = this.workspace();
    await this.save({ ...current, [kind]: current[kind].filter((r) => r !== rule) });
  }

  private async save(rules: CommandRules): Promise<void> {
    await this.workspaceState.update(STATE_KEY, { allow: [...rules.allow], deny: [...rules.deny] });
  }
}

function cleaned(value: unknown): CommandRules {
  const list = (key: RuleKind) => {
    const raw = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((r) => (typeof r === 'string' && normalRule(r) !== undefined ? [normalRule(r)!] : [])).slice(0, MAX_RULES);
  };
  return { allow: list('allow'), deny: list('deny') };
}
