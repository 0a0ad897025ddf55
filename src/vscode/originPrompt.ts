import * as vscode from 'vscode';
import type { ServiceId } from '../core/chatTypes';

const SEND = 'Send';

/** The one question before a stored key goes to a new origin. A modal: nothing is sent until it is answered, and Cancel (or Escape) sends nothing. */
export async function askToSendKey(service: ServiceId, origin: string): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(
    `Send your Service ${service} key to ${origin}?`,
    {
      modal: true,
      detail:
        `Tandem has not sent your stored Service ${service} key to this address before (it comes from tandem.service${service}.baseUrl in your user settings). ` +
        'Send it only to a server you trust. Your answer is remembered; Cancel sends nothing.',
    },
    SEND,
  );
  return choice === SEND;
}
