// What the header's rules chip says: plain text, no DOM, so it is unit-tested in Node.
import type { RulesFileView } from '../../shared/protocol';

export interface RulesChipView {
  /** "Rules: AGENTS.md", "Rules: none used", "Rules: not sent (Restricted Mode)". */
  label: string;
  /** Every file's path, size and state. */
  tooltip: string;
  /** What each file sent says, shown when the chip is clicked: the repository's words the model reads. */
  texts: Array<{ heading: string; text: string }>;
}

/** The rules chip: which files are sent, a tooltip with every file's state, and the text sent. */
export function rulesChip(files: readonly RulesFileView[]): RulesChipView | undefined {
  if (files.length === 0) return undefined;
  const used = files.filter((f) => f.status === 'used' || f.status === 'cut');
  const untrusted = files.some((f) => f.status === 'untrusted');
  const none = untrusted ? 'not sent (Restricted Mode)' : 'none used';
  const label = `Rules: ${used.length > 0 ? used.map((f) => f.path).join(', ') : none}`;
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
      case 'untrusted':
        return `${f.path}: not sent: this workspace is not trusted (Restricted Mode)`;
    }
  });
  const texts = used
    .filter((f) => f.text !== undefined)
    .map((f) => ({ heading: f.status === 'cut' ? `${f.path} ${f.note ?? '(cut)'}` : f.path, text: f.text ?? '' }));
  const head =
    untrusted && used.length === 0
      ? 'Project rules (tandem.chat.projectRules), not sent in Restricted Mode:'
      : "Project rules sent with every message as the repository's words, not yours (tandem.chat.projectRules):";
  const tail = texts.length > 0 ? ['Click to read the text sent.'] : [];
  return { label, tooltip: [head, ...lines, ...tail].join('\n'), texts };
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}
