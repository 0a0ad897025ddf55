// Regular expressions that match a given text literally.

/** `text` as a pattern that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `name` as a whole word of code: not part of a longer identifier (`id` is not in `get_id` or `$id`). */
export function wholeWord(name: string): RegExp {
  return new RegExp(`(^|[^\\w$])${escapeRegExp(name)}($|[^\\w$])`);
}
