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

/**
 * The lines of a file the session types, spread over it (a short file gives fewer, each typed once),
 * top to bottom: lines past the first six of 12 to 70 characters.
 * @param {string[]} lines
 * @param {number} count
 * @returns {number[]}
 */
function typedLines(lines, count) {
  const candidates = lines.map((l, i) => i).filter((i) => i > 5 && lines[i].trim().length >= 12 && lines[i].trim().length <= 70);
  return [...new Set(Array.from({ length: count }, (_, k) => candidates[Math.floor(((k + 0.5) * candidates.length) / count)]))];
}

module.exports = { typist, typedLines };
