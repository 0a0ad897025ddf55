// What the footer of an answer tells the user besides its sources and usage, in order. Kept apart
// from the DOM so a test can read what an answer shows straight from the session's turn. An early
// finish (length, content filter…) is explained by the turn's `error`, from the host's one error
// mapping; reading `finishReason` here as well showed the same message twice.
import type { AssistantTurn, ErrorView } from '../../shared/protocol';

export type TurnNotice = { kind: 'note'; text: string; warning: boolean } | { kind: 'error'; error: ErrorView };

export function turnNotices(turn: AssistantTurn): TurnNotice[] {
  const notices: TurnNotice[] = [];
  for (const text of turn.toolNotices ?? []) notices.push({ kind: 'note', text, warning: true });
  if (turn.searchError) notices.push({ kind: 'note', text: `Web search failed: ${turn.searchError}`, warning: true });
  if (turn.status === 'stopped') notices.push({ kind: 'note', text: 'Stopped. The partial answer is kept.', warning: false });
  if (turn.error) notices.push({ kind: 'error', error: turn.error });
  return notices;
}
