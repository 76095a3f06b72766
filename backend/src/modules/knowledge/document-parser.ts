import { chunkDocument, detectKnowledgeType, parseDocumentInWorker } from './parsing';
import type { KnowledgeMimeType, ParsedDocument, ParseProgress, Passage } from './parsing/parsing.types';

/**
 * What ingestion needs of parsing (./parsing, whose contract is parsing.types.ts): the format by
 * content, the document's text by structure (off the event loop), and its passages. A port so that
 * a test can hold a document mid-ingestion (a restart) without a slow file.
 */
export abstract class DocumentParser {
  /** The format the bytes are, or null when none of those a knowledge base takes. */
  abstract detect(bytes: Buffer): KnowledgeMimeType | null;
  /** Rejects with DocumentParseError (its Spanish reason) when the document cannot be read. */
  abstract parse(bytes: Buffer, onProgress: ParseProgress): Promise<ParsedDocument>;
  abstract chunk(document: ParsedDocument): Passage[];
}

/** Parsing's own functions: a worker thread for the parse. */
export class StructuredDocumentParser extends DocumentParser {
  detect(bytes: Buffer): KnowledgeMimeType | null {
    return detectKnowledgeType(bytes);
  }

  parse(bytes: Buffer, onProgress: ParseProgress): Promise<ParsedDocument> {
    // A plain Uint8Array of its own: a small Buffer is a view into Node's shared pool, whose whole
    // ArrayBuffer Buffer#slice() (a view, unlike Uint8Array#slice) would hand the worker.
    return parseDocumentInWorker(new Uint8Array(bytes), { onProgress });
  }

  chunk(document: ParsedDocument): Passage[] {
    return chunkDocument(document);
  }
}
