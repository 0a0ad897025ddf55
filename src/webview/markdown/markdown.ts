// Model output → sanitised DOM, in bounded time. An answer arrives here cut into segments
// (markdownSegments.ts); a segment marked may lex safely becomes top-level blocks, and each block
// is inline-parsed, rendered and sanitised only if it fits the limits of renderLimits.ts, else it
// is shown as plain text. Raw HTML in the markdown is shown as text (never parsed), the HTML that
// marked and highlight.js produce still goes through DOMPurify, links keep only http(s) targets,
// and no link opens a window of its own (the host opens them).
import createDOMPurify from 'dompurify';
import { Lexer, Marked, type MarkedOptions, type Token, type Tokens } from 'marked';
import { safeUrl } from '../../shared/safeUrl';
import { FencedCodeView, codeClass, wrapCodeBlock, type Colourer } from './codeBlock';
import { FrameBudget, type FrameClock } from '../common/frameBudget';
import { createHighlighter } from './highlight';
import { closesFence, fenceOpen, splitSegments, type FenceOpen } from './markdownSegments';
import { PieceText } from './pieceText';
import {
  allowanceAfter,
  BLOCK_MAX_NODES,
  BLOCK_NODE_COST,
  exhausted,
  fitsMarked,
  FRAME_BUDGET_MS,
  HIGHLIGHT_MAX_CHARS,
  HIGHLIGHT_MAX_SPANS,
  INLINE_MAX_LOAD,
  inlineLoad,
  NO_USAGE,
  type RenderUsage,
} from './renderLimits';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A paragraph, heading or table cell whose inline tokens are still to be lexed. */
interface InlineJob {
  src: string;
  tokens: Token[];
}

/** One top-level block of an answer, before rendering. */
export type BlockSource =
  | { kind: 'marked'; raw: string; tokens: Token[]; inline: InlineJob[]; lexer: Lexer; inlined?: boolean }
  | { kind: 'plain'; raw: string }
  | { kind: 'code'; raw: string; language: string; code: string; closed: boolean };

/** A block in the DOM. `update` shows a newer version of it in place (growing text), if it can. */
export interface RenderedBlock {
  element: HTMLElement;
  usage: RenderUsage;
  update?(source: BlockSource): boolean;
}

/**
 * `allowance` is what is left of the answer's limits (ANSWER_MAX_* in renderLimits.ts): a segment
 * or block that would go past it is shown as plain text.
 */
export interface MarkdownEngine {
  /** Shared by every answer: the markdown work one frame may do. */
  budget: FrameBudget;
  /** The top-level blocks of one segment (`fence`: it is a fenced code block at column 0). */
  blocks(segment: string, fence: FenceOpen | undefined, allowance: RenderUsage): BlockSource[];
  render(block: BlockSource, allowance: RenderUsage): RenderedBlock;
}

const UNLIMITED = allowanceAfter(NO_USAGE);

const PLAIN_TITLE = 'Shown as plain text: this part of the answer is too large or too complex to format.';

const browserClock: FrameClock = {
  now: () => performance.now(),
  // A task queued from an animation frame runs once that frame is painted: work deferred to it
  // starts a new frame's allowance instead of adding to the frame that ran out.
  requestFrame: (callback) => requestAnimationFrame(() => setTimeout(callback, 0)),
};

