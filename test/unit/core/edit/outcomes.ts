// What the applier's tests read from an outcome: the new file, or the refusal (anything else fails).
import * as assert from 'node:assert/strict';
import type { EditOutcome } from '../../../../src/core/edit/editApplier';

export function applied(outcome: EditOutcome): string {
  if (outcome.kind !== 'apply') assert.fail(`refused: ${outcome.message}`);
  return outcome.fileText;
}

export function refused(outcome: EditOutcome): Extract<EditOutcome, { kind: 'refuse' }> {
  if (outcome.kind !== 'refuse') assert.fail(`applied:\n${outcome.fileText}`);
  return outcome;
}
