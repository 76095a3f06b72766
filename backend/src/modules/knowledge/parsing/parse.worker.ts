// The worker thread's side of parseDocumentInWorker: parse the bytes it is given, post progress, then
// the document (or its passages) or the Spanish reason it failed.
import { parentPort, workerData } from 'node:worker_threads';
import { DocumentParseError } from './parsing.types';
import { chunkDocument } from './chunker';
import { parseDocument } from './parse-document';
import type { WorkerInput, WorkerMessage } from './worker-protocol';

const input = workerData as WorkerInput;
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

parseDocument(new Uint8Array(input.bytes), {
  maxPages: input.maxPages,
  onProgress: (done, total) => post({ type: 'progress', done, total }),
}).then(
  (doc) =>
    post({
      type: 'done',
      result: input.chunk ? { mimeType: doc.mimeType, pages: doc.pages, passages: chunkDocument(doc, input.chunk) } : doc,
    }),
  (error: unknown) =>
    post(
      error instanceof DocumentParseError
        ? { type: 'failed', reason: error.reason }
        : { type: 'crashed', message: error instanceof Error ? error.message : String(error) },
    ),
);
