// An MCP tool result as the model gets it and as the card shows it. Text parts are joined; with no
// text, `structuredContent` is sent as JSON. Everything is capped as read_file's output is, so a huge
// result neither freezes the view nor floods the next request. The result is the server's data: it is
// shown and sent, never acted on by Tandem.
import type { McpResultPart } from '../../shared/protocol';

/** As read_file: more is a result nobody reads, and it would fill the next request. */
export const MAX_MCP_RESULT_CHARS = 60_000;
/** An image larger than this is not shown (its size is). */
const MAX_MCP_IMAGE_BYTES = 2 * 1024 * 1024;
const MAX_PARTS = 50;

/** The parts of a tools/call result Tandem reads (the SDK's CallToolResult, loosely). */
export interface McpCallResult {
  content?: ReadonlyArray<Record<string, unknown>>;
  structuredContent?: unknown;
  isError?: boolean;
}

export interface McpResultText {
  /** What the model receives. */
  text: string;
  /** What the card shows. */
  parts: McpResultPart[];
  isError: boolean;
}

function cap(text: string, max = MAX_MCP_RESULT_CHARS): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return `${text.slice(0, cut)}\n… [cut: the result has ${text.length} characters; only the first ${cut} are shown]`;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function mcpResultText(result: McpCallResult, service: 'A' | 'B'): McpResultText {
  const texts: string[] = [];
  const parts: McpResultPart[] = [];
  const content = Array.isArray(result.content) ? result.content : [];
  let budget = MAX_MCP_RESULT_CHARS;
  const take = (text: string) => {
    const kept = cap(text, Math.max(0, budget));
    budget -= kept.length;
    return kept;
  };
  for (const part of content.slice(0, MAX_PARTS)) {
    if (part.type === 'text') {
      const text = take(str(part.text));
      texts.push(text);
      parts.push({ kind: 'text', text });
    } else if (part.type === 'image') {
      const data = str(part.data);
      const bytes = Math.floor((data.length * 3) / 4);
      const mimeType = str(part.mimeType) || 'image/png';
      const shown = bytes <= MAX_MCP_IMAGE_BYTES && /^image\/(png|jpeg|gif|webp)$/.test(mimeType);
      parts.push({ kind: 'image', mimeType, bytes, ...(shown ? { data } : {}) });
      texts.push(
        service === 'A'
          ? `[An image (${mimeType}, ${bytes} bytes) was shown to the user.]`
          : `[An image (${mimeType}, ${bytes} bytes) was shown to the user; Service B reads text only.]`,
      );
    } else if (part.type === 'resource' && typeof part.resource === 'object' && part.resource) {
      const r = part.resource as Record<string, unknown>;
      const text = typeof r.text === 'string' ? take(r.text) : undefined;
      parts.push({ kind: 'resource', uri: str(r.uri), mimeType: str(r.mimeType), ...(text !== undefined ? { text } : {}) });
      texts.push(
        text !== undefined ? `[Resource ${str(r.uri)}]\n${text}` : `[Resource ${str(r.uri)} (${str(r.mimeType) || 'binary'}), not text]`,
      );
    } else if (part.type === 'resource_link') {
      parts.push({ kind: 'link', uri: str(part.uri), name: str(part.name) || str(part.uri) });
      texts.push(`[Resource link: ${str(part.name) || str(part.uri)} ${str(part.uri)}]`);
    } else {
      texts.push(`[A ${String(part.type)} part, not shown]`);
    }
  }
  if (content.length > MAX_PARTS) texts.push(`[${content.length - MAX_PARTS} more parts not shown]`);
  const hasText = content.some((p) => p.type === 'text');
  if (!hasText && result.structuredContent !== undefined) {
    const json = take(JSON.stringify(result.structuredContent, null, 2) ?? '');
    texts.unshift(json);
    parts.unshift({ kind: 'text', text: json });
  }
  return { text: texts.join('\n') || '(no content)', parts, isError: result.isError === true };
}
