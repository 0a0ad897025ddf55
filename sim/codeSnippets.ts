// Code blocks for chat answers: a topic-specific snippet when the question names a known topic,
// otherwise a small generic function named after the question's keywords.

type LangId = 'ts' | 'js' | 'python' | 'go' | 'rust' | 'java' | 'bash' | 'sql';

export interface LangInfo {
  id: LangId;
  fence: string;
  label: string;
}

const LANGS: Readonly<Record<LangId, LangInfo>> = {
  ts: { id: 'ts', fence: 'ts', label: 'TypeScript' },
  js: { id: 'js', fence: 'js', label: 'JavaScript' },
  python: { id: 'python', fence: 'python', label: 'Python' },
  go: { id: 'go', fence: 'go', label: 'Go' },
  rust: { id: 'rust', fence: 'rust', label: 'Rust' },
  java: { id: 'java', fence: 'java', label: 'Java' },
  bash: { id: 'bash', fence: 'bash', label: 'Bash' },
  sql: { id: 'sql', fence: 'sql', label: 'SQL' },
};

export function detectLanguage(text: string): LangInfo {
  const t = text.toLowerCase();
  if (/\b(typescript|ts|tsx|deno)\b/.test(t)) return LANGS.ts;
  if (/\b(javascript|js|node(\.js)?|npm|react)\b/.test(t)) return LANGS.js;
  if (/\b(python|py|pip|django|flask|pandas)\b/.test(t)) return LANGS.python;
  if (/\b(golang|goroutines?)\b|\bin go\b|\bgo (code|function|program|module)\b/.test(t)) return LANGS.go;
  if (/\b(rust|cargo|crate)\b/.test(t)) return LANGS.rust;
  if (/\bjava\b/.test(t)) return LANGS.java;
  if (/\b(bash|shell|zsh|terminal|command line)\b/.test(t)) return LANGS.bash;
  if (/\b(sql|postgres|mysql|sqlite|query)\b/.test(t)) return LANGS.sql;
  return LANGS.ts;
}

function camelCase(words: readonly string[]): string {
  const clean = words.map((w) => w.toLowerCase().replace(/[^a-z0-9]/g, '')).filter((w) => w !== '');
  if (clean.length === 0) return 'handleRequest';
  return clean.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

function snakeCase(words: readonly string[]): string {
  const clean = words.map((w) => w.toLowerCase().replace(/[^a-z0-9]/g, '')).filter((w) => w !== '');
  return clean.length === 0 ? 'handle_request' : clean.join('_');
}

type Snippets = Partial<Record<LangId, string>>;

const TOPICS: ReadonlyArray<{ match: RegExp; code: Snippets }> = [
  {
    match: /debounc|throttl/,
    code: {
      ts: `export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), waitMs);
  };
}`,
      js: `function debounce(fn, waitMs) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), waitMs);
  };
}`,
      python: `import threading

def debounce(wait_s):
    def decorator(fn):
        timer = None
        def wrapper(*args, **kwargs):
            nonlocal timer
            if timer is not None:
                timer.cancel()
            timer = threading.Timer(wait_s, fn, args, kwargs)
            timer.start()
        return wrapper
    return decorator`,
    },
  },
  {
    match: /fetch|http|request|api|download/,
    code: {
      ts: `export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) {
    throw new Error(\`GET \${url} failed: \${res.status} \${res.statusText}\`);
  }
  return (await res.json()) as T;
}`,
      python: `import json
import urllib.request

def fetch_json(url: str, timeout_s: float = 10.0) -> dict:
    with urllib.request.urlopen(url, timeout=timeout_s) as res:
        if res.status != 200:
            raise RuntimeError(f"GET {url} failed: {res.status}")
        return json.load(res)`,
      go: `func fetchJSON(ctx context.Context, url string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, res.Status)
	}
	return json.NewDecoder(res.Body).Decode(out)
}`,
    },
  },
  {
    match: /sort|order|rank/,
    code: {
      ts: `export function sortBy<T>(items: readonly T[], key: (item: T) => number | string): T[] {
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}`,
      python: `def sort_by(items, key):
    """Return a new list ordered by key, leaving the input untouched."""
    return sorted(items, key=key)`,
      go: `sort.Slice(items, func(i, j int) bool {
	return items[i].Name < items[j].Name
})`,
    },
  },
  {
    match: /file|read|write|disk|path/,
    code: {
      ts: `import { readFile } from 'node:fs/promises';

export async function readLines(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8');
  return text.split(/\\r?\\n/).filter((line) => line.trim() !== '');
}`,
      python: `from pathlib import Path

def read_lines(path: str) -> list[str]:
    text = Path(path).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip()]`,
      go: `func readLines(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return strings.Split(strings.TrimSpace(string(data)), "\\n"), nil
}`,
    },
  },
  {
    match: /retry|backoff|resilien/,
    code: {
      ts: `export async function withRetry<T>(run: () => Promise<T>, attempts = 3, baseMs = 200): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, baseMs * 2 ** (attempt - 1)));
    }
  }
}`,
      python: `import time

def with_retry(run, attempts=3, base_s=0.2):
    for attempt in range(1, attempts + 1):
        try:
            return run()
        except Exception:
            if attempt == attempts:
                raise
            time.sleep(base_s * 2 ** (attempt - 1))`,
    },
  },
];

function genericSnippet(lang: LangId, words: readonly string[]): string {
  const fn = camelCase(words);
  const snake = snakeCase(words);
  const topic = words.join(' ') || 'input';
  switch (lang) {
    case 'python':
      return `def ${snake}(items: list[str]) -> list[str]:
    """Return the ${topic} items without blanks or duplicates."""
    seen: set[str] = set()
    result = []
    for item in items:
        key = item.strip().lower()
        if key and key not in seen:
            seen.add(key)
            result.append(item)
    return result`;
    case 'go':
      return `func ${fn}(items []string) []string {
	seen := make(map[string]bool)
	var result []string
	for _, item := range items {
		key := strings.ToLower(strings.TrimSpace(item))
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		result = append(result, item)
	}
	return result
}`;
    case 'rust':
      return `fn ${snake}(items: &[String]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    items
        .iter()
        .filter(|item| seen.insert(item.trim().to_lowercase()))
        .cloned()
        .collect()
}`;
    case 'java':
      return `static List<String> ${fn}(List<String> items) {
    Set<String> seen = new HashSet<>();
    List<String> result = new ArrayList<>();
    for (String item : items) {
        if (seen.add(item.trim().toLowerCase())) result.add(item);
    }
    return result;
}`;
    case 'bash':
      return `#!/usr/bin/env bash
set -euo pipefail
# ${topic}
sort -u "\${1:-/dev/stdin}" | grep -v '^[[:space:]]*$'`;
    case 'sql':
      return `SELECT DISTINCT name, COUNT(*) AS uses
FROM items
WHERE name <> ''
GROUP BY name
ORDER BY uses DESC;`;
    default:
      return `export function ${fn}(items: readonly string[]): string[] {
  const seen = new Set<string>(); // ${topic}: keep the first of each
  return items.filter((item) => {
    const key = item.trim().toLowerCase();
    return key !== '' && !seen.has(key) && Boolean(seen.add(key));
  });
}`;
  }
}

export function codeFor(lang: LangInfo, text: string, words: readonly string[]): string {
  const t = text.toLowerCase();
  for (const topic of TOPICS) {
    if (!topic.match.test(t)) continue;
    const code = topic.code[lang.id];
    if (code) return code;
  }
  return genericSnippet(lang.id, words);
}
