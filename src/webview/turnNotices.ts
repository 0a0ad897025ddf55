// What the footer of an answer tells the user besides its sources and usage, in order. Kept apart
// from the DOM so a test can read what an answer shows straight from the session's turn.
import type { AssistantTurn, ErrorView } from '../shared/protocol';
import { finishExplanation } from './format';

export type TurnNotice = { kind: 'note'; text: string; warning: boolean } | { kind: 'error'; error: ErrorView };

export function turnNotices(turn: AssistantTurn): TurnNotice[] {
  const notices: TurnNotice[] = [];
  if (turn.searchError) notices.push({ kind: 'note', text: `Web search failed: ${turn.searchError}`, warning: true });
  const explanation = finishExplanation(turn.finishReason);
  if (explanation) notices.push({ kind: 'note', text: explanation, warning: true });
  if (turn.status === 'stopped') notices.push({ kind: 'note', text: 'Stopped. The partial answer is kept.', warning: false });
  if (turn.error) notices.push({ kind: 'error', error: turn.error });
  return notices;
}

/** The words of a notice, as the user reads them. */
export function noticeText(notice: TurnNotice): string {
  return notice.kind === 'note' ? notice.text : [notice.error.message, notice.error.hint].filter(Boolean).join(' ');
}
