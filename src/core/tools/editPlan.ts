// Applies an apply_edit call's replacements, in order, to the files' texts in memory. All or nothing:
// one replacement that does not match exactly once fails the whole call before anything is written.

export class EditPlanError extends Error {
  override readonly name = 'EditPlanError';
}

export interface PlannedReplacement {
  /** The file the replacement targets (its real path); several replacements may share one. */
  key: string;
  /** How the file is named to the model and the user. */
  rel: string;
  oldText: string;
  newText: string;
}

export interface PlannedFile {
  key: string;
  rel: string;
  /** The text before the call; undefined when the file does not exist yet. */
  before: string | undefined;
  after: string;
  /** How many of the call's replacements touch this file. */
  replacements: number;
}

/**
 * `current` holds each targeted file's text now (undefined: it does not exist). Each replacement
 * applies to the text the previous ones left; old_text "" replaces the whole text or creates the file.
 * Files come back in the order the call first names them.
 */
export function planEdits(current: ReadonlyMap<string, string | undefined>, replacements: readonly PlannedReplacement[]): PlannedFile[] {
  const files = new Map<string, PlannedFile>();
  replacements.forEach((r, i) => {
    // Several replacements: say which one failed, and that the others were not written either.
    const note = replacements.length > 1 ? ` (edit ${i + 1} of ${replacements.length}; nothing was written)` : '';
    let file = files.get(r.key);
    if (!file) {
      const before = current.get(r.key);
      file = { key: r.key, rel: r.rel, before, after: before ?? '', replacements: 0 };
      files.set(r.key, file);
    }
    const exists = file.before !== undefined || file.replacements > 0;
    file.after = replaceOnce(r.rel, exists ? file.after : undefined, r.oldText, r.newText, note);
    file.replacements += 1;
  });
  return [...files.values()];
}

/** The text with `oldText` replaced by `newText`, where `oldText` occurs exactly once; `note` ends a refusal. */
function replaceOnce(rel: string, text: string | undefined, oldText: string, newText: string, note = ''): string {
  if (oldText === '') return newText;
  if (text === undefined) throw new EditPlanError(`${rel} does not exist; to create it, pass old_text ""${note}`);
  const count = text.split(oldText).length - 1;
  if (count === 0) throw new EditPlanError(`old_text was not found in ${rel}; read the file again and copy the text exactly${note}`);
  if (count > 1) throw new EditPlanError(`old_text occurs ${count} times in ${rel}; include more surrounding lines so it is unique${note}`);
  return text.replace(oldText, () => newText);
}
