// What the extension hands its own tests: activate() returns it only in ExtensionMode.Test.
import * as vscode from 'vscode';
import type { activate } from '../../src/extension';

export type TandemApi = NonNullable<ReturnType<typeof activate>>;

export async function activateTandem(): Promise<TandemApi> {
  const api = (await vscode.extensions.getExtension('tandem.tandem')!.activate()) as TandemApi | undefined;
  if (!api) throw new Error('Tandem returned no test API: the tests must run in ExtensionMode.Test');
  return api;
}
