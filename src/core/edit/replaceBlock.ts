/** An edit's text to find and its replacement, as lines: a search/replace block, a diff hunk, a tool call's arguments. */
export interface ReplaceBlock {
  search: string[];
  replace: string[];
  /**
   * A block with more than one `=======` line (a heading's underline in its text) read split at each
   * later one; the applier takes the reading whose SEARCH the file has.
   */
  otherSplits?: ReplaceBlock[];
}
