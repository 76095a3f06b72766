// Document parsing for agents' knowledge: bytes → text by structure → passages. See parsing.types.ts.
export * from './parsing.types';
export { detectKnowledgeType } from './detect';
export { parseDocument, type ParseOptions } from './parse-document';
export { chunkDocument, DEFAULT_OVERLAP_CHARS, DEFAULT_TARGET_CHARS, type ChunkOptions } from './chunker';
export { parseAndChunkInWorker, parseDocumentInWorker, DEFAULT_PARSE_TIMEOUT_MS, MAX_PARALLEL_PARSES, type WorkerParseOptions } from './worker';
export { NO_TEXT_LAYER } from './pdf';
export { ACCEPTED_FORMATS } from './errors';
