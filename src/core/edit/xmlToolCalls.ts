// Cline's, Roo Code's and Kilo Code's tools, which their prompts have the model write as XML, one tag per tool and
// one per parameter (`<write_to_file><path>…</path><content>…</content></write_to_file>`). A model used
// to those prompts answers an edit request the same way. Their `replace_in_file` and `apply_diff` carry
// SEARCH/REPLACE blocks, which are read as such; the others are read here.
import { inFence, valueLines } from './editText';
import type { ToolCalls } from './toolCallEdits';

const EDIT_TOOL = /<(write_to_file|edit_file|search_and_replace|insert_content)>([\s\S]*?)<\/\1>/;
const OTHER_TOOL =
  /<(read_file|execute_command|list_files|search_files|list_code_definition_names|codebase_search|browser_action|use_mcp_tool|access_mcp_resource)>[\s\S]*?<\/\1>/;

/** The call in `text`, if it is one of these tools; undefined otherwise. */
export function xmlToolCall(text: string): ToolCalls | undefined {
  const call = EDIT_TOOL.exec(text);
  // Inside a code block, such tags are code (a prompt file being edited), not a call.
  const other = !call && OTHER_TOOL.exec(text);
  if (other) return inFence(text, other.index) ? undefined : { kind: 'notAnEdit' };
  if (!call || inFence(text, call.index)) return undefined;
  const [, tool, body] = call;
  if (tool === 'search_and_replace') {
    const blocks = [...body.matchAll(/<search>([\s\S]*?)<\/search>\s*<replace>([\s\S]*?)<\/replace>/g)].map((m) => ({
      search: taggedLines(m[1]),
      replace: taggedLines(m[2]),
    }));
    return blocks.length > 0 ? { kind: 'edits', blocks } : undefined;
  }
  // Kilo Code's `edit_file` holds a sketch of the change with "… existing code …" markers.
  const content = parameter(body, tool === 'edit_file' ? 'code_edit' : 'content');
  if (content === undefined) return undefined;
  if (tool !== 'insert_content') return { kind: 'code', lines: taggedLines(content) };
  const line = Number(parameter(body, 'line')?.trim());
  return Number.isInteger(line) && line >= 0 ? { kind: 'insert', line, lines: taggedLines(content) } : undefined;
}

function parameter(body: string, name: string): string | undefined {
  return new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(body)?.[1];
}

/** A value on lines of its own between its tags: those lines, without the line breaks around them. */
function taggedLines(value: string): string[] {
  return valueLines(value.replace(/^\r?\n/, ''));
}
