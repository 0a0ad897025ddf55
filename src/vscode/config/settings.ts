import * as vscode from 'vscode';
import type { AuthScheme } from '../../core/services/endpoints';
import type { ServiceId } from '../../core/services/wireTypes';
import { SETTINGS_SECTION, enumSetting, settingDefault, type SettingKey, type SettingValue } from '../../core/config/settingsCatalog';

/** Typed reads of `tandem.*`, defaulting to settingsCatalog.ts; read on each use so changes apply without a reload. */
export function tandemSetting<K extends SettingKey>(key: K): SettingValue<K> {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION).get<SettingValue<K>>(key, settingDefault(key));
}

/**
 * The user's own value of a setting that decides where a key goes or how it is sent
 * (userOnlySettings.ts lists them). They are application-scoped, so VS Code already drops them
 * from workspace and folder settings; reading only the user level also ignores what scoping misses:
 * VS Code merges a workspace's nested `{"tandem": {"serviceB": {"baseUrl": …}}}` as an unregistered
 * key, and `inspect()` shows it as the workspace value. `globalValue` is the user's (local, remote
 * and application) settings only.
 */
function userSetting<T>(key: string, fallback: T, section = 'tandem'): T {
  const inspected = vscode.workspace.getConfiguration(section).inspect<T>(key);
  return inspected?.globalValue ?? inspected?.defaultValue ?? fallback;
}

const baseUrlSetting = (service: ServiceId) => `service${service}.baseUrl` as const;

export function baseUrl(service: ServiceId): string {
  const key = baseUrlSetting(service);
  return userSetting(key, settingDefault(key));
}

/** `tandem.speech.voiceSample`, the user's own: a workspace must not choose which file is uploaded as the voice to clone. */
export function voiceSampleSetting(): string {
  const value = userSetting<unknown>('speech.voiceSample', settingDefault('speech.voiceSample'));
  return typeof value === 'string' ? value : '';
}

export function serviceAAuthScheme(): AuthScheme {
  // An unknown value reads as the default, `bearer`, which is also what authHeaders() sends for one.
  return enumSetting('serviceA.authHeader', userSetting<unknown>('serviceA.authHeader', settingDefault('serviceA.authHeader')));
}

/**
 * VS Code's own proxy settings, which extensions are expected to honour. A proxy also decides where
 * the key goes (and, with strictSSL off, who can read it): VS Code scopes both to the machine, and
 * they are read from the user level for the same reason as userSetting.
 */
export function proxySettings(): { proxyUrl?: string; strictSSL: boolean } {
  return { proxyUrl: userSetting<string>('proxy', '', 'http') || undefined, strictSSL: userSetting('proxyStrictSSL', true, 'http') };
}

export function openSettings(query: string): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', query);
}
