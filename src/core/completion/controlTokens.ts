// Control tokens of FIM models (Qwen, DeepSeek, StarCoder, Code Llama, …) that a service sometimes
// passes through as text: nothing after the first one is the answer (the next file, the suffix
// again, padding), so the answer ends there. The commonest also go out as stop sequences.

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

/** Every control token of those families, with the space some templates put before `<MID>`-style ones. */
const CONTROL_TOKEN =
  / ?<(?:PRE|SUF|MID|EOT)>|<\|(?:endoftext|fim_(?:prefix|suffix|middle|pad)|file_sep|repo_name|im_start|im_end)\|>|<｜(?:end▁of▁sentence|begin▁of▁sentence|fim▁(?:hole|begin|end))｜>|<(?:file_sep|fim_(?:prefix|suffix|middle|pad)|\/s)>/;

/** The answer up to its first control token (all of it when there is none). */
export function cutAtControlToken(text: string): string {
  const match = CONTROL_TOKEN.exec(text);
  return match ? text.slice(0, match.index) : text;
}
