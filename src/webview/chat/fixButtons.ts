// The label of a chat fix button, from the labels the host sent in the user's language (the host's
// one table of fix labels); none before the host's first state, and then no button either.
import type { ErrorView, FixButtonLabels, ServiceId } from '../../shared/protocol';

export function fixButtonLabel(
  labels: FixButtonLabels | undefined,
  action: NonNullable<ErrorView['action']>,
  service: ServiceId,
): string | undefined {
  if (!labels) return undefined;
  return action === 'setKey' ? labels[service === 'A' ? 'setKeyA' : 'setKeyB'] : labels[action];
}
