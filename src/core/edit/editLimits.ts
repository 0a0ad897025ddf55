// What an inline edit may be asked to rewrite. A selection is rewritten whole by the model, so its size
// is what the answer costs and how long the user waits; past these limits the chat is the better tool.

const MAX_EDIT_LINES = 2000;
export const MAX_EDIT_BYTES = 100 * 1024;

export type SelectionCheck = { ok: true } | { ok: false; message: string };

export function checkSelectionSize(selectedText: string): SelectionCheck {
  const lines = selectedText.split('\n').length - (selectedText.endsWith('\n') ? 1 : 0);
  if (lines > MAX_EDIT_LINES) {
    return {
      ok: false,
      message: `The selection has ${lines} lines; an inline edit takes at most ${MAX_EDIT_LINES}. Select less, or ask in the chat.`,
    };
  }
  const bytes = Buffer.byteLength(selectedText, 'utf8');
  if (bytes > MAX_EDIT_BYTES) {
    return {
      ok: false,
      message: `The selection is ${Math.ceil(bytes / 1024)} KB; an inline edit takes at most ${MAX_EDIT_BYTES / 1024} KB. Select less, or ask in the chat.`,
    };
  }
  return { ok: true };
}
