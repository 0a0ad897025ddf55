import * as vscode from 'vscode';
import type { AuthScheme } from '../core/endpoints';
import type { ServiceId } from '../core/chatTypes';

/** Typed reads of `tandem.*`; read on each use so changes apply without a reload. */
export function tandemSetting<T>(key: string, fallback: T): T {
  return vscode.workspace.getConfiguration('tandem').get<T>(key, fallback);
}

export const baseUrlSetting = (service: ServiceId) => `service${service}.baseUrl`;

export function baseUrl(service: ServiceId): string {
  return tandemSetting(baseUrlSetting(service), '');
}

export function serviceAAuthScheme(): AuthScheme {
  return tandemSetting<AuthScheme>('serviceA.authHeader', 'bearer');
}

/** VS Code's own proxy settings, which extensions are expected to honour. */
export function proxySettings(): { proxyUrl?: string; strictSSL: boolean } {
  const http = vscode.workspace.getConfiguration('http');
  return { proxyUrl: http.get<string>('proxy') || undefined, strictSSL: http.get<boolean>('proxyStrictSSL', true) };
}

export function openSettings(query: string): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', query);
}
