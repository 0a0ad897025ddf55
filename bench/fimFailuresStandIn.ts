// STAND-IN for sim/fimFailures.ts (issue 11 item 1, written in parallel on another branch).
// Same API as that file: `REALISTIC_CLASSES` and `realisticOutput(className, ideal, prompt, suffix, seed)`.
// It exists only so the quality benchmark runs before that branch is merged; once it is, the
// harness (completionQualityHarness.ts) imports sim/fimFailures.ts instead and this file is deleted.
import { makeRng, seedFrom } from '../sim/rng';
import { splitTokens } from '../sim/tokens';

export const REALISTIC_CLASSES = [
  'ideal',
  'repeat-suffix',
  'reindent',
  'close-brackets',
  'rewrite-line',
  'run-past-block',
  'duplicate-previous-line',
  'max-tokens',
  'prose-or-fence',
] as const;

export type RealisticClass = (typeof REALISTIC_CLASSES)[number];

export interface RawFimOutput {
  text: string;
  finishReason: 'stop' | 'length';
}

const lastLine = (text: string) => text.slice(text.lastIndexOf('\n') + 1);
const firstLine = (text: string) => text.split('\n', 1)[0];

function previousLine(prompt: string): string {
  const lines = prompt.split('\n');
  lines.pop();
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].trim() !== '') return lines[i];
  return '';
}

/** The suffix from its second line on, as a model that does not stop at the block end writes it. */
function pastTheBlock(suffix: string): string {
  return suffix.split('\n').slice(0, 6).join('\n');
}

/** What a real FIM model of class `className` answers where `ideal` is the right answer. */
export function realisticOutput(className: RealisticClass, ideal: string, prompt: string, suffix: string, seed = 0): RawFimOutput {
  const stop = (text: string): RawFimOutput => ({ text, finishReason: 'stop' });
  const cursorLine = lastLine(prompt);
  switch (className) {
    case 'ideal':
      return stop(ideal);
    case 'repeat-suffix':
      return stop(ideal + (firstLine(suffix).trim() ? firstLine(suffix) : suffix.split('\n').slice(0, 2).join('\n')));
    case 'reindent': {
      const indent = /^[ \t]*/.exec(cursorLine)![0];
      return stop(cursorLine.trim() === '' ? indent + ideal : ideal.replace(/^\n([ \t]*)/, '\n$1$1'));
    }
    case 'close-brackets': {
      // The closers the suffix starts with: on the cursor line, or the next line's `}`.
      const sameLine = /^[)\]}]+/.exec(firstLine(suffix).trimStart())?.[0];
      const nextLine = suffix.split('\n')[1] ?? '';
      return stop(ideal + (sameLine ?? (/^\s*[)\]}]+;?\s*$/.test(nextLine) ? '\n' + nextLine : '')));
    }
    case 'rewrite-line':
      return stop(ideal + firstLine(suffix) + (firstLine(suffix).trim() ? '\n' : ''));
    case 'run-past-block':
      return stop(ideal + pastTheBlock(suffix));
    case 'duplicate-previous-line': {
      const previous = previousLine(prompt);
      return stop(cursorLine.trim() === '' ? previous.trimStart() + '\n' + previous + ideal : ideal + '\n' + previous);
    }
    case 'max-tokens': {
      const pieces = splitTokens(ideal + pastTheBlock(suffix));
      const keep = makeRng(seed ^ seedFrom(ideal)).int(Math.max(1, Math.floor(pieces.length / 3)), Math.max(1, pieces.length - 1));
      const cut = pieces.slice(0, keep).join('');
      // Mid-token: half of the last piece.
      return { text: cut.slice(0, cut.length - Math.floor(pieces[keep - 1].length / 2)), finishReason: 'length' };
    }
    case 'prose-or-fence':
      return stop(makeRng(seed).next() < 0.5 ? '```\n' + ideal + '\n```\nThis completes the code.' : ideal + '\n\nExplanation: the code above finishes the statement.');
    default:
      throw new Error(`Unknown FIM failure class "${className as string}"; known: ${REALISTIC_CLASSES.join(', ')}.`);
  }
}
