// One tool call as a card: name, arguments, status, duration, result, and for gated tools exactly
// what will happen with Approve / Deny / Always.
import type { ToolCallView, WebviewMessage } from '../shared/protocol';
import { button, h } from './dom';

const statusText: Record<ToolCallView['status'], string> = {
  'awaiting-approval': 'Needs your approval',
  running: 'Running…',
  done: 'Done',
  error: 'Failed',
  denied: 'Denied',
};

function prettyArgs(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

export function renderToolCard(call: ToolCallView, post: (message: WebviewMessage) => void): HTMLElement {
  const duration = call.durationMs === undefined ? '' : ` · ${call.durationMs < 1000 ? `${Math.round(call.durationMs)} ms` : `${(call.durationMs / 1000).toFixed(1)} s`}`;
  const card = h(
    'section',
    { className: `tool-card status-${call.status}`, attrs: { 'aria-label': `Tool ${call.name}: ${statusText[call.status]}`, 'data-call-id': call.id } },
    h('header', { className: 'tool-header' }, h('span', { className: 'tool-name' }, call.name), h('span', { className: 'tool-status' }, statusText[call.status] + duration)),
    h('details', { className: 'tool-args' }, h('summary', {}, 'Arguments'), h('pre', {}, prettyArgs(call.args))),
  );
  if (call.status === 'awaiting-approval') {
    const decide = (decision: 'approve' | 'deny' | 'always') => () => {
      for (const b of Array.from(card.querySelectorAll('button'))) b.disabled = true;
      post({ type: 'approveTool', callId: call.id, decision });
    };
    card.append(
      h(
        'div',
        { className: 'tool-approval' },
        h('p', { className: 'approval-summary' }, call.approval?.summary ?? `Run ${call.name}?`),
        call.approval?.detail ? h('pre', { className: 'approval-detail' }, call.approval.detail) : null,
        h(
          'div',
          { className: 'approval-buttons' },
          button('Approve', `Approve ${call.name}`, decide('approve'), 'primary'),
          button('Deny', `Deny ${call.name}`, decide('deny'), 'secondary'),
          button('Always', `Always allow ${call.name}`, decide('always'), 'secondary'),
        ),
      ),
    );
  }
  if (call.result !== undefined) {
    const result = h('details', { className: 'tool-result' }, h('summary', {}, call.status === 'error' ? 'Error' : 'Result'), h('pre', {}, call.result));
    if (call.status === 'error') result.open = true;
    card.append(result);
  }
  return card;
}
