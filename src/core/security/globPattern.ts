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
      const body = glob.slice(i + 1, end).replace(/^!/, '^').replace(/[\\\]]/g, '\\$&');
      re += `[${body}]`;
      i = end;
    } else re += c.replace(/[.+^$()|[\]\\{}]/g, '\\$&');
  }
  return new RegExp(`^${re}${')'.repeat(braces)}$`, 'i');
}
