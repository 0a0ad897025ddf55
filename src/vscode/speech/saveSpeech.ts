import * as vscode from 'vscode';
import { formatClock } from '../../core/speech/clock';
import { speechToWav } from '../../core/speech/speechToWav';
import { signalFromToken } from '../cancellation';
import { showServiceError } from '../errorNotice';
import type { ServiceClients } from '../serviceClients';
import { speechInput } from './speechInput';

/** Tandem: Save Selection as Speech… — the selection spoken into a WAV file. Returns the file, or undefined. */
export async function saveSpeech(clients: ServiceClients, log: vscode.LogOutputChannel, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const input = await speechInput();
  if (!input) return undefined;
  const uri =
    target ??
    (await vscode.window.showSaveDialog({
      defaultUri: defaultWavUri(input.document),
      filters: { 'WAV audio': ['wav'] },
      saveLabel: 'Save Speech',
      title: 'Save Selection as Speech',
    }));
  if (!uri) return undefined;
  try {
    const spoken = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Tandem: speaking ${input.title} into ${vscode.workspace.asRelativePath(uri)}`, cancellable: true },
      async (progress, token) => {
        const cancel = signalFromToken(token);
        try {
          return await speechToWav(clients.a, input, {
            signal: cancel.signal,
            onPart: (done, total) => progress.report({ increment: 100 / total, message: `part ${done} of ${total}` }),
          });
        } finally {
          cancel.dispose();
        }
      },
    );
    await vscode.workspace.fs.writeFile(uri, spoken.wav);
    log.info(`save speech: ${formatClock(spoken.seconds)} written to ${uri.toString(true)}`);
    const cut = spoken.truncatedParts.length ? ` The service cut ${spoken.truncatedParts.length} part(s) short at its output limit.` : '';
    const polished = spoken.preview ? ` Spoken text (polished by the service): ${spoken.preview}` : '';
    void vscode.window.showInformationMessage(`Tandem: saved ${formatClock(spoken.seconds)} of speech to ${vscode.workspace.asRelativePath(uri)}.${cut}${polished}`);
    return uri;
  } catch (error) {
    await showServiceError(error, 'speech', 'No file was written.');
    return undefined;
  }
}

/** Next to the document, with its name: `notes.md` → `notes.wav`. */
function defaultWavUri(document: vscode.TextDocument): vscode.Uri | undefined {
  if (document.isUntitled) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    return folder && vscode.Uri.joinPath(folder, 'speech.wav');
  }
  return document.uri.with({ path: document.uri.path.replace(/(\.[^./]*)?$/, '.wav') });
}
