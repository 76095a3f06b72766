import type { ParsedDocument } from './parsing.types';

export interface WorkerInput {
  bytes: ArrayBuffer;
  maxPages?: number;
}

export type WorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; doc: ParsedDocument }
  | { type: 'failed'; reason: string }
  | { type: 'crashed'; message: string };
