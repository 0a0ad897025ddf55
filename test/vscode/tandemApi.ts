// What the extension-host tests share: the API the extension hands its own tests (activate() returns it
// only in ExtensionMode.Test), the simulator behind it, and Tandem's settings.
import { rmSync } from 'node:fs';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../sim/simulator';
import { until } from '../until';
import type { activate } from '../../src/extension';

export type TandemApi = NonNullable<ReturnType<typeof activate>>;

export async function activateTandem(): Promise<TandemApi> {
  const api = (await vscode.extensions.getExtension('tandem.tandem')!.activate()) as TandemApi | undefined;
  if (!api) throw new Error('Tandem returned no test API: the tests must run in ExtensionMode.Test');
  return api;
}

const CHAT_SETTINGS = ['serviceA.baseUrl', 'serviceB.baseUrl', 'chat.service', 'chat.model'];

/**
 * The simulator behind both services, with the keys of the runner's environment, and Tandem's chat
 * on Service B's beta-v4-flash: where the chat tests start. Undo it with leaveSimulator.
 */
export async function chatOnSimulator(): Promise<{ sim: Simulator; api: TandemApi }> {
  const sim = await startSimulator({ keyA: process.env.TANDEM_SERVICE_A_API_KEY, keyB: process.env.TANDEM_SERVICE_B_API_KEY });
  const api = await activateTandem();
  await api.secretKeys.delete('B'); // the runner's environment key is the one the simulator expects
  const values = [sim.urlA, sim.urlB, 'B', 'beta-v4-flash'];
  for (const [i, key] of CHAT_SETTINGS.entries()) await tandemConfig().set(key, values[i]);
  return { sim, api };
}

/** chatOnSimulator, with the chat view opened and resolved, as a user who clicked Tandem's icon has it. */
export async function chatViewOnSimulator(): Promise<{ sim: Simulator; api: TandemApi }> {
  const { sim, api } = await chatOnSimulator();
  await vscode.commands.executeCommand('workbench.view.extension.tandem');
  await vscode.commands.executeCommand('tandem.chat.focus');
  await until(() => api.chat.provider.resolved, 'the chat view to resolve', 20_000);
  return { sim, api };
}

/** Resets what chatOnSimulator set, and the other `tandem.*` settings named, then closes the simulator. */
export async function leaveSimulator(sim: Simulator, ...settings: string[]): Promise<void> {
  await tandemConfig().reset(...CHAT_SETTINGS, ...settings);
  await sim.close();
}

/** Tandem's settings (`tandem.*`, keys without the prefix) as the tests read and change them. */
export interface TandemConfig {
  get<T>(key: string): T | undefined;
  inspect: vscode.WorkspaceConfiguration['inspect'];
  /** Sets the user's (Global) value, as a user would in their settings. */
  set(key: string, value: unknown): Promise<void>;
  /** Removes the user's values of `keys`: each is back to its default (or the workspace's value). */
  reset(...keys: string[]): Promise<void>;
}

/**
 * Reads Tandem's section afresh on every call: a WorkspaceConfiguration is a snapshot, so one kept
 * across an update would still answer with the old value.
 */
export function tandemConfig(): TandemConfig {
  const section = () => vscode.workspace.getConfiguration('tandem');
  return {
    get<T>(key: string) {
      return section().get<T>(key);
    },
    inspect<T>(key: string) {
      return section().inspect<T>(key);
    },
    async set(key, value) {
      await section().update(key, value, vscode.ConfigurationTarget.Global);
    },
    async reset(...keys) {
      for (const key of keys) await section().update(key, undefined, vscode.ConfigurationTarget.Global);
    },
  };
}

/**
 * Closes a test's file and deletes it, with any others it made. Auto-save is on in this browser-hosted
 * workbench, and a save of the dirty document still on its way wrote the file back after it was deleted
 * (files were left in the fixture workspace): saving first waits for such a save, and leaves none to come.
 */
export async function closeAndDelete(uri: vscode.Uri, ...others: vscode.Uri[]): Promise<void> {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (document && !document.isClosed) {
    await document.save();
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  }
  for (const file of [uri, ...others]) rmSync(file.fsPath, { force: true });
}
