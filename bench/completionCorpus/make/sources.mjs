// Real source files the corpus cuts its cases from. Nobody in this project wrote any of them.
// Reading them needs the shared node_modules, Python 3.11's standard library and a JDK src.zip.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const NODE_MODULES = process.env.CORPUS_NODE_MODULES || path.resolve(here, '../../../node_modules');
const PYTHON_LIB = process.env.CORPUS_PYTHON_LIB || '/usr/lib/python3.11';
const JDK_SRC_ZIP = process.env.CORPUS_JDK_SRC_ZIP || '/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip';

// language id -> files (source labels). `#tsxN` = the N-th ```tsx block of a markdown file.
export const FILES = {
  python: [
    'python3.11:json/decoder.py',
    'python3.11:json/encoder.py',
    'python3.11:textwrap.py',
    'python3.11:shlex.py',
    'python3.11:fnmatch.py',
    'python3.11:heapq.py',
    'python3.11:string.py',
    'python3.11:csv.py',
    'python3.11:queue.py',
    'python3.11:pprint.py',
    'python3.11:glob.py',
    'python3.11:bisect.py',
  ],
  javascript: [
    'npm:undici/lib/core/util.js',
    'npm:fastq/queue.js', // no semicolons (standard style)
    'npm:run-parallel/index.js', // no semicolons
    'npm:ora/index.js', // tab-indented
    'npm:p-map/index.js', // tab-indented
    'npm:debug/src/common.js', // tab-indented
    'npm:mocha/lib/utils.js',
    'npm:semver/classes/range.js',
    'npm:markdown-it/lib/renderer.mjs',
    'npm:markdown-it/lib/parser_inline.mjs',
    'npm:ms/index.js',
  ],
  typescript: [
    'npm:openai/src/core/streaming.ts',
    'npm:openai/src/core/error.ts',
    'npm:openai/src/core/pagination.ts',
    'npm:eventsource-parser/src/parse.ts',
    'npm:cheerio/src/utils.ts',
    'npm:cheerio/src/static.ts',
    'npm:dompurify/src/utils.ts',
    'npm:htmlparser2/src/Tokenizer.ts',
    'npm:editions/source/index.ts', // tab-indented, no semicolons
    'npm:version-range/source/index.ts', // tab-indented, no semicolons
  ],
  java: [
    'jdk:java.base/java/util/StringJoiner.java',
    'jdk:java.base/java/util/Objects.java',
    'jdk:java.base/java/util/Optional.java',
    'jdk:java.base/java/util/StringTokenizer.java',
    'jdk:java.base/java/lang/Boolean.java',
    'jdk:java.base/java/util/concurrent/atomic/AtomicInteger.java',
  ],
  typescriptreact: [
    'npm:playwright-core/lib/tools/skills/playwright-component-testing/references/gallery-spec.md#tsx1',
    'npm:playwright-core/lib/tools/skills/playwright-component-testing/references/react.md#tsx1',
    'npm:playwright-core/lib/tools/skills/playwright-component-testing/references/react.md#tsx2',
    'npm:playwright-core/lib/tools/skills/playwright-component-testing/references/react.md#tsx3',
    'npm:playwright-core/lib/tools/skills/playwright-component-testing/references/migration.md#tsx1',
    'npm:playwright-core/lib/tools/skills/playwright-component-testing/references/migration.md#tsx2',
    'npm:playwright-core/lib/tools/skills/playwright-component-testing/SKILL.md#tsx1',
    'npm:playwright-core/lib/tools/skills/playwright-component-testing/SKILL.md#tsx2',
  ],
};

function markdownBlock(text, lang, n) {
  const lines = text.split('\n');
  let count = 0;
  let inside = false;
  const out = [];
  for (const line of lines) {
    if (!inside && line.trim() === '```' + lang) {
      count++;
      inside = count === n;
      continue;
    }
    if (inside && line.trim() === '```') break;
    if (inside) out.push(line);
  }
  if (!out.length) throw new Error(`no ${lang} block ${n}`);
  return out.join('\n') + '\n';
}

const cache = new Map();
export function readSource(label) {
  if (cache.has(label)) return cache.get(label);
  let text;
  if (label.startsWith('npm:')) {
    const [p, frag] = label.slice(4).split('#');
    text = fs.readFileSync(path.join(NODE_MODULES, p), 'utf8');
    if (frag) {
      const m = /^([a-z]+)(\d+)$/.exec(frag);
      text = markdownBlock(text, m[1], Number(m[2]));
    }
  } else if (label.startsWith('python3.11:')) {
    text = fs.readFileSync(path.join(PYTHON_LIB, label.slice('python3.11:'.length)), 'utf8');
  } else if (label.startsWith('jdk:')) {
    text = execFileSync('unzip', ['-p', JDK_SRC_ZIP, label.slice(4)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  } else throw new Error('unknown source ' + label);
  text = text.replace(/\r\n/g, '\n');
  cache.set(label, text);
  return text;
}
