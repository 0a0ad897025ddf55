// What `vscode/` gathers for cross-file completion context, and the interface it implements: the
// material is raw (whole open files, chunks, definitions); ranking, budgeting and ordering are core's.

/** A file open in a tab, whole. */
export interface ContextFile {
  /** Workspace-relative path, `/`-separated: it is shown to the model. */
  path: string;
  text: string;
}

type ContextChunkKind = 'window' | 'recent' | 'definition';

/** Lines of another file. */
export interface ContextChunk {
  path: string;
  /** 0-based line of `text`'s first line in its file: with the path, the chunk's stable key. */
  startLine: number;
  text: string;
  kind: ContextChunkKind;
}

/** A definition, with the name it declares. */
export interface NamedDefinition extends ContextChunk {
  name: string;
}

/** The document a completion is asked for. */
export interface ContextQuery {
  path: string;
  text: string;
  offset: number;
  languageId: string;
}

export interface ContextSource {
  /** Open tabs and recently edited chunks of files other than `query.path`; sensitive files already left out. */
  neighbours(query: ContextQuery): { files: ContextFile[]; chunks: ContextChunk[] };
  /**
   * Definitions, in other files, of the symbols at these offsets of the current document, each passed
   * to `found` as it resolves (the caller stops listening when its time box ends or `signal` aborts).
   */
  definitions(query: ContextQuery, offsets: readonly number[], found: (chunk: ContextChunk) => void, signal: AbortSignal): Promise<void>;
  /**
   * Definitions, in the workspace's files other than `query.path`, of names that start with `partial`
   * (the workspace's symbol search): the identifier being typed, whose file may be neither open nor imported.
   */
  symbols?(query: ContextQuery, partial: string, signal: AbortSignal): Promise<NamedDefinition[]>;
}
