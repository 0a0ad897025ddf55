// Turns an edit spec into one corpus case per requested answer form.
import { diffArrays } from 'diff';
import { countLineMatches, existingCodeMarker, fenceTag, hunkText, loadSource, pick, rng, splitLines, udiffHunks } from './lib.mjs';

export const CITE = {
  formats:
    'Aider documents the answer shapes it asks models for: "whole" (fenced full copy, file path before the fence), "diff" (SEARCH/REPLACE blocks) and "udiff": https://aider.chat/docs/more/edit-formats.html',
  fenceTag:
    'Models put the language in the fence info string, which the apply side has to strip (marimo PR #4418 "Handle when the LLM outputs the lang in the codefences"): https://github.com/marimo-team/marimo/pull/4418',
  fenceLeak:
    "Continue PR #12594: the model's wrapper fence leaks into the file when the applier misjudges where the fenced block ends: https://github.com/continuedev/continue/pull/12594",
  noMatch:
    'Aider issue #827, "SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines": https://github.com/Aider-AI/aider/issues/827',
  fuzzy:
    'Aider issue #306: SEARCH text that differs from the file only in whitespace makes the edit fail; users ask for whitespace-tolerant matching: https://github.com/Aider-AI/aider/issues/306',
  clineWs:
    'Cline issue #3183: replace_in_file fails on small whitespace or line-ending differences between SEARCH and the file: https://github.com/cline/cline/issues/3183',
  clineBlank:
    'Cline issue #5069: the SEARCH block has a different number of empty lines than the file: https://github.com/cline/cline/issues/5069',
  clineOrder:
    'Cline issue #4067: several SEARCH/REPLACE blocks in one answer, not in file order: https://github.com/cline/cline/issues/4067',
  clineMarkers:
    'Cline uses "------- SEARCH / ======= / +++++++ REPLACE" markers and models vary them (Cline PR #4427): https://github.com/cline/cline/pull/4427',
  multiMatch:
    'Aider PR #685: models give SEARCH text short enough to match several places; "it is safe to reject if there are multiple perfect matches": https://github.com/Aider-AI/aider/pull/685',
  noNewline:
    'Aider issue #3737: a missing newline at the end of the file or answer breaks matching: https://github.com/Aider-AI/aider/issues/3737',
  udiff:
    'Aider "Unified diffs make GPT-4 Turbo 3X less lazy": models answer with unified diff hunks; aider drops line numbers and applies hunks by content: https://aider.chat/docs/unified-diffs.html',
  lineNumbers:
    'LLMs emit wrong line numbers in unified diff hunk headers, so hunks must be anchored on content (agentbeck report 74224): https://agentbeck.bot/report/74224; rjp.io "Gemini Pro Can\'t Patch": https://rjp.io/blog/2025-06-25-gemini-pro-cant-patch',
  crlf: 'On CRLF files the model writes LF-only edit text (pi issue #355: https://github.com/earendil-works/pi/issues/355; Roo-Code PR #62 preserves the file line endings: https://github.com/RooCodeInc/Roo-Code/pull/62)',
  markers:
    'Continue issue #6367: chat models answer with snippets that use "// ... existing code ..." placeholders for unchanged parts: https://github.com/continuedev/continue/issues/6367; aider calls these lazy comments: https://aider.chat/docs/unified-diffs.html',
  elide:
    'Aider issue #424: the model skips lines of the SEARCH block ("DO NOT skip blank lines, comments, docstrings"): https://github.com/Aider-AI/aider/issues/424',
  think:
    'Reasoning models (DeepSeek-R1) put their reasoning in <think>...</think> before the answer; clients have to strip it (Continue issue #3832: https://github.com/continuedev/continue/issues/3832; kiss-translator PR #219: https://github.com/fishjar/kiss-translator/pull/219)',
  nested:
    'The edited text holds its own ``` fences, so the answer nests fences; appliers that stop at the first bare ``` truncate the edit (Aider issue #22: https://github.com/Aider-AI/aider/issues/22; Continue PR #12594: https://github.com/continuedev/continue/pull/12594)',
  diffFenced:
    'Aider\'s "diff-fenced" format exists because Gemini models put the file path inside the fence, before the SEARCH marker: https://aider.chat/docs/more/edit-formats.html',
  prose:
    'Inline edit models add conversation around the code although the feature is not conversational (Cursor issue #1022): https://github.com/cursor/cursor/issues/1022; users ask for "just the code" (Aider issue #3343): https://github.com/Aider-AI/aider/issues/3343',
};

