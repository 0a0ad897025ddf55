import { COMMANDS } from '../../core/config/commandCatalog';

// The commands activate() registers for read aloud before its code loads (dist/speech.js). Kept apart
// from registerSpeech.ts, the speech bundle's entry, so that reading them does not load it.

/** The commands registerSpeech returns a handler for. */
export const SPEECH_COMMANDS = [
  COMMANDS.readAloud,
  COMMANDS.stopReading,
  COMMANDS.readFromCursor,
  COMMANDS.nextSentence,
  COMMANDS.previousSentence,
  COMMANDS.pauseResumeReading,
  COMMANDS.saveSpeech,
] as const;
