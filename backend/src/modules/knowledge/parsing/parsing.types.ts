// The contract between parsing (bytes → text by structure → passages) and the knowledge module
// that stores, indexes and searches those passages. Parsing knows nothing of agents or databases.

/** Formats recognised by their content (magic bytes, structure), never by the file's name. */
export type KnowledgeMimeType =
  | 'application/pdf'
  | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  | 'text/plain'
  | 'text/markdown'
  | 'text/html'
  | 'text/csv';

/** A piece of the document as its structure gives it: a page's paragraph, a section under a heading, CSV rows. */
export interface ParsedSection {
  /** 1-based page for paginated formats (PDF); null where the format has no pages. */
  page: number | null;
  /** The nearest heading above this text, if the format has headings. */
  heading: string | null;
  text: string;
}

export interface ParsedDocument {
  mimeType: KnowledgeMimeType;
  /** Pages for a PDF; 1 for formats without pages. */
  pages: number;
  sections: ParsedSection[];
}

/** A passage as stored and searched: what the model is given and what a source cites. */
export interface Passage {
  /** 0-based order within its document. */
  ordinal: number;
  page: number | null;
  heading: string | null;
  text: string;
}

/** Why a document could not be read, in Spanish, as the 'Error: …' a builder sees. */
export class DocumentParseError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DocumentParseError';
  }
}

/** Parsing progress for 'Procesando 12 de 40 páginas'. */
export type ParseProgress = (done: number, total: number) => void;

/** A document parsed and chunked in one go (parseAndChunkInWorker): what ingestion stores. */
export interface ChunkedDocument {
  mimeType: KnowledgeMimeType;
  pages: number;
  passages: Passage[];
}
