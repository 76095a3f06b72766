import type { ChunkOptions } from './chunker';
import type { ChunkedDocument, ParsedDocument } from './parsing.types';

export interface WorkerInput {
  bytes: ArrayBuffer;
  maxPages?: number;
  /** Chunk in the worker too, and send the passages back instead of the sections. */
  chunk?: ChunkOptions;
}

export type WorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: ParsedDocument | ChunkedDocument }
  | { type: 'failed'; reason: string }
  | { type: 'crashed'; message: string };
