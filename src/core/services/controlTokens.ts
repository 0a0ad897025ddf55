// The control tokens of chat and FIM models, by what they mean. A service sometimes passes one
// through as text; each feature decides what to do with which (completion/controlTokens.ts cuts the
// answer at any of them, edit/modelMarkup.ts ends at a turn's end and drops the rest).

import { escapeRegExp } from '../../shared/literalRegExp';

type Catalogue = readonly string[];

/** A turn ends: nothing after one is the answer. */
const TURN_END: Catalogue = [
  '<|endoftext|>',
  '<|im_end|>',
  '<|end|>',
  '<|return|>',
  '<|eot_id|>',
  '<|eom_id|>',
  '<|end_of_text|>',
  '<|END_RESPONSE|>',
  '<|END_OF_TURN_TOKEN|>',
  '<｜end▁of▁sentence｜>',
  '</s>',
  '<EOT>',
  '<end_of_turn>',
  '<eos>',
];
/** A turn or a part of one starts (ChatML, gpt-oss's Harmony, DeepSeek, Cohere, Llama 3.1's tool call). */
const TURN_START: Catalogue = [
  '<start_of_turn>',
  '<|im_start|>',
  '<|start|>',
  '<|message|>',
  '<｜begin▁of▁sentence｜>',
  '<|START_RESPONSE|>',
  '<|START_OF_TURN_TOKEN|>',
  '<|CHATBOT_TOKEN|>',
  '<|python_tag|>',
];
/** FIM slots and file separators: Qwen and StarCoder (with and without bars), DeepSeek, Code Llama. */
const FIM: Catalogue = [
  '<|fim_prefix|>',
  '<|fim_suffix|>',
  '<|fim_middle|>',
  '<|fim_pad|>',
  '<|file_sep|>',
  '<|repo_name|>',
  '<｜fim▁hole｜>',
  '<｜fim▁begin｜>',
  '<｜fim▁end｜>',
  '<fim_prefix>',
  '<fim_suffix>',
  '<fim_middle>',
  '<fim_pad>',
  '<file_sep>',
  '<PRE>',
  '<SUF>',
  '<MID>',
];
/** Places in an edit's text: Qwen's cursor, Zeta's editable region, GLM-V's answer box. */
const EDIT_PLACE: Catalogue = [
  '<|cursor|>',
  '<|user_cursor_is_here|>',
  '<|editable_region_start|>',
  '<|editable_region_end|>',
  '<|begin_of_box|>',
  '<|end_of_box|>',
];

/**
 * A bare `<name>` token can be real text in a file (`</s>` is HTML's strike-through, `<PRE>` its
 * preformatted block): only barred tokens (`<|…|>`, `<｜…｜>`) are safe to find in a whole edited block.
 */
const barred = (tokens: Catalogue) => tokens.filter((t) => /^<[|｜]/.test(t) || GEMMA.includes(t));
const bare = (tokens: Catalogue) => tokens.filter((t) => !barred([t]).length);
/** Gemma's turn tokens: bare, but no markup language has such tags. */
const GEMMA: Catalogue = ['<end_of_turn>', '<eos>', '<start_of_turn>'];
/** Matches any of `tokens`, each with the space some templates put before it. */
const anyOf = (tokens: Catalogue, flags = '') => new RegExp(` ?(?:${tokens.map(escapeRegExp).join('|')})`, flags);

/** Where a completion ends: at any control token. */
export const COMPLETION_CUT = anyOf([...TURN_END, ...TURN_START, ...FIM]);
/** Where an edit answer ends: a turn's end. */
export const EDIT_END = anyOf(barred(TURN_END));
/**
 * Where an edit answer ends at a bare turn end (Mistral's `</s>`, Code Llama's `<EOT>`): on a line of its
 * own or glued to a closing fence (group 1), which HTML's `</s>` never is outside a code block.
 */
export const EDIT_END_ALONE = new RegExp(
  `^((?:[ \\t]*(?:\`{3,}|~{3,}))?)[ \\t]*(?:${bare(TURN_END).map(escapeRegExp).join('|')})[ \\t]*$`,
  'm',
);
/** What an edit answer drops wherever it stands: the other barred tokens. */
export const EDIT_PLACE_TOKENS = anyOf(barred([...TURN_START, ...FIM, ...EDIT_PLACE]), 'g');
