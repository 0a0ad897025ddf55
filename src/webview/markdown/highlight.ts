// highlight.js core with a handful of languages, so the bundle stays small.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import { highlightable } from './renderLimits';

const languages = { bash, css, go, java, javascript, json, markdown, python, rust, typescript, xml };

/** Registers the languages on a fresh instance (no module-level state beyond the library's own). */
export function createHighlighter(): (code: string, language: string) => string | undefined {
  const instance = hljs.newInstance();
  for (const [name, definition] of Object.entries(languages)) instance.registerLanguage(name, definition);
  instance.registerAliases(['sh', 'shell', 'zsh'], { languageName: 'bash' });
  instance.registerAliases(['html', 'svg'], { languageName: 'xml' });
  /** Highlighted HTML (escaped by highlight.js), or undefined for an unknown language or code too big to colour in one frame. */
  return (code, language) => {
    const name = language.toLowerCase();
    if (!name || !instance.getLanguage(name) || !highlightable(code)) return undefined;
    return instance.highlight(code, { language: name, ignoreIllegals: true }).value;
  };
}
