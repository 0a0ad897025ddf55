// Bracket pairing over a piece of text. Without a parser strings and comments are not told apart;
// with one, only the brackets that are tokens of the language count (`real`: their indexes).
export const OPENERS = '([{';
export const CLOSERS = ')]}';

/** Indexes of brackets in `text` that have no partner in `text`. */
export function unmatchedBrackets(text: string, real?: ReadonlySet<number>): Set<number> {
  const stack: number[] = [];
  const unmatched = new Set<number>();
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (real && !real.has(i)) continue;
    if (OPENERS.includes(c)) stack.push(i);
    else if (CLOSERS.includes(c)) {
      if (stack.length && OPENERS.indexOf(text[stack[stack.length - 1]]) === CLOSERS.indexOf(c)) stack.pop();
      else unmatched.add(i);
    }
  }
  for (const i of stack) unmatched.add(i);
  return unmatched;
}

/** The openers `text` leaves open, in order. */
export function openOpeners(text: string, real?: ReadonlySet<number>): number[] {
  return [...unmatchedBrackets(text, real)].filter((at) => OPENERS.includes(text[at])).sort((a, b) => a - b);
}
