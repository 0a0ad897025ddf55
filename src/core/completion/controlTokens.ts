// Control tokens of FIM models (Qwen, DeepSeek, StarCoder, Code Llama, …) that a service sometimes
// passes through as text: nothing after the first one is the answer (the next file, the suffix
// again, padding), so the answer ends there. The commonest also go out as stop sequences.
import { COMPLETION_CUT } from '../services/controlTokens';

/** Sent as stop sequences, so the service stops there itself (Service B allows 16 in all). */
export const CONTROL_STOPS = [
  '<|endoftext|>',
  '<|fim_prefix|>',
  '<|fim_suffix|>',
  '<|fim_middle|>',
  '<|fim_pad|>',
  '<|file_sep|>',
  '<|im_end|>',
  '<｜end▁of▁sentence｜>',
  '<｜fim▁hole｜>',
  '</s>',
  '<EOT>',
  '<file_sep>',
  '<fim_suffix>',
  '<MID>',
] as const;

/** The answer up to its first control token (all of it when there is none). */
export function cutAtControlToken(text: string): string {
  const match = COMPLETION_CUT.exec(text);
  return match ? text.slice(0, match.index) : text;
}
