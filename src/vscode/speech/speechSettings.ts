import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEFAULT_VOICE } from '../../core/catalog';
import type { ReadAloudOptions } from '../../core/speech/readAloudSession';
import { voiceSampleFromWav, type VoiceSample } from '../../core/speech/voiceSample';
import { tandemSetting } from '../settings';

export const SPEECH_MODELS = ['alpha-v2.5-tts', 'alpha-v2.5-tts-voicedesign', 'alpha-v2.5-tts-voiceclone'] as const;

/** A setting the user must fix before Tandem can speak; shown with an Open Settings button for `setting`. */
export class SpeechSettingError extends Error {
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

/** The `tandem.speech.*` settings as request options; reads (and checks) the voice-clone sample file. */
export async function readSpeechSettings(): Promise<SpeechSettings> {
  const model = tandemSetting<string>('speech.model', SPEECH_MODELS[0]);
  const sampleRate = tandemSetting<number>('speech.sampleRate', 24000);
  const stripMarkup = tandemSetting<boolean>('speech.stripMarkup', true);
  if (!Number.isInteger(sampleRate) || sampleRate < 8000 || sampleRate > 96000) {
    throw new SpeechSettingError(`tandem.speech.sampleRate must be a whole number of Hz from 8000 to 96000 (it is ${sampleRate}).`, 'tandem.speech.sampleRate');
  }
  switch (model) {
    case 'alpha-v2.5-tts':
      return { voice: { model, voice: tandemSetting<string>('speech.voice', DEFAULT_VOICE) }, sampleRate, stripMarkup };
    case 'alpha-v2.5-tts-voicedesign': {
      const voiceDescription = tandemSetting<string>('speech.voiceDescription', '').trim();
      if (!voiceDescription) {
        throw new SpeechSettingError(vscode.l10n.t('Voice design needs a description of the voice in tandem.speech.voiceDescription (e.g. "a calm, low voice").'), 'tandem.speech.voiceDescription');
      }
      const optimizeTextPreview = tandemSetting<boolean>('speech.optimizeTextPreview', false);
      return { voice: { model, voiceDescription, optimizeTextPreview }, sampleRate, stripMarkup };
    }
    case 'alpha-v2.5-tts-voiceclone':
      return { voice: { model, ...(await readVoiceSample(tandemSetting<string>('speech.voiceSample', ''))) }, sampleRate, stripMarkup };
    default:
      throw new SpeechSettingError(vscode.l10n.t('tandem.speech.model "{0}" is not a speech model; choose one of {1}.', model, SPEECH_MODELS.join(', ')), 'tandem.speech.model');
  }
}

/** Reads the voice-clone sample named by the setting; its length is checked before anything is sent. */
async function readVoiceSample(setting: string): Promise<VoiceSample> {
  const where = 'tandem.speech.voiceSample';
  if (!setting.trim()) throw new SpeechSettingError(vscode.l10n.t('Voice cloning needs a WAV sample of 3 to 10 seconds: set its path in tandem.speech.voiceSample.'), where);
  const file = resolveSamplePath(setting.trim());
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(file));
  } catch {
    throw new SpeechSettingError(vscode.l10n.t('The voice sample {0} cannot be read. Check the path in tandem.speech.voiceSample.', file), where);
  }
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