export function createMarkdownEngine(budget = new FrameBudget(browserClock, FRAME_BUDGET_MS)): MarkdownEngine {
  const highlighter = createHighlighter();
  /** Coloured HTML and its span count, unless it holds too many spans (each an element to sanitise and lay out). */
  const highlight = (code: string, language: string) => {
    const html = highlighter(code, language);
    const spans = html === undefined ? 0 : html.split('<span').length - 1;
    return html === undefined || spans > HIGHLIGHT_MAX_SPANS ? undefined : { html, spans };
  };
  /** What the fences nested in the block being rendered (in a list item, a quote) may still colour between them. */
  const nested = { chars: 0, spans: 0 };
  const marked = new Marked({
    gfm: true,
    renderer: {
      // Model output never becomes raw HTML: a `<script>` in the answer is shown as text.
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      // No remote images under the CSP: show the image as a link the user can choose to open.
      image: ({ href, text }: Tokens.Image) => `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`,
      code: ({ text, lang, raw }: Tokens.Code) => {
        const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
        let body = escapeHtml(text);
        // The fences of one block share one fence's colouring allowance.
        if (fenceClosed(raw) && text.length <= nested.chars) {
          const coloured = highlight(text, language);
          nested.chars -= text.length;
          if (coloured && coloured.spans <= nested.spans) {
            nested.spans -= coloured.spans;
            body = coloured.html;
          }
        }
        return `<pre><code class="${escapeHtml(codeClass(language))}">${body}</code></pre>`;
      },
    },
  });
  const lexerOptions: MarkedOptions = { ...marked.defaults, tokenizer: null };
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      // Only a credential-free http(s) link may reach VS Code's opener (not vscode:, command:, file:…).
      const href = safeUrl(node.getAttribute('href') ?? '');
      if (href) node.setAttribute('href', href);
      else node.removeAttribute('href');
      node.removeAttribute('target');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  const config = {
    RETURN_DOM_FRAGMENT: true as const,
    FORBID_TAGS: ['style', 'img', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'svg', 'math'],
    FORBID_ATTR: ['style', 'id', 'name'],
    ALLOWED_URI_REGEXP: /^https?:/i,
  };
  const colour: Colourer = (code, language) => {
    const coloured = highlight(code, language);
    return coloured && { fragment: purify.sanitize(coloured.html, config), spans: coloured.spans };
  };

  const renderMarked = (block: Extract<BlockSource, { kind: 'marked' }>, allowance: RenderUsage): RenderedBlock => {
    const load = block.inline.reduce((sum, job) => sum + inlineLoad(job.src), 0);
    if (load > INLINE_MAX_LOAD || load > allowance.load) return renderPlain(block.raw);
    try {
      if (!block.inlined) {
        block.inlined = true;
        for (const job of block.inline) {
          block.lexer.state.inRawBlock = false;
          block.lexer.state.inLink = false;
          block.lexer.inlineTokens(job.src, job.tokens);
        }
      }
      const elements = countNodes(block.tokens) + BLOCK_NODE_COST;
      if (elements > BLOCK_MAX_NODES || elements + HIGHLIGHT_MAX_SPANS > allowance.nodes) return renderPlain(block.raw);
      nested.chars = HIGHLIGHT_MAX_CHARS;
      nested.spans = HIGHLIGHT_MAX_SPANS;
      const html = marked.parser(block.tokens);
      const nodes = elements + HIGHLIGHT_MAX_SPANS - nested.spans;
      const fragment = purify.sanitize(html, config);
      for (const pre of Array.from(fragment.querySelectorAll('pre'))) {
        const language = /(?:^|\s)language-([\w+#.-]+)/.exec(pre.querySelector('code')?.className ?? '')?.[1] ?? '';
        wrapCodeBlock(pre, language);
      }
      return { element: blockElement(fragment), usage: { load, nodes } };
    } catch {
      // marked gave up on something the limits let through (it throws on runaway input).
      return renderPlain(block.raw);
    }
  };

  const renderCode = (block: Extract<BlockSource, { kind: 'code' }>, allowance: RenderUsage): RenderedBlock => {
    const view = new FencedCodeView(block.language, (code, language) => {
      const coloured = colour(code, language);
      return coloured && coloured.spans <= allowance.nodes ? coloured : undefined;
    });
    view.show(block.code, block.closed);
    return {
      element: blockElement(view.element),
      get usage() {
        return { load: 0, nodes: BLOCK_NODE_COST + view.spans };
      },
      update: (next) => next.kind === 'code' && next.language === view.language && view.show(next.code, next.closed),
    };
  };

  return {
    budget,
    blocks(segment, fence, allowance) {
      const text = segment.replace(/\r\n?/g, '\n'); // as marked's own lex() does
      if (exhausted(allowance)) return [{ kind: 'plain', raw: text }];
      if (fence) return [codeSource(text, fence)];
      if (!fitsMarked(text)) return [{ kind: 'plain', raw: text }];
      const lexer = new Lexer(lexerOptions);
      let tokens: Token[];
      try {
        tokens = lexer.blockTokens(text, lexer.tokens);
      } catch {
        return [{ kind: 'plain', raw: text }];
      }
      // Inline lexing waits until a block is rendered, so it can be judged (and spread over frames) first.
      const queue = new Map(lexer.inlineQueue.map((job) => [job.tokens, job.src]));
      lexer.inlineQueue = [];
      const blocks: Extract<BlockSource, { kind: 'marked' }>[] = [];
      for (const token of tokens) {
        const previous = blocks.at(-1);
        // Blank lines fold into the block before them.
        if (token.type === 'space' && previous) {
          previous.raw += token.raw;
          previous.tokens.push(token);
        } else {
          blocks.push({ kind: 'marked', raw: token.raw, tokens: [token], inline: inlineJobs(token, queue), lexer });
        }
      }
      // Thousands of tiny blocks (one-line headings) cost more to render one by one than as text.
      return blocks.length * BLOCK_NODE_COST > allowance.nodes ? [{ kind: 'plain', raw: text }] : blocks;
    },
    render(block, allowance) {
      if (block.kind === 'marked') return renderMarked(block, allowance);
      if (block.kind === 'code') return renderCode(block, allowance);
      return renderPlain(block.raw);
    },
  };
}

function blockElement(content: Node): HTMLElement {
  const el = document.createElement('div');
  el.className = 'md-block';
  el.append(content);
  return el;
}

/** Text shown as it is (escaped by construction: it only ever goes in as text nodes). */
function renderPlain(raw: string): RenderedBlock {
  const plain = document.createElement('div');
  plain.className = 'md-plain';
  plain.title = PLAIN_TITLE;
  const text = new PieceText(plain);
  text.set(withoutTrailingNewlines(raw));
  return {
    element: blockElement(plain),
    usage: { load: 0, nodes: BLOCK_NODE_COST },
    update: (next) => {
      if (next.kind !== 'plain') return false;
      text.set(withoutTrailingNewlines(next.raw));
      return true;
    },
  };
}

/** (By hand: `/\n+$/` backtracks quadratically over a long run of newlines before other text.) */
function withoutTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return text.slice(0, end);
}

/** A fenced code block at column 0 (the segment starts with its opening line). */
function codeSource(text: string, fence: FenceOpen): BlockSource {
  const language = fence.info.split(/\s+/)[0] ?? '';
  const opened = text.indexOf('\n');
  if (opened < 0) return { kind: 'code', raw: text, language, code: '', closed: false };
  // Blank lines after the closing fence belong to the segment, not to the code.
  let end = text.length;
  while (end > opened && /\s/.test(text[end - 1])) end--;
  const lastLine = text.lastIndexOf('\n', end - 1) + 1;
  const closed = lastLine > opened && closesFence(text.slice(lastLine, end), fence);
  const code = closed ? text.slice(opened + 1, Math.max(opened + 1, lastLine - 1)) : text.slice(opened + 1, end);
  return { kind: 'code', raw: text, language, code, closed };
}

/** Whether a fenced code token's raw text ends with its closing fence (an open one is still streaming). */
function fenceClosed(raw: string): boolean {
  const firstEnd = raw.indexOf('\n');
  const open = fenceOpen(firstEnd < 0 ? raw : raw.slice(0, firstEnd));
  if (!open || firstEnd < 0) return false;
  const body = raw.trimEnd();
  const lastLine = body.lastIndexOf('\n') + 1;
  return lastLine > firstEnd && closesFence(body.slice(lastLine), open);
}

/** The inline jobs of one top-level token: the queued texts whose token lists sit inside it. */
function inlineJobs(token: Token, queue: Map<Token[], string>): InlineJob[] {
  const jobs: InlineJob[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      const src = queue.get(value as Token[]);
      if (src !== undefined) jobs.push({ src, tokens: value as Token[] });
      for (const item of value) if (typeof item === 'object' && item !== null) visit(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const item of Object.values(value)) if (typeof item === 'object' && item !== null) visit(item);
    }
  };
  visit(token);
  return jobs;
}

/** Objects in a token tree: about one DOM node each. */
function countNodes(value: unknown): number {
  if (Array.isArray(value))
    return value.reduce((n: number, item) => n + (typeof item === 'object' && item !== null ? countNodes(item) : 0), 0);
  let n = 1;
  for (const item of Object.values(value as object)) if (typeof item === 'object' && item !== null) n += countNodes(item);
  return n;
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
      const sample = warmUpSamples[i];
      for (const segment of splitSegments(sample)) {
        for (const block of engine.blocks(sample.slice(segment.start, segment.end), segment.fence, UNLIMITED))
          engine.render(block, UNLIMITED);
      }
      next(i + 1);
    });
  };
  next(0);
}
