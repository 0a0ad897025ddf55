// Every tool the chat offers, implemented over the VS Code API. Typed as a full record over the
// defined names: a tool added to TOOL_DEFINITIONS and not here does not compile.
import type { ToolRegistry } from '../../core/tools/toolRegistry';
import { applyEdit } from './applyEdit';
import { findFiles } from './findFiles';
import { getDiagnostics } from './getDiagnostics';
import { getSelection } from './getSelection';
import { listDirectory } from './listDirectory';
import { readFile } from './readFile';
import { runCommand } from './runCommand';
import { searchText } from './searchText';
import type { ToolContext } from './toolContext';

export const WORKSPACE_TOOLS: ToolRegistry<ToolContext> = {
  read_file: readFile,
  list_directory: listDirectory,
  find_files: findFiles,
  search_text: searchText,
  get_diagnostics: getDiagnostics,
  get_selection: getSelection,
  apply_edit: applyEdit,
  run_command: runCommand,
};
