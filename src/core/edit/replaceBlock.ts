/** An edit's text to find and its replacement, as lines: a search/replace block, a diff hunk, a tool call's arguments. */
export interface ReplaceBlock {
  search: string[];
  replace: string[];
  /**
   * Other ways to read the same text, of which the applier takes the one the file has (the longest SEARCH
   * found, then the closest match): a block with more than one `=======` line (a heading's underline in
   * its text) split at each later one; a diff hunk's context lines with or without their first column.
   */
  otherReadings?: ReplaceBlock[];
}
