// What the applier's tests share: files and answers written as lines, and what they read from an
// outcome (the new file, or the refusal; anything else fails).
import * as assert from 'node:assert/strict';
import type { EditOutcome } from '../../../../src/core/edit/editApplier';

/** A file of these lines, each ended by a newline. */
export const lines = (...l: string[]) => l.join('\n') + '\n';

/** An answer: the code in a markdown fence with this language tag. */
export const fence = (language: string, ...code: string[]) => ['```' + language, ...code, '```'].join('\n');

export function applied(outcome: EditOutcome): string {
  if (outcome.kind !== 'apply') assert.fail(`refused: ${outcome.message}`);
  return outcome.fileText;
}

export function refused(outcome: EditOutcome): Extract<EditOutcome, { kind: 'refuse' }> {
  if (outcome.kind !== 'refuse') assert.fail(`applied:\n${outcome.fileText}`);
  return outcome;
}