const cap = (s) => s[0].toUpperCase() + s.slice(1);
const lower1 = (s) => s[0].toLowerCase() + s.slice(1);

/** Builds the shared state of an edit: excerpt, region, result. */
export function prepare(spec) {
  const src = loadSource(spec.src);
  let lines = splitLines(src.text);
  if (lines.at(-1) === '') lines.pop();
  const base = spec.ex ? spec.ex[0] : 1;
  if (spec.ex) lines = lines.slice(spec.ex[0] - 1, spec.ex[1]);
  const at0 = spec.at[0] - base;
  const at1 = spec.at[1] - base;
  if (at0 < 0 || at1 >= lines.length || at1 < at0) throw new Error(spec.id + ': region out of range');
  const oldR = lines.slice(at0, at1 + 1);
  let text = oldR.join('\n');
  for (const [from, to] of spec.rep ?? []) {
    if (!text.includes(from)) throw new Error(`${spec.id}: "${from}" not in region`);
    text = spec.all ? text.split(from).join(to) : text.replace(from, to);
  }
  let newR = spec.to !== undefined ? splitLines(spec.to.replace(/\n$/, '')) : splitLines(text);
  if (spec.before) newR = [...splitLines(spec.before.replace(/\n$/, '')), ...newR];
  if (spec.after) newR = [...newR, ...splitLines(spec.after.replace(/\n$/, ''))];
  const newLines = [...lines.slice(0, at0), ...newR, ...lines.slice(at1 + 1)];
  const sel = spec.sel ? [spec.sel[0] - base, spec.sel[1] - base] : [at0, at1];
  if (sel[0] > at0 || sel[1] < at1) throw new Error(spec.id + ': selection must hold the region');
  const delta = newR.length - oldR.length;
  const oldSel = lines.slice(sel[0], sel[1] + 1);
  const newSel = newLines.slice(sel[0], sel[1] + 1 + delta);
  if (oldSel.join('\n') === newSel.join('\n')) throw new Error(spec.id + ': edit changes nothing');
  const finalNewline = spec.ex ? true : src.text.endsWith('\n');
  return {
    spec,
    finalNewline,
    srcName: src.name + (spec.ex ? `, lines ${spec.ex[0]}-${spec.ex[1]}` : ''),
    lines,
    newLines,
    sel,
    oldSel,
    newSel,
    at0,
    at1,
  };
}

