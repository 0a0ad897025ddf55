import * as vscode from 'vscode';
import type { ServiceId } from '../../core/services/wireTypes';

/** The one question before a stored key goes to a new origin. A modal: nothing is sent until it is answered, and Cancel (or Escape) sends nothing. */
export async function askToSendKey(service: ServiceId, origin: string): Promise<boolean> {
  const send = vscode.l10n.t('Send');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Send your Service {0} key to {1}?', service, origin),
    {
      modal: true,
      detail: vscode.l10n.t(
        'Tandem has not sent your stored Service {0} key to this address before (it comes from tandem.service{0}.baseUrl in your user settings). Send it only to a server you trust. Your answer is remembered; Cancel sends nothing.',
        service,
      ),
    },
    send,
  );
  return choice === send;
}
