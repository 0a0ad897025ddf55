// What the header's rules chip says: plain text, no DOM, so it is unit-tested in Node.
import type { RulesFileView } from '../shared/protocol';

/** The rules chip: which files are sent ("Rules: AGENTS.md"), and a tooltip with every file's path, size and state. */
export function rulesChip(files: readonly RulesFileView[]): { label: string; tooltip: string } | undefined {
  if (files.length === 0) return undefined;
  const used = files.filter((f) => f.status === 'used' || f.status === 'cut');
  const label = `Rules: ${used.length > 0 ? used.map((f) => f.path).join(', ') : 'none used'}`;
  const lines = files.map((f) => {
    const size = formatBytes(f.bytes);
    switch (f.status) {
      case 'used':
        return `${f.path} (${size})`;
      case 'cut':
        return `${f.path} (${size}) ${f.note ?? '(cut)'}`;
      case 'sensitive':
        return `${f.path}: not used: sensitive`;
      case 'unreadable':
        return `${f.path}: not used: ${f.note ?? 'unreadable'}`;
    }
  });
  return { label, tooltip: ['Project rules sent with every message (tandem.chat.projectRules):', ...lines].join('\n') };
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}
