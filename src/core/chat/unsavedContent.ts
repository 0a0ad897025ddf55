// Sensitive text (a `.env` the user let the model read, a sensitive file attached) goes to the model in
// the requests of the answer it was given for, and nowhere else: the chat, which the store saves and
// the view shows, holds a placeholder instead. Later turns, retries and reopened chats send that
// placeholder too (our choice, the safest): the secret leaves the machine for one answer only, and what
// the model is told of the past is exactly what was saved. Where the model quotes the secret in its
// answer, the quoted pieces are replaced as well before the answer is kept (a model that rewrites or
// encodes it is not caught: that text is the model's).
import type { ChatMessage } from '../services/wireTypes';
import type { Attachment, UserTurn } from '../../shared/protocol';

export function notKeptPlaceholder(what: string): string {
  return `[content of ${what} not kept in chat history]`;
}

/** An attachment as saved and shown: a sensitive one keeps its chip but not its text. */
export function keptAttachment(attachment: Attachment): Attachment {
  return attachment.sensitive && attachment.text !== undefined ? { ...attachment, text: notKeptPlaceholder(attachment.label) } : attachment;
}

/**
 * Pieces of text a quote is recognised by: runs of 8 or more characters between spaces and the
 * punctuation that surrounds values (`KEY=value`, `"value"`, `**value**`). Shorter runs are too common to remove.
 */
const PIECE = /[^\s=:"'`,;*()[\]{}<>|]{8,}/g;

/** The sensitive text of one answer in progress, put back only into that answer's requests. */
export class UnsavedContent {
  private readonly attachments = new Map<string, Attachment[]>();
  /** Tool messages of this answer (as saved, by identity) and the results they stand for. */
  private readonly toolResults = new Map<ChatMessage, string>();
  /** Each piece of sensitive text, and the placeholder that replaces a quote of it. */
  private readonly pieces = new Map<string, string>();

  /** A user turn's attachments as saved; the ones sent are held here for this answer. */
  keepAttachments(turnId: string, attachments: Attachment[]): Attachment[] {
    const kept = attachments.map(keptAttachment);
    if (kept.some((a, i) => a !== attachments[i])) this.attachments.set(turnId, attachments);
    for (const a of attachments) if (a.sensitive && a.text) this.addPieces(a.text, a.label);
    return kept;
  }

  /** `saved` is the tool message in the chat (a placeholder); this answer sends `result` in its place. */
  keepToolResult(saved: ChatMessage, result: string, what: string): void {
    this.toolResults.set(saved, result);
    this.addPieces(result, what);
  }

  /** Model text as kept: every quoted piece of this answer's sensitive text replaced by its placeholder. */
  redact(text: string): string {
    if (this.pieces.size === 0) return text;
    return text.replace(PIECE, (piece) => this.pieces.get(piece) ?? piece);
  }

  /** The user turn as this answer sends it. */
  sentTurn(turn: UserTurn): UserTurn {
    const attachments = this.attachments.get(turn.id);
    return attachments ? { ...turn, attachments } : turn;
  }

  private addPieces(text: string, what: string): void {
    for (const [piece] of text.matchAll(PIECE)) this.pieces.set(piece, notKeptPlaceholder(what));
  }

  /** This answer's wire messages as sent: placeholders replaced by the results they stand for. */
  sentWire(wire: ChatMessage[]): ChatMessage[] {
    if (this.toolResults.size === 0) return wire;
    return wire.map((m) => {
      const result = this.toolResults.get(m);
      return result === undefined ? m : { ...m, content: result };
    });
  }
}
