// One tool call as a card: name, arguments, status, duration, result, and for gated tools exactly
// what will happen with Approve / Deny / Always.
import { codePoint, commandLines, mayStand, textPieces, visibleForm } from '../../shared/commandText';
import type { EditFileApproval, McpCallView, McpResultPart, ToolApproval, ToolCallView, WebviewMessage } from '../../shared/protocol';
import { button, codicon, h } from '../common/dom';
import type { Codicon } from '../common/codiconNames';

const statusText: Record<ToolCallView['status'], string> = {
  'awaiting-approval': 'Needs your approval',
  running: 'Running…',
  done: 'Done',
  error: 'Failed',
  denied: 'Denied',
};

const statusIcon: Record<ToolCallView['status'], Codicon> = {
  'awaiting-approval': 'warning',
  running: 'loading',
  done: 'check',
  error: 'error',
  denied: 'circle-slash',
};

function prettyArgs(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

export function renderToolCard(call: ToolCallView, post: (message: WebviewMessage) => void): HTMLElement {
  const duration =
    call.durationMs === undefined
      ? ''
      : ` · ${call.durationMs < 1000 ? `${Math.round(call.durationMs)} ms` : `${(call.durationMs / 1000).toFixed(1)} s`}`;
  const card = h(
    'section',
    {
      className: `tool-card status-${call.status}`,
      attrs: { 'aria-label': `Tool ${call.name}: ${statusText[call.status]}`, 'data-call-id': call.id },
    },
    h(
      'header',
      { className: 'tool-header' },
      h('span', { className: 'tool-name' }, codicon('tools'), call.name),
      h('span', { className: 'tool-status' }, codicon(statusIcon[call.status]), statusText[call.status] + duration),
    ),
    call.mcp
      ? mcpBlock(call.mcp)
      : h('details', { className: 'tool-args' }, h('summary', {}, 'Arguments'), h('pre', {}, prettyArgs(call.args))),
  );
  if (call.status === 'awaiting-approval') {
    const decide = (decision: 'approve' | 'deny' | 'always' | 'allowInWorkspace') => () => {
      for (const b of Array.from(card.querySelectorAll('button'))) b.disabled = true;
      post({ type: 'approveTool', callId: call.id, decision });
    };
    const approval = call.approval;
    const always = approval && mayStand(approval) ? alwaysLabel(call.name, approval) : undefined;
    const files = approval?.files && approval.files.length > 1 ? editFiles(approval.files) : undefined;
    // Standing approvals: the host offers the prefixes only where a workspace rule may cover the command.
    const workspaceRule = approval?.workspaceRule?.length ? workspaceRuleLabel(approval.workspaceRule) : undefined;
    card.append(
      h(
        'div',
        { className: 'tool-approval' },
        h('p', { className: 'approval-summary' }, ...visibleText(approval?.summary ?? `Run ${call.name}?`)),
        approval?.command !== undefined ? commandBlock(approval.command) : null,
        approval?.warning ? h('div', { className: 'approval-warning', attrs: { role: 'alert' } }, ...visibleText(approval.warning)) : null,
        files ? files.element : null,
        approval?.detail ? h('pre', { className: 'approval-detail' }, approval.detail) : null,
        h(
          'div',
          { className: 'approval-buttons' },
          button(files ? 'Approve all' : 'Approve', `Approve ${call.name}`, decide('approve'), 'primary', 'check'),
          // Approve-each: only the ticked files are written.
          files
            ? button(
                'Approve selected',
                `Approve the selected files of ${call.name}`,
                () => {
                  for (const b of Array.from(card.querySelectorAll('button, input')))
                    (b as HTMLButtonElement | HTMLInputElement).disabled = true;
                  post({ type: 'approveEdits', callId: call.id, files: files.selected() });
                },
                'secondary',
              )
            : null,
          button('Deny', `Deny ${call.name}`, decide('deny'), 'secondary'),
          // No "Always" where it may not stand (sensitive paths, multi-line commands): those ask every time.
          always ? button(always, always, decide('always'), 'secondary') : null,
          workspaceRule ? button(workspaceRule, workspaceRule, decide('allowInWorkspace'), 'secondary') : null,
          approval?.workspaceTool
            ? button(mcpWorkspaceLabel(call), mcpWorkspaceLabel(call), decide('allowInWorkspace'), 'secondary')
            : null,
        ),
      ),
    );
  }
  if (call.mcp?.parts?.some((p) => p.kind !== 'text')) card.append(mcpParts(call.mcp.parts));
  if (call.result !== undefined) {
    const result = h(
      'details',
      { className: 'tool-result' },
      h('summary', {}, call.status === 'error' ? 'Error' : 'Result'),
      h('pre', {}, call.result),
    );
    if (call.status === 'error') result.open = true;
    card.append(result);
  }
  return card;
}

/** A multi-file apply_edit: one row per file with its change, its warning, and a tick to approve or deny it. */
function editFiles(files: readonly EditFileApproval[]): { element: HTMLElement; selected(): number[] } {
  const boxes = files.map((f) => {
    const box = h('input', { className: 'edit-file-approve', attrs: { type: 'checkbox', 'aria-label': `Apply the edit to ${f.path}` } });
    box.checked = true;
    return box;
  });
  const element = h(
    'ul',
    { className: 'edit-files', attrs: { 'aria-label': 'Files this edit changes' } },
    ...files.map((f, i) =>
      h(
        'li',
        { className: 'edit-file' },
        h('label', {}, boxes[i], ' ', ...visibleText(f.summary)),
        f.warning ? h('div', { className: 'approval-warning', attrs: { role: 'alert' } }, ...visibleText(f.warning)) : null,
      ),
    ),
  );
  return { element, selected: () => boxes.flatMap((b, i) => (b.checked ? [i] : [])) };
}

/**
 * An MCP call: which server and tool, the server's description marked as the server's words (it may
 * say anything, "ignore previous instructions" included), the exact arguments sent, and progress.
 */
function mcpBlock(mcp: McpCallView): HTMLElement {
  return h(
    'div',
    { className: 'mcp-call' },
    h('p', { className: 'mcp-origin' }, `MCP server "${mcp.server}" · tool "${mcp.tool}"`),
    mcp.description
      ? h(
          'details',
          { className: 'mcp-description' },
          h('summary', {}, "The server's description (its words, not Tandem's)"),
          h('pre', {}, ...visibleText(mcp.description)),
        )
      : null,
    h(
      'details',
      { className: 'tool-args', attrs: { open: '' } },
      h('summary', {}, 'Arguments sent to the server'),
      h('pre', {}, mcp.arguments),
    ),
    mcp.progress ? h('p', { className: 'mcp-progress', attrs: { role: 'status' } }, `Progress: ${mcp.progress}`) : null,
  );
}

/** Images, embedded resources and resource links of an MCP result (text parts are the result below). */
function mcpParts(parts: readonly McpResultPart[]): HTMLElement {
  return h(
    'div',
    { className: 'mcp-parts' },
    ...parts.map((p) => {
      switch (p.kind) {
        case 'image':
          return p.data
            ? h('img', {
                className: 'mcp-image',
                attrs: { src: `data:${p.mimeType};base64,${p.data}`, alt: `Image from the MCP server (${p.mimeType})` },
              })
            : h('p', {}, `An image (${p.mimeType}, ${p.bytes} bytes), too large to show`);
        case 'resource':
          return h(
            'details',
            { className: 'mcp-resource' },
            h('summary', {}, `Resource ${p.uri}`),
            h('pre', {}, p.text ?? `(${p.mimeType || 'binary'})`),
          );
        case 'link':
          return h('p', { className: 'mcp-link' }, `Resource link: ${p.name} (${p.uri})`);
        case 'text':
          return null;
      }
    }),
  );
}

function mcpWorkspaceLabel(call: ToolCallView): string {
  return call.mcp ? `Always allow ${call.mcp.tool} of ${call.mcp.server} in this workspace` : 'Always allow in this workspace';
}

/** What the "Always" button covers, in words: one exact command or one file, in this chat only. */
function alwaysLabel(tool: string, approval: ToolApproval & { alwaysScope: string }): string {
  if (approval.command === approval.alwaysScope) return 'Always allow this exact command in this chat';
  if (tool === 'apply_edit') return `Always allow edits to ${approval.alwaysScope} in this chat`;
  if (approval.workspaceTool) return `Always allow ${tool} in this chat`;
  return `Always allow ${tool} for ${approval.alwaysScope} in this chat`;
}

/** What "Always allow in this workspace" adds: the command prefixes, each in backticks as the user would type it. */
function workspaceRuleLabel(prefixes: readonly string[]): string {
  return `Always allow ${prefixes.map((p) => `\`${p}\``).join(', ')} in this workspace`;
}

/**
 * The command exactly as it will run, in monospace: one element per line (numbered when there are
 * several), each line break and hidden character shown as a marked symbol, so two lines never read as one.
 */
function commandBlock(command: string): HTMLElement {
  const lines = commandLines(command);
  const numbered = lines.length > 1;
  return h(
    'div',
    {
      className: `approval-command${numbered ? ' numbered' : ''}`,
      attrs: { role: 'group', 'aria-label': numbered ? `Command of ${lines.length} lines` : 'Command' },
    },
    ...lines.map((line, i) =>
      h(
        'div',
        { className: 'command-line' },
        numbered ? h('span', { className: 'line-number', attrs: { 'aria-hidden': 'true' } }, String(i + 1)) : null,
        h('code', { className: 'line-text' }, ...visibleText(line)),
      ),
    ),
  );
}

/** Text nodes for the plain runs, and a marked span for each hidden character (its code point on hover). */
function visibleText(text: string): Array<string | HTMLElement> {
  return textPieces(text).map((piece) => {
    if (!piece.hidden) return piece.text;
    return h('span', { className: 'hidden-char', attrs: { title: codePoint(piece.text) } }, visibleForm(piece.text));
  });
}
