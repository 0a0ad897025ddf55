// `npm run bench:completion:recall`: does the FIM prompt carry the definition of the identifier the
// user is about to type, when it is defined in another file? Run on a real multi-file repository we
// did not write: undici's own sources as shipped in node_modules (undici/lib, MIT, CommonJS modules
// that require each other). Sites: every use of a name a file takes from a relative require, with the
// name itself removed and the cursor in its place; a deterministic sample of them.
// The prompt header is made by the real core code (CrossFileContext: ranking, budget, stable order)
// with a node-side stand-in for the VS Code gatherer that reads the files. Definitions come from
// following the file's require to the defining file and taking the declaration there, as VS Code's
// definition provider does when asked at a name near the cursor or at an imported name.
// (a) the defining file is open in a tab (with two unrelated tabs); (b) it is only imported.
// With the name half typed at the cursor, typed as a user does: the block's context is chosen at the
// site first, then the name is typed into it, and no definition provider resolves a partial name:
// (c) the defining file is open in a tab; (d) a chunk of it around the declaration was recently edited
// (the file closed since); (e) it is neither open nor edited, and the workspace's symbol search (a
// stand-in searching every file's declarations, as a language server does in a project) finds it: the
// request after that search landed is measured.
// A site counts when the prompt holds the declaration line of the name. Prints JSON.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { CrossFileContext } from '../src/core/completion/crossFileContext';
import { definitionEnd } from '../src/core/completion/contextSymbols';
import type { ContextChunk, ContextFile, ContextQuery, ContextSource } from '../src/core/completion/contextTypes';
import { definitionIndex, startingWith } from '../src/core/completion/partialDefinitions';
import { SYMBOL_MATCHES } from '../src/core/completion/crossFileContext';

const root = resolve(__dirname, '../node_modules/undici/lib');
const budgetTokens = Number(process.env.BENCH_CONTEXT_TOKENS ?? 1024);
const wantedSites = Number(process.env.BENCH_SITES ?? 200);

const files = new Map<string, string>();
(function walk(dir: string) {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (name.endsWith('.js')) files.set(relative(root, full), readFileSync(full, 'utf8'));
  }
})(root);

/** Names a file takes from relative requires: name → the required file (relative to root). */
function requiredNames(path: string, text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of text.matchAll(/(?:const|let|var)\s+\{([^}]*)\}\s*=\s*require\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)) {
    const target = resolveModule(path, m[2]);
    if (!target) continue;
    for (const part of m[1].split(',')) {
      const name = /^\s*([A-Za-z_$][\w$]*)/.exec(part)?.[1];
      if (name) names.set(name, target);
    }
  }
  return names;
}

function resolveModule(from: string, spec: string): string | undefined {
  const base = join(dirname(from), spec);
  return [base, `${base}.js`, join(base, 'index.js')].find((p) => files.has(p));
}

/** The line of `name`'s declaration in `text`, or undefined when it is not declared there (a re-export). */
function declarationLine(text: string, name: string): number | undefined {
  const re = new RegExp(
    `^\\s*(?:(?:async\\s+)?function\\*?\\s+${name}\\b|class\\s+${name}\\b|(?:const|let|var)\\s+${name}\\s*=|(?:module\\.)?exports\\.${name}\\s*=)`,
  );
  const index = text.split('\n').findIndex((l) => re.test(l));
  return index < 0 ? undefined : index;
}

function definitionChunk(path: string, name: string): ContextChunk | undefined {
  const text = files.get(path)!;
  const line = declarationLine(text, name);
  if (line === undefined) return undefined;
  const lines = text.split('\n');
  return { path, startLine: line, text: lines.slice(line, definitionEnd(lines, line) + 1).join('\n'), kind: 'definition' };
}

interface Site {
  path: string;
  name: string;
  definedIn: string;
  text: string;
  offset: number;
}