/** Smallest SEARCH/REPLACE pair (plus context) whose SEARCH occurs once. */
function minimalBlock(st, r, extra = 0) {
  const a = st.lines;
  const b = st.newLines;
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let q = 0;
  while (q < a.length - p && q < b.length - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  let up = Math.floor(r() * 3) + extra;
  let down = Math.floor(r() * 3) + extra;
  for (;;) {
    const s0 = Math.max(0, p - up);
    const e0 = Math.min(a.length, a.length - q + down);
    const search = a.slice(s0, e0);
    const replace = b.slice(s0, b.length - (a.length - e0));
    if (search.length > 0 && search.some((l) => l.trim()) && countLineMatches(a, search) === 1) return { search, replace, s0 };
    if (s0 === 0 && e0 === a.length) throw new Error(st.spec.id + ': no unique block');
    up++;
    down++;
  }
}

function srBlock(search, replace, style) {
  if (style === 'cline') return ['------- SEARCH', ...search, '=======', ...replace, '+++++++ REPLACE'].join('\n');
  return ['<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE'].join('\n');
}

const indentOf = (l) => l.match(/^[ \t]*/)[0];
function baseIndent(ls) {
  const ind = ls.filter((l) => l.trim()).map(indentOf);
  if (!ind.length) return '';
  return ind.reduce((x, y) => {
    let i = 0;
    while (i < x.length && x[i] === y[i]) i++;
    return x.slice(0, i);
  });
}

function prose(st, r, where) {
  const say = st.spec.say;
  const instr = st.spec.instr;
  if (where === 'before')
    return pick(r, [
      `Here's the updated code:`,
      `Sure! ${say}`,
      `${say} Here is the result:`,
      `Certainly. Here's the modified version:`,
      `Here is the code with that change:`,
      `You can do this by changing the selected lines like so:`,
      `Okay, ${lower1(say)}`,
      `To ${instr}, update the code as follows:`,
      `Good idea. ${say}`,
      `I'll make the change directly:`,
      `Here's a minimal change that does this.`,
      `### Updated code\n\n${say}`,
      `Below is the edit. ${say}`,
      `The fix is small:`,
    ]);
  return pick(r, [
    say,
    `${say} Everything else is unchanged.`,
    `Let me know if you'd like me to adjust anything else!`,
    `This keeps the existing behaviour for all other inputs.`,
    `**What changed:** ${lower1(say)}`,
    `### Explanation\n\n- ${say}\n- No other lines were touched.`,
    `Note: I didn't change anything outside the selection.`,
    `${say} You may want to add a test for this.`,
    `That's it: ${lower1(say)}`,
    `Hope this helps!`,
  ]);
}

function fenced(code, tag) {
  return '```' + tag + '\n' + code.join('\n') + '\n```';
}

const toCRLF = (s) => s.replace(/\r?\n/g, '\r\n');

/** Per-form answer writers. Each returns { format, raw, why, crlfFile? }. */
const FORMS = {
  // The rewritten selection, fenced, nothing else.
  fw(st, r) {
    const nested = st.newSel.some((l) => l.startsWith('```'));
    return {
      format: 'fenced-whole',
      raw: fenced(st.newSel, fenceTag(st.spec.lang, r)),
      why: nested ? CITE.nested : CITE.fenceTag,
    };
  },
  'fw-4tick'(st, r) {
    const raw = `${prose(st, r, 'before')}\n\n\`\`\`\`${fenceTag(st.spec.lang, r)}\n${st.newSel.join('\n')}\n\`\`\`\`\n`;
    return { format: 'fenced-with-prose', raw, why: 'A four-backtick fence around text that holds ``` fences. ' + CITE.nested };
  },
  think(st, r) {
    const first = st.oldSel.find((l) => l.trim()).trim();
    const reasoning = pick(r, [
      `Okay, the user wants me to ${st.spec.instr}. The selection starts with \`${first}\`. ${st.spec.say} I should keep everything else the same and only output the code.`,
      `The request: "${st.spec.instr}". Let me look at the selected code.\n\nIt begins at \`${first}\`. So the change is small: ${lower1(st.spec.say)}\n\nWait, I should check I don't change anything else. Yes, that's fine. Now write the final code.`,
    ]);
    const raw = `<think>\n${reasoning}\n</think>\n\n${fenced(st.newSel, fenceTag(st.spec.lang, r))}\n`;
    return { format: 'fenced-with-prose', raw, why: CITE.think };
  },
  'sr-fenced-path'(st, r) {
    const { search, replace } = minimalBlock(st, r);
    const raw = `${r() < 0.5 ? prose(st, r, 'before') + '\n\n' : ''}\`\`\`\n${st.spec.path}\n${srBlock(search, replace, 'aider')}\n\`\`\`\n`;
    return { format: 'search-replace', raw, why: CITE.diffFenced };
  },
  'ud-git'(st, r) {
    const h = udiffHunks(st.lines.join('\n') + '\n', st.newLines.join('\n') + '\n', 3);
    const hex = () =>
      Math.floor(r() * 0xfffffff)
        .toString(16)
        .padStart(7, '0');
    const raw = `\`\`\`diff\ndiff --git a/${st.spec.path} b/${st.spec.path}\nindex ${hex()}..${hex()} 100644\n--- a/${st.spec.path}\n+++ b/${st.spec.path}\n${h.map((x) => hunkText(x)).join('\n')}\n\`\`\`\n\n${prose(st, r, 'after')}\n`;
    return { format: 'udiff', raw, why: CITE.udiff + ' (here with git headers and an index line, as in git diff output)' };
  },
  'fw-notag'(st) {
    return { format: 'fenced-whole', raw: fenced(st.newSel, '') + '\n', why: CITE.formats };
  },
  'fw-prose'(st, r) {
    const raw = prose(st, r, 'before') + '\n\n' + fenced(st.newSel, fenceTag(st.spec.lang, r)) + '\n\n' + prose(st, r, 'after');
    return { format: 'fenced-with-prose', raw, why: CITE.prose + '; ' + CITE.fenceTag };
  },
  'fw-prose-before'(st, r) {
    const raw = prose(st, r, 'before') + '\n\n' + fenced(st.newSel, fenceTag(st.spec.lang, r)) + '\n';
    return { format: 'fenced-with-prose', raw, why: CITE.prose };
  },
  // Repeats unchanged lines around the selection (the model "re-grounds" itself).
  'fw-ctx'(st, r) {
    const nb = 1 + Math.floor(r() * 2);
    const na = Math.floor(r() * 3);
    const before = st.lines.slice(Math.max(0, st.sel[0] - nb), st.sel[0]);
    const after = st.lines.slice(st.sel[1] + 1, st.sel[1] + 1 + na);
    const code = [...before, ...st.newSel, ...after];
    const raw = fenced(code, fenceTag(st.spec.lang, r)) + (r() < 0.5 ? '\n' : '');
    return {
      format: 'fenced-whole',
      raw,
      why: `The answer repeats ${before.length} line(s) before and ${after.length} line(s) after the selection, which already exist in the file and must not be duplicated. ${CITE.fenceLeak}`,
    };
  },
  'fw-crlf'(st, r) {
    return {
      format: 'fenced-whole',
      raw: toCRLF(fenced(st.newSel, fenceTag(st.spec.lang, r)) + '\n'),
      why: 'The answer arrives with CRLF line endings while the file uses LF; the file must stay LF. ' + CITE.crlf,
    };
  },
  // Whole file, aider "whole" format: path line then fence.
  whole(st, r) {
    const name = st.spec.path;
    const lead = pick(r, [`${name}\n`, `Here is the full updated file:\n\n${name}\n`, `${st.spec.say}\n\n${name}\n`]);
    return {
      format: 'whole-file',
      raw: lead + fenced(st.newLines, fenceTag(st.spec.lang, r)) + '\n',
      why: CITE.formats + ' (the "whole" format returns the full file with its path before the fence)',
    };
  },
  // The model dropped the base indentation of the selection.
  'fw-dedent'(st, r) {
    const ind = baseIndent(st.newSel);
    if (!ind) throw new Error(st.spec.id + ': fw-dedent needs an indented selection');
    const code = st.newSel.map((l) => (l.startsWith(ind) ? l.slice(ind.length) : l));
    return {
      format: 'fenced-whole',
      raw: prose(st, r, 'before') + '\n\n' + fenced(code, fenceTag(st.spec.lang, r)),
      why:
        'The rewritten selection comes back without its base indentation (the model re-indents the snippet from column 0); the result must keep the file indentation. ' +
        CITE.fuzzy,
    };
  },
  bare(st) {
    return {
      format: 'bare-code',
      raw: st.newSel.join('\n') + '\n',
      why: 'Inline edit models asked for "only the code" return it with no fence at all. ' + CITE.prose,
    };
  },
  'bare-nonl'(st) {
    return {
      format: 'bare-code',
      raw: st.newSel.join('\n'),
      why: 'Bare code without a final newline; the line after the selection must not be glued to the last line. ' + CITE.noNewline,
    };
  },
  sr(st, r) {
    const { search, replace } = minimalBlock(st, r);
    const inFence = r() < 0.7;
    const block = srBlock(search, replace, 'aider');
    const raw =
      (r() < 0.5 ? prose(st, r, 'before') + '\n\n' : '') +
      (inFence ? `${st.spec.path}\n\`\`\`${fenceTag(st.spec.lang, r)}\n${block}\n\`\`\`` : block) +
      '\n';
    return { format: 'search-replace', raw, why: CITE.formats };
  },
  'sr-cline'(st, r) {
    const { search, replace } = minimalBlock(st, r);
    const raw = `<replace_in_file>\n<path>${st.spec.path}</path>\n<diff>\n${srBlock(search, replace, 'cline')}\n</diff>\n</replace_in_file>`;
    return { format: 'search-replace', raw, why: CITE.clineMarkers };
  },
  'sr-ctx'(st, r) {
    const { search, replace } = minimalBlock(st, r, 3);
    const raw = `${prose(st, r, 'before')}\n\n\`\`\`\n${srBlock(search, replace, 'aider')}\n\`\`\`\n\n${prose(st, r, 'after')}\n`;
    return { format: 'search-replace', raw, why: CITE.formats + ' (long SEARCH context)' };
  },
  'srd-indent'(st, r) {
    const { search, replace } = minimalBlock(st, r, 1);
    const ind = baseIndent(search);
    let s;
    let rp;
    let what;
    if (ind && r() < 0.7) {
      s = search.map((l) => (l.startsWith(ind) ? l.slice(ind.length) : l));
      rp = replace.map((l) => (l.startsWith(ind) ? l.slice(ind.length) : l));
      what = 'SEARCH and REPLACE lost their common leading indentation';
    } else {
      const add = ind.includes('\t') ? '\t' : '  ';
      s = search.map((l) => (l.trim() ? add + l : l));
      rp = replace.map((l) => (l.trim() ? add + l : l));
      what = 'SEARCH and REPLACE are indented one level deeper than the file';
    }
    return {
      format: 'search-replace-drift',
      raw: `\`\`\`${fenceTag(st.spec.lang, r)}\n${srBlock(s, rp, 'aider')}\n\`\`\`\n`,
      why: `${what}; the edit must land with the file's indentation. ${CITE.fuzzy}; ${CITE.noMatch}`,
    };
  },
  'srd-trail'(st, r) {
    const { search, replace } = minimalBlock(st, r, 1);
    const s = search.map((l, i) => (l.trim() && (i === 0 || r() < 0.4) ? l + pick(r, [' ', '  ', '\t']) : l));
    return {
      format: 'search-replace-drift',
      raw: `${prose(st, r, 'before')}\n\n\`\`\`\n${srBlock(s, replace, 'aider')}\n\`\`\`\n`,
      why: `Some SEARCH lines carry trailing whitespace the file does not have. ${CITE.clineWs}`,
    };
  },
  'srd-tabs'(st, r) {
    const { search, replace } = minimalBlock(st, r, 1);
    const leadingTabs = search.some((l) => l.startsWith('\t'));
    const innerTabs = !leadingTabs && search.some((l) => l.includes('\t'));
    let conv;
    let what;
    if (leadingTabs) {
      conv = (l) => l.replace(/^\t+/, (t) => '    '.repeat(t.length));
      what = 'The file indents with tabs; the answer indents with spaces.';
    } else if (innerTabs) {
      conv = (l) => l.replace(/\t/g, ' ');
      what = 'The file separates tokens with tab characters; the answer has single spaces there.';
    } else {
      conv = (l) => l.replace(/^( {2})+/, (t) => '\t'.repeat(t.length / 2));
      what = 'The file indents with spaces; the answer indents with tabs.';
    }
    return {
      format: 'search-replace-drift',
      raw: `\`\`\`${fenceTag(st.spec.lang, r)}\n${srBlock(search.map(conv), replace.map(conv), 'aider')}\n\`\`\`\n`,
      why: `${what} Unchanged lines keep the file's whitespace and new lines follow the file's style. ${CITE.fuzzy}`,
    };
  },
  'srd-crlf'(st, r) {
    const { search, replace } = minimalBlock(st, r);
    return {
      format: 'search-replace-drift',
      crlfFile: true,
      raw: `${st.spec.path}\n\`\`\`${fenceTag(st.spec.lang, r)}\n${srBlock(search, replace, r() < 0.5 ? 'aider' : 'cline')}\n\`\`\`\n`,
      why: `The file uses CRLF line endings; the answer uses LF. The result must keep CRLF everywhere. ${CITE.crlf}`,
    };
  },
  'srd-elide'(st, r) {
    // SEARCH spans the whole selection and elides an unchanged stretch in the middle.
    const changes = diffArrays(st.oldSel, st.newSel);
    let oi = 0;
    let best = null;
    for (const c of changes) {
      if (!c.added && !c.removed && c.count >= 4) {
        if (!best || c.count > best.len) best = { start: oi, len: c.count };
      }
      if (!c.added) oi += c.count;
    }
    if (!best) throw new Error(st.spec.id + ': nothing to elide');
    const k = best.start + 1;
    const n = best.len - 2;
    const ind = indentOf(st.oldSel[k]);
    const mark = pick(r, [ind + '...', ind + (st.spec.lang === 'python' || st.spec.lang === 'shell' ? '# ...' : '// ...')]);
    const s = [...st.oldSel.slice(0, k), mark, ...st.oldSel.slice(k + n)];
    // Find the same unchanged stretch in the new selection.
    const newK = st.newSel.indexOf(st.oldSel[k], Math.max(0, k - 20));
    const rp = [...st.newSel.slice(0, newK), mark, ...st.newSel.slice(newK + n)];
    return {
      format: 'search-replace-drift',
      raw: `${st.spec.path}\n\`\`\`${fenceTag(st.spec.lang, r)}\n${srBlock(s, rp, 'aider')}\n\`\`\`\n`,
      why: `SEARCH and REPLACE both replace ${n} unchanged lines with "${mark.trim()}"; those lines must survive. ${CITE.elide}; ${CITE.markers}`,
    };
  },
  'srd-changed'(st, r) {
    const { search, replace } = minimalBlock(st, r, 2);
    const alter = st.spec.drift;
    if (!alter) throw new Error(st.spec.id + ': srd-changed needs spec.drift [from,to]');
    const i = search.findIndex((l) => l.includes(alter[0]));
    const j = replace.findIndex((l) => l === search[i]);
    if (i < 0 || j < 0) throw new Error(st.spec.id + ': drift line not in block context');
    const s = search.slice();
    const rp = replace.slice();
    s[i] = s[i].replace(alter[0], alter[1]);
    rp[j] = rp[j].replace(alter[0], alter[1]);
    return {
      format: 'search-replace-drift',
      raw: `${prose(st, r, 'before')}\n\n\`\`\`${fenceTag(st.spec.lang, r)}\n${srBlock(s, rp, 'aider')}\n\`\`\`\n`,
      why: `One unchanged context line is misquoted in both SEARCH and REPLACE ("${alter[0]}" written as "${alter[1]}"); the rest matches once. The file keeps its own version of that context line. ${CITE.noMatch}; ${CITE.fuzzy}`,
    };
  },
  'srd-blank'(st, r) {
    const { search, replace } = minimalBlock(st, r, 3);
    const i = search.findIndex((l, k) => !l.trim() && k > 0 && k < search.length - 1);
    const j = i < 0 ? -1 : replace.findIndex((l, k) => !l.trim() && k > 0);
    if (i < 0 || j < 0) throw new Error(st.spec.id + ': no blank line to drop');
    const s = search.filter((_, k) => k !== i);
    const rp = replace.filter((_, k) => k !== j);
    return {
      format: 'search-replace-drift',
      raw: `\`\`\`\n${srBlock(s, rp, r() < 0.5 ? 'aider' : 'cline')}\n\`\`\`\n`,
      why: `SEARCH and REPLACE drop a blank line that the file has; it must stay. ${CITE.clineBlank}`,
    };
  },
  ud(st, r) {
    const h = udiffHunks(st.lines.join('\n') + '\n', st.newLines.join('\n') + '\n', 3);
    const head = pick(r, [`--- a/${st.spec.path}\n+++ b/${st.spec.path}\n`, `--- ${st.spec.path}\n+++ ${st.spec.path}\n`]);
    const raw = `${r() < 0.5 ? prose(st, r, 'before') + '\n\n' : ''}\`\`\`diff\n${head}${h.map((x) => hunkText(x)).join('\n')}\n\`\`\`\n`;
    return { format: 'udiff', raw, why: CITE.udiff };
  },
  'ud-nonum'(st, r) {
    const h = udiffHunks(st.lines.join('\n') + '\n', st.newLines.join('\n') + '\n', 2 + Math.floor(r() * 2));
    const raw = `\`\`\`diff\n--- ${st.spec.path}\n+++ ${st.spec.path}\n${h.map((x) => hunkText(x, { numbers: false })).join('\n')}\n\`\`\`\n`;
    return { format: 'udiff', raw, why: CITE.udiff + ' (aider asks for hunks with "@@ ... @@" and no line numbers)' };
  },
  'udd-lines'(st, r) {
    const h = udiffHunks(st.lines.join('\n') + '\n', st.newLines.join('\n') + '\n', 3);
    const shift = pick(r, [-1, 1]) * (4 + Math.floor(r() * 30));
    const shifts = h.map((x) => Math.max(1 - x.oldStart, shift));
    const raw = `${prose(st, r, 'before')}\n\n\`\`\`diff\n--- a/${st.spec.path}\n+++ b/${st.spec.path}\n${h
      .map((x, i) => hunkText(x, { lineShift: shifts[i] }))
      .join('\n')}\n\`\`\`\n`;
    return {
      format: 'udiff-drift',
      raw,
      why: `Hunk header line numbers are off by ${[...new Set(shifts)].join(' and ')}; the context is right. ${CITE.lineNumbers}`,
    };
  },
  'udd-noctx'(st, r) {
    const h = udiffHunks(st.lines.join('\n') + '\n', st.newLines.join('\n') + '\n', 0);
    for (const x of h) {
      const removed = x.lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1));
      if (!removed.length || countLineMatches(st.lines, removed) !== 1)
        throw new Error(st.spec.id + ': udd-noctx needs uniquely removable lines');
    }
    const raw = `\`\`\`diff\n${h.map((x) => hunkText(x, { numbers: r() < 0.5 })).join('\n')}\n\`\`\`\n`;
    return {
      format: 'udiff-drift',
      raw,
      why: `The diff has no context lines and no file header; the removed lines are unique in the file. ${CITE.udiff}; ${CITE.lineNumbers}`,
    };
  },
  'udd-blank'(st, r) {
    const h = udiffHunks(st.lines.join('\n') + '\n', st.newLines.join('\n') + '\n', 3);
    if (!h.some((x) => x.lines.includes(' '))) throw new Error(st.spec.id + ': no blank context line');
    const raw = `\`\`\`diff\n--- a/${st.spec.path}\n+++ b/${st.spec.path}\n${h.map((x) => hunkText(x, { blankContextBare: true })).join('\n')}\n\`\`\`\n\n${prose(st, r, 'after')}\n`;
    return {
      format: 'udiff-drift',
      raw,
      why: `Blank context lines lost their leading space (an empty line instead of " "), which strict patch rejects. ${CITE.lineNumbers}`,
    };
  },
  'udd-wide'(st) {
    const h = udiffHunks(st.lines.join('\n') + '\n', st.newLines.join('\n') + '\n', 6);
    const raw = `\`\`\`diff\n--- a/${st.spec.path}\n+++ b/${st.spec.path}\n${h.map((x) => hunkText(x, { lineShift: 0 })).join('\n')}\n\`\`\``;
    return { format: 'udiff', raw, why: `Six lines of context instead of three and no final newline after the fence. ${CITE.udiff}` };
  },
  // Several SEARCH/REPLACE blocks, one per hunk, sometimes out of order.
  'mx-multi'(st, r) {
    const hs = udiffHunks(st.lines.join('\n') + '\n', st.newLines.join('\n') + '\n', 1);
    if (hs.length < 2) throw new Error(st.spec.id + ': mx-multi needs two hunks');
    const blocks = hs.map((x) => {
      let s = x.lines.filter((l) => l[0] === ' ' || l[0] === '-').map((l) => l.slice(1));
      let rp = x.lines.filter((l) => l[0] === ' ' || l[0] === '+').map((l) => l.slice(1));
      // Grow the context with real file lines until the SEARCH text is unique.
      let a = x.oldStart - 1;
      let b = a + x.oldLines;
      while (countLineMatches(st.lines, s) !== 1) {
        if (a === 0 && b >= st.lines.length) throw new Error(st.spec.id + ': hunk not unique');
        if (a > 0) {
          a--;
          s = [st.lines[a], ...s];
          rp = [st.lines[a], ...rp];
        }
        if (b < st.lines.length) {
          s = [...s, st.lines[b]];
          rp = [...rp, st.lines[b]];
          b++;
        }
      }
      return srBlock(s, rp, 'aider');
    });
    const reversed = r() < 0.4;
    if (reversed) blocks.reverse();
    const raw = `${prose(st, r, 'before')}\n\n${blocks.map((b) => `${st.spec.path}\n\`\`\`${fenceTag(st.spec.lang, r)}\n${b}\n\`\`\``).join('\n\n')}\n`;
    return {
      format: 'multi-block',
      raw,
      why: `${blocks.length} SEARCH/REPLACE blocks in one answer${reversed ? ', given in reverse file order' : ''}. ${CITE.formats}${reversed ? '; ' + CITE.clineOrder : ''}`,
    };
  },
  'mx-markers'(st, r) {
    const changes = diffArrays(st.oldSel, st.newSel);
    const out = [];
    let collapsed = 0;
    changes.forEach((c, ci) => {
      if (c.removed) return;
      if (c.added) {
        out.push(...c.value);
        return;
      }
      const v = c.value;
      const keepHead = ci === 0 ? 1 : 1;
      const keepTail = ci === changes.length - 1 ? 1 : 1;
      if (v.length > keepHead + keepTail + 1) {
        const mid = v.slice(keepHead, v.length - keepTail);
        out.push(...v.slice(0, keepHead), existingCodeMarker(st.spec.lang, baseIndent(mid), r), ...v.slice(v.length - keepTail));
        collapsed += mid.length;
      } else out.push(...v);
    });
    if (!collapsed) throw new Error(st.spec.id + ': nothing to collapse');
    const raw = `${r() < 0.6 ? prose(st, r, 'before') + '\n\n' : ''}\`\`\`${fenceTag(st.spec.lang, r)}\n${out.join('\n')}\n\`\`\`\n`;
    return {
      format: 'existing-code-markers',
      raw,
      why: `The answer rewrites the selection but replaces ${collapsed} unchanged line(s) with "... existing code ..." comments; those lines must be kept, and the markers must not be written. ${CITE.markers}`,
    };
  },
  'mx-2code'(st, r) {
    if (!st.spec.usage) throw new Error(st.spec.id + ': mx-2code needs usage');
    const tag = fenceTag(st.spec.lang, r);
    const edit = fenced(st.newSel, tag);
    const use = fenced(splitLines(st.spec.usage.replace(/\n$/, '')), tag);
    const raw =
      r() < 0.5
        ? `${st.spec.say}\n\n${edit}\n\nFor example:\n\n${use}\n\n${prose(st, r, 'after')}\n`
        : `${prose(st, r, 'before')}\n\n${edit}\n\nYou can check it quickly with:\n\n${use}\n`;
    return {
      format: 'prose-multi-code',
      raw,
      why: `Prose with two code blocks: the edit and a usage example that must not be inserted. ${CITE.prose}`,
    };
  },
};

export function renderCase(st, form, caseId) {
  const r = rng(caseId);
  const w = FORMS[form];
  if (!w) throw new Error('unknown form ' + form);
  const out = w(st, r);
  // The answer nests fences when it carries an opening fence of the edited text.
  const openers = (form === 'whole' ? st.newLines : st.newSel).filter((l) => /^```\w/.test(l));
  const rawLines = out.raw.split('\n').map((l) => l.replace(/^[ +-]/, ''));
  if (openers.some((o) => rawLines.includes(o)) && !out.why.includes(CITE.nested)) out.why += '. ' + CITE.nested;
  const eol = st.finalNewline ? '\n' : '';
  let fileText = st.lines.join('\n') + eol;
  let expected = st.newLines.join('\n') + eol;
  if (out.crlfFile || st.spec.crlf) {
    fileText = toCRLF(fileText);
    expected = toCRLF(expected);
  }
  return {
    id: caseId,
    language: st.spec.lang,
    source: st.srcName,
    fileText,
    selection: { startLine: st.sel[0], endLine: st.sel[1] },
    instruction: st.spec.instr,
    format: out.format,
    rawAnswer: out.raw,
    expected: { kind: 'apply', fileText: expected },
    why: cap(out.why),
  };
}
