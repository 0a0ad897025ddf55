import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { findModel, modelsFor } from '../../core/services/modelCatalog';
import { SETTINGS } from '../../core/config/settingsCatalog';
import type { ReadAloudOptions } from '../../core/speech/readAloudSession';
import { MAX_VOICE_SAMPLE_BYTES, voiceSampleFromWav, voiceSampleTooLarge, type VoiceSample } from '../../core/speech/voiceSample';
import { readHead } from '../../core/tools/fileHead';
import { clampSpeechSpeed } from '../../shared/speechSpeed';
import { openSettings, tandemSetting, voiceSampleSetting } from '../config/settings';

/** A setting the user must fix before Tandem can speak; shown with an Open Settings button for `setting`. */
class SpeechSettingError extends Error {
  constructor(
    message: string,
    readonly setting: string,
  ) {
    super(message);
  }
}

export interface SpeechSettings {
  voice: ReadAloudOptions['voice'];
  sampleRate: number;
  stripMarkup: boolean;
}

/** The speech settings, or undefined after telling the user which setting to fix (with Open Settings). */
export async function speechSettingsOrExplain(): Promise<SpeechSettings | undefined> {
  try {
    return await readSpeechSettings();
  } catch (error) {
    if (!(error instanceof SpeechSettingError)) throw error;
    void vscode.window
      .showErrorMessage(vscode.l10n.t('Tandem: {0}', error.message), vscode.l10n.t('Open Settings'))
      .then((choice) => choice && openSettings(error.setting));
    return undefined;
  }
}

/** The `tandem.speech.*` settings as request options; reads (and checks) the voice-clone sample file. */
export async function readSpeechSettings(): Promise<SpeechSettings> {
  const model = tandemSetting('speech.model');
  const sampleRate = tandemSetting('speech.sampleRate');
  const stripMarkup = tandemSetting('speech.stripMarkup');
  const { minimum, maximum } = SETTINGS['speech.sampleRate'];
  if (!Number.isInteger(sampleRate) || sampleRate < minimum || sampleRate > maximum) {
    throw new SpeechSettingError(
      `tandem.speech.sampleRate must be a whole number of Hz from ${minimum} to ${maximum} (it is ${sampleRate}).`,
      'tandem.speech.sampleRate',
    );
  }
  // The catalog says how each speech model takes its voice, so no model id is repeated here.
  const info = findModel(model);
  switch (info?.kind === 'speech' ? info.speech : undefined) {
    case 'preset':
      return { voice: { model, voice: tandemSetting('speech.voice') }, sampleRate, stripMarkup };
    case 'voicedesign': {
      const voiceDescription = tandemSetting('speech.voiceDescription').trim();
      if (!voiceDescription) {
        throw new SpeechSettingError(
          vscode.l10n.t('Voice design needs a description of the voice in tandem.speech.voiceDescription (e.g. "a calm, low voice").'),
          'tandem.speech.voiceDescription',
        );
      }
      const optimizeTextPreview = tandemSetting('speech.optimizeTextPreview');
      return { voice: { model, voiceDescription, optimizeTextPreview }, sampleRate, stripMarkup };
    }
    case 'voiceclone':
      return { voice: { model, ...(await readVoiceSample(voiceSampleSetting())) }, sampleRate, stripMarkup };
    default:
      throw new SpeechSettingError(
        vscode.l10n.t(
          'tandem.speech.model "{0}" is not a speech model; choose one of {1}.',
          model,
          modelsFor('A', 'speech')
            .map((m) => m.id)
            .join(', '),
        ),
        'tandem.speech.model',
      );
  }
}

/** tandem.speech.speed, clamped and on the 0.1 grid (a hand-edited value can be anything). */
export function readSpeechSpeed(): number {
  return clampSpeechSpeed(tandemSetting('speech.speed'));
}

/** Reads the voice-clone sample named by the user's setting; its size and length are checked before anything is sent. */
async function readVoiceSample(setting: string): Promise<VoiceSample> {
  const where = 'tandem.speech.voiceSample';
  if (!setting.trim())
    throw new SpeechSettingError(
      vscode.l10n.t('Voice cloning needs a WAV sample of 3 to 10 seconds: set its path in tandem.speech.voiceSample.'),
      where,
    );
  const file = resolveSamplePath(setting.trim());
  let head: { bytes: Uint8Array; size: number };
  try {
    // At most the cap is read, whatever the file's size; a link the user names is followed.
    head = await readHead(file, MAX_VOICE_SAMPLE_BYTES + 1, (p) => fs.open(p, 'r'));
  } catch {
    throw new SpeechSettingError(
      vscode.l10n.t('The voice sample {0} cannot be read. Check the path in tandem.speech.voiceSample.', file),
      where,
    );
  }
  const tooLarge = voiceSampleTooLarge(Math.max(head.size, head.bytes.length), path.basename(file));
  if (tooLarge) throw new SpeechSettingError(tooLarge, where);
  const bytes = head.bytes;
  try {
    return voiceSampleFromWav(bytes, path.basename(file));
  } catch (error) {
    throw new SpeechSettingError(error instanceof Error ? error.message : String(error), where);
  }
}

/** `~/…` is the home folder; a relative path is taken from the first workspace folder. */
function resolveSamplePath(setting: string): string {
  if (setting === '~' || setting.startsWith('~/')) return path.join(os.homedir(), setting.slice(1));
  if (path.isAbsolute(setting)) return setting;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return folder ? path.join(folder, setting) : path.resolve(setting);
}