const sites: Site[] = [];
for (const [path, text] of files) {
  const names = requiredNames(path, text);
  const bodyStart = Math.max(...[...text.matchAll(/require\(\s*'[^']+'\s*\)/g)].map((m) => m.index + m[0].length), 0);
  for (const [name, definedIn] of names) {
    if (declarationLine(files.get(definedIn)!, name) === undefined) continue;
    // Every use after the requires, not as a property name.
    for (const m of text.slice(bodyStart).matchAll(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))) {
      const at = bodyStart + m.index;
      sites.push({ path, name, definedIn, text: text.slice(0, at) + text.slice(at + name.length), offset: at });
    }
  }
}
// A deterministic, evenly spread sample in file order.
/** Every declaration in the repository, for the workspace symbol search's stand-in. */
const allDefinitions = definitionIndex({ files: [...files].map(([path, text]) => ({ path, text })), chunks: [] });
const picked =
  sites.length <= wantedSites
    ? sites
    : Array.from({ length: wantedSites }, (_, i) => sites[Math.floor(((i + 0.5) * sites.length) / wantedSites)]);

/** The node-side stand-in for src/vscode/completion/contextGatherer.ts. */
function standIn(site: Site, tabs: readonly ContextFile[]): ContextSource {
  const names = requiredNames(site.path, site.text);
  return {
    neighbours: () => ({ files: [...tabs], chunks: [] }),
    definitions: async (query: ContextQuery, offsets, found) => {
      for (const offset of offsets) {
        const name = /^[A-Za-z_$][\w$]*/.exec(query.text.slice(offset))?.[0];
        const target = name ? names.get(name) : undefined;
        const chunk = target && definitionChunk(target, name!);
        if (chunk) found(chunk);
      }
    },
  };
}

async function main(): Promise<void> {
  const others = [...files.keys()];
  const results = { openTab: 0, importedOnly: 0 };
  const partialResults = { partialOpenTab: 0, partialRecentlyEdited: 0, partialWorkspaceSymbols: 0 };
  let partialSites = 0;
  const misses: Array<{ site: string; name: string; case: string }> = [];
  for (const [i, site] of picked.entries()) {
    const definingLine = files.get(site.definedIn)!.split('\n')[declarationLine(files.get(site.definedIn)!, site.name)!].trimEnd();
    const query: ContextQuery = { path: site.path, text: site.text, offset: site.offset, languageId: 'javascript' };
    // Two unrelated open tabs, chosen deterministically, besides the defining file in case (a).
    const distractors = [others[(i * 7) % others.length], others[(i * 13 + 5) % others.length]].filter(
      (p) => p !== site.path && p !== site.definedIn,
    );
    const tab = (p: string): ContextFile => ({ path: p, text: files.get(p)! });
    for (const [key, tabs] of [
      ['openTab', [tab(site.definedIn), ...distractors.map(tab)]],
      ['importedOnly', distractors.map(tab)],
    ] as const) {
      const context = new CrossFileContext({ source: standIn(site, tabs), budgetTokens: () => budgetTokens, timer: () => () => undefined });
      // As in the editor: the choice starts when the file's editor becomes active (the first request in
      // a newly opened file goes with tabs and edits only), and the request comes once it has landed.
      context.prepare(query);
      await new Promise((resolve) => setImmediate(resolve));
      const header = await context.header(query);
      if (header.includes(`// ${definingLine}\n`)) results[key]++;
      else if (misses.length < 10)
        misses.push({ site: `${site.path}:${site.text.slice(0, site.offset).split('\n').length}`, name: site.name, case: key });
    }
    // (c)–(e) The name half typed (`const sum = judgeCompute|`) into a block whose context was chosen before.
    const typed = site.name.slice(0, Math.max(3, Math.ceil(site.name.length / 2)));
    if (typed.length < site.name.length) {
      partialSites++;
      const partial: ContextQuery = {
        ...query,
        text: site.text.slice(0, site.offset) + typed + site.text.slice(site.offset),
        offset: site.offset + typed.length,
      };
      const definingText = files.get(site.definedIn)!;
      const line = declarationLine(definingText, site.name)!;
      const edited: ContextChunk = {
        path: site.definedIn,
        startLine: Math.max(0, line - 5),
        text: definingText
          .split('\n')
          .slice(Math.max(0, line - 5), line + 15)
          .join('\n'),
        kind: 'recent',
      };
      const symbols: ContextSource['symbols'] = async (q, name) =>
        startingWith(
          name,
          allDefinitions.filter((d) => d.path !== q.path),
        ).slice(0, SYMBOL_MATCHES);
      const noDefinitions = async () => undefined;
      for (const [key, source] of [
        [
          'partialOpenTab',
          { neighbours: () => ({ files: [tab(site.definedIn), ...distractors.map(tab)], chunks: [] }), definitions: noDefinitions },
        ],
        ['partialRecentlyEdited', { neighbours: () => ({ files: distractors.map(tab), chunks: [edited] }), definitions: noDefinitions }],
        [
          'partialWorkspaceSymbols',
          { neighbours: () => ({ files: distractors.map(tab), chunks: [] }), definitions: noDefinitions, symbols },
        ],
      ] as Array<[keyof typeof partialResults, ContextSource]>) {
        const context = new CrossFileContext({ source, budgetTokens: () => budgetTokens, timer: () => () => undefined });
        context.prepare(query);
        await context.header(query); // the block's choice, made before the name was typed
        await new Promise((resolve) => setImmediate(resolve));
        let header = await context.header(partial);
        if (key === 'partialWorkspaceSymbols') {
          await new Promise((resolve) => setImmediate(resolve)); // the search lands; the next keystroke's request
          header = await context.header(partial);
        }
        if (header.includes(`// ${definingLine}\n`)) partialResults[key]++;
        else if (misses.length < 10)
          misses.push({ site: `${site.path}:${site.text.slice(0, site.offset).split('\n').length}`, name: site.name, case: key });
      }
    }
  }

  const share = (n: number) => Math.round((n / picked.length) * 1000) / 1000;
  console.log(
    JSON.stringify(
      {
        repository: `undici ${JSON.parse(readFileSync(join(root, '../package.json'), 'utf8')).version} (node_modules/undici/lib, ${files.size} files, MIT)`,
        sitesFound: sites.length,
        sites: picked.length,
        contextTokens: budgetTokens,
        recall: {
          definingFileOpenInTab: share(results.openTab),
          onlyImported: share(results.importedOnly),
        },
        // Of the sites whose name is longer than what is typed (half of it, at least 3 characters).
        partialIdentifierRecall: Object.fromEntries(
          Object.entries(partialResults).map(([key, n]) => [key, partialSites ? Math.round((n / partialSites) * 1000) / 1000 : null]),
        ),
        partialIdentifierSites: partialSites,
        targets: {
          definingFileOpenInTab: '≥ 0.8',
          onlyImported: '≥ 0.5',
          partialOpenTab: '≥ 0.9',
          partialRecentlyEdited: '≥ 0.6',
          partialWorkspaceSymbols: '≥ 0.6',
        },
        firstMisses: misses,
      },
      null,
      2,
    ),
  );
}

void main();
