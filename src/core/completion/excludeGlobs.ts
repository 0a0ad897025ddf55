// Files whose text must never be sent to the service (secrets). Globs use the usual syntax:
// `**` any folders, `*` any characters but `/`, `?` one character, `{a,b}` alternatives.

export const DEFAULT_EXCLUDE = ['**/.env', '**/.env.*', '**/*.pem', '**/*.key', '**/*.p12', '**/*.pfx', '**/*.crt', '**/*.cer', '**/id_rsa*', '**/id_ecdsa*', '**/id_ed25519*', '**/.npmrc', '**/.netrc', '**/secrets.*'];

function globToRegExp(glob: string): RegExp {
  let re = '';
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
    else if (c === '{') re += '(?:';
    else if (c === '}') re += ')';
    else if (c === ',' && re.lastIndexOf('(?:') > re.lastIndexOf(')')) re += '|';
    else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 'i');
}

/** A matcher for a list of globs, tried against the full path and the file name alone. */
export function excludeMatcher(globs: readonly string[]): (path: string) => boolean {
  const patterns = globs.map(globToRegExp);
  return (path) => {
    const normal = path.replace(/\\/g, '/');
    const name = normal.slice(normal.lastIndexOf('/') + 1);
    return patterns.some((p) => p.test(normal) || p.test(name));
  };
}
