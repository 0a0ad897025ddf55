// What the extension hands its own tests: activate() returns it only in ExtensionMode.Test.
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../sim/simulator';
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
  for (const [i, key] of CHAT_SETTINGS.entries())
    await vscode.workspace.getConfiguration('tandem').update(key, values[i], vscode.ConfigurationTarget.Global);
  return { sim, api };
}

/** Resets what chatOnSimulator set, and the other `tandem.*` settings named, then closes the simulator. */
export async function leaveSimulator(sim: Simulator, ...settings: string[]): Promise<void> {
  for (const key of [...CHAT_SETTINGS, ...settings])
    await vscode.workspace.getConfiguration('tandem').update(key, undefined, vscode.ConfigurationTarget.Global);
  await sim.close();
}
