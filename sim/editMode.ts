// How the simulator answers an inline edit request (recognised by Tandem's edit system prompt): the way
// real models do, whatever they were asked for. `fenced` (default): prose, the rewritten selection in a
// fence, a closing remark. `searchReplace`: Aider-style blocks whose SEARCH text drifted (indentation,
// trailing spaces). `context`: the rewritten block with the lines around the selection repeated and the
// base indentation dropped. `diff`: a unified diff with wrong line numbers. Set per server
// (`--edit`, SimOptions.edit) and per request (header `x-sim-edit`), which wins.
import { badRequest } from './errors';

const EDIT_MODES = ['fenced', 'searchReplace', 'context', 'diff'] as const;
export type EditMode = (typeof EDIT_MODES)[number];

export function parseEditMode(spec: string): EditMode {
  if ((EDIT_MODES as readonly string[]).includes(spec)) return spec as EditMode;
  throw new Error(`expected one of ${EDIT_MODES.join(', ')} (got "${spec}")`);
}

/** The mode of one request: its `x-sim-edit` header, else the server's. A bad header is a 400. */
export function requestEditMode(header: string | undefined, serverMode: EditMode): EditMode {
  if (header === undefined) return serverMode;
  try {
    return parseEditMode(header);
  } catch (err) {
    throw badRequest(`x-sim-edit: ${(err as Error).message}`);
  }
}
