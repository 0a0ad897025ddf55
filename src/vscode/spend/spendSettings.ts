import type * as vscode from 'vscode';
import type { SpendLimits } from '../../core/spend/budget';
import { parseUserPrices, type UserPrices } from '../../core/spend/spendPrices';
import { SETTINGS_SECTION, settingDefault } from '../../core/config/settingsCatalog';
import { userValue } from '../config/settings';

/**
 * The budget settings from the user's settings only: a workspace (a cloned repository's
 * .vscode/settings.json) must not raise a limit or set prices. They are application-scoped, and
 * reading `globalValue` also ignores what scoping misses.
 */
function userNumber(key: 'spend.dailyLimit' | 'spend.monthlyLimit' | 'spend.confirmAbove'): number {
  const value = userValue(key);
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : settingDefault(key);
}

export function spendLimits(): SpendLimits {
  return {
    daily: userNumber('spend.dailyLimit'),
    monthly: userNumber('spend.monthlyLimit'),
    confirmAbove: userNumber('spend.confirmAbove'),
  };
}

export function userPrices(): UserPrices {
  return parseUserPrices(userValue('spend.prices'));
}

export function affectsSpend(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration(`${SETTINGS_SECTION}.spend`);
}
