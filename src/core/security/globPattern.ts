// Globs as users write them in settings: `**` any folders, `*` any characters but `/`, `?` one
// character, `{a,b}` alternatives (nested too), `[abc]`/`[!abc]` one of / none of. Matched whole
// and case-insensitively (see sensitivePaths.ts for why).

/** The regular expression a glob stands for; a malformed glob still compiles (unclosed groups are closed). */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      i++;
      if (glob[i + 1] === '/') {
        i++;
        re += '(?:.*/)?';
      } else re += '.*';
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else if (c === '[' && glob.indexOf(']', i + 2) > i) {
      const end = glob.indexOf(']', i + 2);
      const body = glob
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/[\\\]]/g, '\\$&');
      re += `[${body}]`;
      i = end;
    } else re += c.replace(/[.+^$()|[\]\\{}]/g, '\\$&');
  }
  return new RegExp(`^${re}${')'.repeat(braces)}$`, 'i');
}

/**
 * `a{b,c}d` becomes `abd` and `acd`. VS Code's search globs take no nested braces, so a list of
 * user globs is flattened before it is joined into one `{…,…}` exclude. At most `limit` results.
 */
export function expandBraces(glob: string, limit = 1000): string[] {
  let depth = 0;
  let start = -1;
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] === '{' && depth++ === 0) start = i;
    else if (glob[i] === '}' && depth > 0 && --depth === 0) {
      const before = glob.slice(0, start);
      const after = glob.slice(i + 1);
      const out: string[] = [];
      for (const alternative of splitTopLevel(glob.slice(start + 1, i))) {
        for (const expanded of expandBraces(before + alternative + after, limit - out.length)) {
          if (out.length >= limit) return out;
          out.push(expanded);
        }
      }
      return out;
    }
  }
  return [glob];
}

/** One glob matching any of `globs` (braces expanded first), for workspace.findFiles' exclude. */
export function unionGlob(globs: readonly string[]): string {
  const flat = [...new Set(globs.flatMap((g) => expandBraces(g)))];
  return flat.length === 1 ? flat[0] : `{${flat.join(',')}}`;
}

function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '{') depth++;
    else if (body[i] === '}') depth--;
    else if (body[i] === ',' && depth === 0) {
      parts.push(body.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(body.slice(from));
  return parts;
}
