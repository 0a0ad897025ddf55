// The deterministic typist of bench:completion, shared by the extension-host session
// (completionProbe.cjs) and its replay in virtual time (completionReplay.ts): gaps around the mean,
// a pause to think after some word boundaries, and now and then a wrong key.

/**
 * @param {number} meanGapMs
 * @param {number} [seed] 42 is the extension-host session's typist
 * @returns {{ gapAfter: (ch: string) => number, typo: () => boolean }}
 */
function typist(meanGapMs, seed = 42) {
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const gapAfter = (ch) => {
    const gap = meanGapMs * (0.6 + 0.8 * random());
    return ' .(,'.includes(ch) && random() < 0.4 ? gap + 400 : gap;
  };
  // Noticed and deleted: the prefix comes back, and so does its answer.
  const typo = () => random() < 0.04;
  return { gapAfter, typo };
}

module.exports = { typist };
