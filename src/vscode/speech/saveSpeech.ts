import * as vscode from 'vscode';
import { formatClock } from '../../core/speech/timeFormat';
import type { SpeechStreamer } from '../../core/speech/speechEvents';
import { speechToWav } from '../../core/speech/speechToWav';
import { splitForSpeech } from '../../core/speech/speechText';
import { signalFromToken } from '../lifecycle/cancellation';
import { showServiceError } from '../errors/errorNotice';
import { speechInput } from './speechInput';

/** Tandem: Save Selection as Speech… — the selection spoken into a WAV file. Returns the file, or undefined. */
export async function saveSpeech(
  /** Service A's speech client, as the spend ledger meters it. */
  speech: SpeechStreamer,
  log: vscode.LogOutputChannel,
  mayRead: (document: vscode.TextDocument) => Promise<boolean>,
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  const input = await speechInput();
  if (!input || !(await mayRead(input.document))) return undefined;
  const uri =
    target ??
    (await vscode.window.showSaveDialog({
      defaultUri: defaultWavUri(input.document),
      filters: { [vscode.l10n.t('WAV audio')]: ['wav'] },
      saveLabel: vscode.l10n.t('Save Speech'),
      title: vscode.l10n.t('Save Selection as Speech'),
    }));
  if (!uri) return undefined;
  try {
    const spoken = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Tandem: speaking {0} into {1}', input.title, vscode.workspace.asRelativePath(uri)),
        cancellable: true,
      },
      async (progress, token) => {
        const cancel = signalFromToken(token);
        try {
          // A file needs no follow along: sentences go out joined into parts of the usual size, as few requests.
          return await speechToWav(
            speech,
            { ...input, parts: splitForSpeech(input.parts.join(' ')) },
            {
              signal: cancel.signal,
              onPart: (done, total) => progress.report({ increment: 100 / total, message: vscode.l10n.t('part {0} of {1}', done, total) }),
            },
          );
        } finally {
          cancel.dispose();
        }
      },
    );
    await vscode.workspace.fs.writeFile(uri, spoken.wav);
    log.info(`save speech: ${formatClock(spoken.seconds)} written to ${uri.toString(true)}`);
    const cut = spoken.truncatedParts.length
      ? ` ${vscode.l10n.t('The service cut {0} part(s) short at its output limit.', spoken.truncatedParts.length)}`
      : '';
    const polished = spoken.preview ? ` ${vscode.l10n.t('Spoken text (polished by the service): {0}', spoken.preview)}` : '';
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Tandem: saved {0} of speech to {1}.', formatClock(spoken.seconds), vscode.workspace.asRelativePath(uri)) +
        cut +
        polished,
    );
    return uri;
  } catch (error) {
    await showServiceError(error, 'speech', vscode.l10n.t('No file was written.'));
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
