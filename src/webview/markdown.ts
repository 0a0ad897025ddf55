// Model output → sanitised DOM. Raw HTML in the markdown is shown as text (never parsed), the HTML
// that marked and highlight.js produce still goes through DOMPurify, and links never open a
// window of their own (the host opens them).
import createDOMPurify from 'dompurify';
import { Marked, type Token, type Tokens } from 'marked';
import { createHighlighter } from './highlight';

export type BlockRenderer = (tokens: Token[]) => DocumentFragment;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface MarkdownEngine {
  lex(source: string): Token[];
  render: BlockRenderer;
}

export function createMarkdownEngine(): MarkdownEngine {
  const highlight = createHighlighter();
  const marked = new Marked({
    gfm: true,
    renderer: {
      // Model output never becomes raw HTML: a `<script>` in the answer is shown as text.
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      // No remote images under the CSP: show the image as a link the user can choose to open.
      image: ({ href, text }: Tokens.Image) => `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`,
      code: ({ text, lang }: Tokens.Code) => {
        const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
        const body = highlight(text, language) ?? escapeHtml(text);
        const cls = language ? ` class="hljs language-${escapeHtml(language)}"` : ' class="hljs"';
        return `<pre><code${cls}>${body}</code></pre>`;
      },
    },
  });
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.removeAttribute('target');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  const config = {
    RETURN_DOM_FRAGMENT: true as const,
    FORBID_TAGS: ['style', 'img', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'svg', 'math'],
    FORBID_ATTR: ['style', 'id', 'name'],
  };
  return {
    lex: (source) => marked.lexer(source),
    render: (tokens) => {
      const fragment = purify.sanitize(marked.parser(tokens), config);
      for (const pre of Array.from(fragment.querySelectorAll('pre'))) decorateCodeBlock(pre);
      return fragment;
    },
  };
}

/** Wraps a `<pre>` with its toolbar; the buttons are handled by delegation (see codeActions.ts). */
function decorateCodeBlock(pre: HTMLPreElement): void {
  const code = pre.querySelector('code');
  const language = /(?:^|\s)language-([\w+#.-]+)/.exec(code?.className ?? '')?.[1] ?? '';
  const wrapper = document.createElement('div');
  wrapper.className = 'code-block';
  if (language) wrapper.dataset.language = language;
  const bar = document.createElement('div');
  bar.className = 'code-toolbar';
  const label = document.createElement('span');
  label.className = 'code-language';
  label.textContent = language;
  bar.append(label);
  for (const [action, text, aria] of [
    ['copy', 'Copy', 'Copy code'],
    ['insert', 'Insert', 'Insert code at cursor'],
    ['newFile', 'New file', 'Open code as a new file'],
  ] as const) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.codeAction = action;
    b.textContent = text;
    b.setAttribute('aria-label', aria);
    b.title = aria;
    bar.append(b);
  }
  pre.replaceWith(wrapper);
  wrapper.append(bar, pre);
}

/** Markdown touching every renderer path and language, rendered off-screen to warm the engine up. */
const warmUpSamples = [
  '# T\n\n## H\n\nSome **bold** *it* `code` [l](https://example.com) ~~s~~\n\n- a\n- b\n\n1. x\n\n> q\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n',
  ...['ts', 'js', 'python', 'json', 'bash', 'css', 'html', 'go', 'rust', 'java', 'markdown'].map(
    (lang) => `\`\`\`${lang}\nfunction f(a) { return "s" + 1; } // c\n\`\`\`\n`,
  ),
];

/**
 * The first render pays for compiling marked's and highlight.js's grammars (a 100 ms frame);
 * doing it in idle time after start-up keeps the first streamed frames short.
 */
export function warmUp(engine: MarkdownEngine, schedule: (task: () => void) => void): void {
  const next = (i: number) => {
    if (i >= warmUpSamples.length) return;
    schedule(() => {
      engine.render(engine.lex(warmUpSamples[i]));
      next(i + 1);
    });
  };
  next(0);
}
