// Where definitions are worth asking for: identifiers just before the cursor, and the names the file
// imports (a definition provider asked at an import's name lands on the imported declaration).
// Also the extent of a definition when no document symbol says it.

const KEYWORDS = new Set(
  'if else for while do return function const let var new this self class def import from export default true false null undefined None True False in of is not and or as async await try catch finally throw with pass elif lambda yield static public private protected void typeof instanceof super extends implements interface type enum switch case break continue print len str int float list dict set range'.split(
    ' ',
  ),
);

export interface SymbolAt {
  name: string;
  /** Offset of this occurrence in the document. */
  offset: number;
}

/** Distinct identifiers on the cursor line (before the cursor) and the two lines above, nearest first. */
export function identifiersNearCursor(text: string, offset: number, max = 6): SymbolAt[] {
  let from = text.lastIndexOf('\n', offset - 1) + 1;
  for (let i = 0; i < 2 && from > 0; i++) from = text.lastIndexOf('\n', from - 2) + 1;
  const found: SymbolAt[] = [];
  for (const m of text.slice(from, offset).matchAll(/[A-Za-z_$][\w$]*/g)) {
    const at = from + m.index;
    // The word being typed has no definition yet.
    if (at + m[0].length === offset || KEYWORDS.has(m[0]) || m[0].length < 2) continue;
    found.push({ name: m[0], offset: at });
  }
  const seen = new Set<string>();
  return found
    .reverse()
    .filter((s) => !seen.has(s.name) && seen.add(s.name))
    .slice(0, max);
}

/** How far into a file imports are looked for. */
const IMPORT_SCAN_CHARS = 20_000;

/** Names the file imports, at their position in the import statement (the imported name, not an alias). */
export function importedNames(text: string, languageId: string, max = 24): SymbolAt[] {
  const head = text.slice(0, IMPORT_SCAN_CHARS);
  const found: SymbolAt[] = [];
  const add = (name: string, offset: number) => {
    if (/^[A-Za-z_$][\w$]*$/.test(name) && !KEYWORDS.has(name)) found.push({ name, offset });
  };
  /** Each name of a `{ a, b as c }` or `a, b as c` list starting at `base`. */
  const list = (body: string, base: number) => {
    for (const m of body.matchAll(/(?:type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+[A-Za-z_$][\w$]*)?/g))
      add(m[1], base + m.index + m[0].indexOf(m[1]));
  };
  if (languageId === 'python') {
    for (const m of head.matchAll(/^from\s+[\w.]+\s+import\s+(\(([^)]*)\)|[^\n]+)/gm)) {
      const body = m[2] ?? m[1];
      list(
        body.replace(/#[^\n]*/g, (c) => ' '.repeat(c.length)),
        m.index + m[0].indexOf(body),
      );
    }
  } else {
    for (const m of head.matchAll(/^\s*import\s+(?:type\s+)?([\s\S]*?)\s+from\s+['"][^'"\n]+['"]/gm)) {
      const clause = m[1];
      const base = m.index + m[0].indexOf(clause, m[0].indexOf('import') + 6);
      const braces = /\{([\s\S]*)\}/.exec(clause);
      if (braces) list(braces[1], base + braces.index + 1);
      const lead = /^([A-Za-z_$][\w$]*)/.exec(clause);
      if (lead && lead[1] !== 'type') add(lead[1], base);
      const ns = /\*\s+as\s+([A-Za-z_$][\w$]*)/.exec(clause);
      if (ns) add(ns[1], base + ns.index + ns[0].lastIndexOf(ns[1]));
    }
    for (const m of head.matchAll(/(?:const|let|var)\s+\{([^}]*)\}\s*=\s*require\(/g))
      list(
        m[1].replace(/:\s*[\w$]+/g, (c) => ' '.repeat(c.length)),
        m.index + m[0].indexOf(m[1]),
      );
  }
  const seen = new Set<string>();
  return found.filter((s) => !seen.has(s.name) && seen.add(s.name)).slice(0, max);
}

/** Most lines of one definition put in the prompt: its signature and the start of its body. */
export const DEFINITION_MAX_LINES = 12;

const indentOf = (line: string) => /^\s*/.exec(line)![0].length;

/**
 * The lines of the declaration starting at `line`: to its closing brace, or while lines are indented
 * deeper (Python, YAML), at most `maxLines`. Returns the 0-based end line (inclusive).
 */
export function definitionEnd(lines: readonly string[], line: number, maxLines = DEFINITION_MAX_LINES): number {
  const base = indentOf(lines[line] ?? '');
  let depth = 0;
  let opened = false;
  const last = Math.min(lines.length - 1, line + maxLines - 1);
  for (let i = line; i <= last; i++) {
    const text = lines[i];
    if (i > line && depth <= 0 && text.trim() !== '' && indentOf(text) <= base && !/^\s*[}\])]/.test(text)) return i - 1;
    for (const ch of text) {
      if (ch === '{') {
        depth++;
        opened = true;
      } else if (ch === '}') depth--;
    }
    if (depth <= 0 && (opened || /;\s*$/.test(text))) return i;
  }
  return last;
}
