// Service A's built-in web search: three deterministic citations for the question.
import type { Annotation } from '../src/core/chatTypes';
import { keywordsOf } from './chatScript';

/** Allowed annotation `type` values are "not shown"; we use the common "url_citation". */
const ANNOTATION_TYPE = 'url_citation';

export function searchAnnotations(question: string): Annotation[] {
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
    site('Example', `https://example.com/articles/${slug}`, `${title}: a practical overview`, `An overview of ${title.toLowerCase()} with examples.`, 4),
    site('Example Docs', `https://example.org/docs/${slug}`, `${title} reference`, `Reference documentation for ${title.toLowerCase()}.`, 12),
    site('Example Blog', `https://example.com/blog/${slug}-pitfalls`, `Common ${title.toLowerCase()} pitfalls`, `Mistakes people make with ${title.toLowerCase()} and how to avoid them.`, 21),
  ];
}

export const SEARCH_ERROR_MESSAGE = 'web search failed: the search provider did not respond in time';
