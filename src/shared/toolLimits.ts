// Limits of the chat's tools that both the host and the messages it accepts must agree on.

/** apply_edit replacements one call may hold: more would be a card nobody can review; a model that needs more can call again. */
export const MAX_EDITS_PER_CALL = 32;
