// Hand-picked cursor sites (and a few hand-written answers). The hidden span sits between ⟦ and ⟧
// and is matched against the real file, so the truth is always the author's own text.

const G = 'npm:playwright-core/lib/tools/skills/playwright-component-testing/';
const GAL = G + 'references/gallery-spec.md#tsx1';
const R1 = G + 'references/react.md#tsx1';
const R2 = G + 'references/react.md#tsx2';
const R3 = G + 'references/react.md#tsx3';
const M1 = G + 'references/migration.md#tsx1';
const M2 = G + 'references/migration.md#tsx2';
const S1 = G + 'SKILL.md#tsx1';
const S2 = G + 'SKILL.md#tsx2';

export function handCases({ needleSite }) {
  const tsx = (label, needle, site) => needleSite(label, 'typescriptreact', needle, site);
  const out = [];
  const add = (kind, s, transform, fields) => out.push({ kind, site: s, transform, fields });

  // ---------------- typescriptreact (the only .tsx text on this machine: playwright-core's skill docs)
  add('ideal', tsx(S1, 'title="Title">⟦Details⟧</Expandable>', 'jsx-text'), 'ideal');
  add('ideal', tsx(GAL, 'throw new Error(`Unknown story: ⟦${story}`);⟧', 'template'), 'ideal');
  add('ideal', tsx(R1, '<MemoryRouter initialEntries={[route]}>⟦{children}</MemoryRouter>⟧', 'jsx-text'), 'ideal');
  add('ideal', tsx(R2, "<ProfilePage user={{⟦ id: 42, name: 'Test User' }} />⟧", 'arguments'), 'ideal');
  add('ideal', tsx(R3, '{ title?: string }) =>⟦\n  <Button title={title} />;⟧', 'code'), 'ideal');
  add('ideal', tsx(R1, '<Memory⟦Router initialEntries={[route]}>{children}</MemoryRouter>⟧', 'identifier'), 'ideal');
  add('ideal', tsx(GAL, 'flushSync(() => root!.render(⟦<Story {...props} />⟧));', 'arguments'), 'ideal');
  add('resembles-next', tsx(GAL, "⟦import { flushSync } from 'react-dom';⟧\nimport { createRoot", 'code'), 'resembles-next');
  add(
    'comment-prose',
    tsx(GAL, '  // flushSync so ⟦a render error rejects the promise instead of being swallowed.⟧', 'comment'),
    'comment-prose',
  );
  add(
    'comment-prose',
    tsx(GAL, 'createRoot(rootEl);   // reuse the ⟦root so update() reconciles and preserves state⟧', 'comment'),
    'comment-prose',
  );
  add('lone-closer', tsx(R1, '    </ThemeProvider>\n  );\n⟦}⟧', 'eof'), 'lone-closer');
  add('lone-closer', tsx(S1, '  </>;\n⟦};⟧', 'eof'), 'lone-closer');
  add('special-token-end', tsx(GAL, "const rootEl = document.⟦getElementById('root')!;⟧", 'member'), 'special-token-end');
  add(
    'special-token-mid',
    tsx(M1, '  const component = await ⟦mount(<Button title="Submit" onClick={data => messages.push(data)} />);⟧', 'code'),
    'special-token-mid',
  );
  add('fenced', tsx(GAL, '  ⟦const Story = await resolve(story);⟧', 'code'), 'fenced');
  add('fenced-explained', tsx(S1, '  ⟦const [expanded, setExpanded] = useState(false);⟧', 'code'), 'fenced-explained');
  add('repeats-suffix', tsx(GAL, '  ⟦if (!Story)⟧\n    throw', 'code'), 'repeats-suffix');
  add('repeats-prefix-line', tsx(M1, '  ⟦await component.click();⟧', 'code'), 'repeats-prefix-line');
  add(
    'rewrites-current-line',
    tsx(R1, "export function AppScaffold(⟦{ children, route = '/' }: { children: React.ReactNode, route?: string }) {⟧", 'arguments'),
    'rewrites-current-line',
  );
  add(
    'chat-prose',
    tsx(S1, '    ⟦<form hidden><input data-testid="expanded" readOnly value={String(expanded)} /></form>⟧', 'code'),
    'chat-prose',
  );
  add('wrong-language', tsx(M2, '⟦export const Default = (props: { onClick?: (data: string) => void }) =>⟧', 'code'), 'wrong-language');
  add('unbalanced-brackets', tsx(M1, "  expect(messages).toEqual(⟦['hello']⟧);", 'arguments'), 'unbalanced-brackets');
  add('reindent-first', tsx(S2, '{ title?: string }) =>\n  ⟦<Button title={title} />;⟧', 'code'), 'reindent-first');
  add('invented-definition', tsx(S1, '⟦  </>;\n};⟧', 'eof'), 'invented-definition');
  add('empty', tsx(R2, '  <AppScaffold route="⟦/profile/42⟧">', 'string'), 'empty');
  add('special-token-only', tsx(M1, "test('⟦click⟧', async", 'string'), 'special-token-only');
  {
    // cut by max_tokens inside a regex literal holding brackets
    const s = tsx(GAL, "⟦const id = (f: string) => f.replace(/^(\\.\\.\\/)+src\\//, '').replace(/\\.story\\.\\w+$/, '');⟧", 'code');
    s.cut = s.hidden.indexOf('/^(') + 3;
    add('truncated-length', s, 'truncated-length');
  }
  {
    const s = tsx(
      GAL,
      "  const [path, name] = ⟦[storyId.slice(0, sep), storyId.slice(sep + 1)];\n  const file = Object.keys(stories).find(f => id(f) === path || id(f).endsWith('/' + path));⟧",
      'code',
    );
    s.cut = s.hidden.indexOf("endsWith('/") + "endsWith('/".length;
    add('truncated-length', s, 'truncated-length');
  }

  // ---------------- other languages: sites the automatic pickers would rarely find
  const py = (label, needle, site) => needleSite(label, 'python', needle, site);
  const js = (label, needle, site) => needleSite(label, 'javascript', needle, site);
  const ts = (label, needle, site) => needleSite(label, 'typescript', needle, site);
  const jv = (label, needle, site) => needleSite(label, 'java', needle, site);

  add('resembles-next', py('python3.11:shlex.py', '⟦import os⟧\nimport re\nimport sys', 'code'), 'resembles-next');
  add('resembles-next', py('python3.11:shlex.py', 'import os\n⟦import re⟧\nimport sys', 'code'), 'resembles-next');
  add('ideal', py('python3.11:shlex.py', 'import os\nimport re\nimport sys\n⟦from collections import deque⟧', 'code'), 'ideal');
  add('ideal', jv('jdk:java.base/java/util/StringJoiner.java', '⟦package java.util;⟧', 'code'), 'ideal');
  add('rewrites-current-line', py('python3.11:shlex.py', 'import sys\nfrom collections ⟦import deque⟧', 'code'), 'rewrites-current-line');
  // a new `case` whose next case looks alike
  add(
    'resembles-next',
    js('npm:markdown-it/lib/renderer.mjs', "      ⟦case 'html_inline':⟧\n      case 'html_block':", 'code'),
    'resembles-next',
  );
  add('resembles-next', js('npm:mocha/lib/utils.js', '      ⟦case "regexp":⟧\n      case "symbol":', 'code'), 'resembles-next');
  add('ideal', ts('npm:eventsource-parser/src/parse.ts', "      ⟦case 'data':⟧\n        data = dataLines", 'code'), 'ideal');
  add(
    'comment-prose',
    ts(
      'npm:eventsource-parser/src/parse.ts',
      '    // Field names must be ⟦compared literally, with no case folding performed.⟧',
      'comment',
    ),
    'comment-prose',
  );
  add(
    'comment-prose',
    ts('npm:eventsource-parser/src/parse.ts', '        // Set the `event type` buffer ⟦to field value⟧', 'comment'),
    'comment-prose',
  );

  // more typescriptreact kinds
  add('whitespace-only', tsx(GAL, '(window as any).unmount = async () => {\n  ⟦root?.unmount();⟧', 'code'), 'whitespace-only');
  add('tabs-vs-spaces', tsx(GAL, "  ⟦const sep = storyId.lastIndexOf('/');\n  const [path, name]⟧ = [", 'code'), 'tabs-vs-spaces');
  add('prose-in-code', tsx(GAL, '  root = ⟦undefined;⟧', 'code'), 'prose-in-code');
  add('markdown-junk', tsx(R2, '    ⟦<ProfilePage ⟧user={{', 'code'), 'markdown-junk');
  add('special-token-end', tsx(R1, '    <ThemeProvider theme="⟦light">⟧', 'string'), 'special-token-end');
  add(
    'reindent-later',
    tsx(
      GAL,
      '  const mod = (file && await stories[file]()) as Record<string, any> | undefined;\n  ⟦return mod?.[name] ?? mod?.default;\n}⟧',
      'code',
    ),
    'reindent-later',
  );
  add('runaway-repetition', tsx(M1, '  ⟦const messages: string[] = [];⟧', 'code'), 'runaway-repetition');
  return out;
}
