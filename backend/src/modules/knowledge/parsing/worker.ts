import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import type { ChunkOptions } from './chunker';
import type { ChunkedDocument, ParsedDocument } from './parsing.types';
import { DocumentParseError } from './parsing.types';
import type { ParseOptions } from './parse-document';
import type { WorkerInput, WorkerMessage } from './worker-protocol';

const logger = new Logger('KnowledgeParsing');

/** A document still parsing after this long fails (a pathological PDF must not hold a worker for ever). */
export const DEFAULT_PARSE_TIMEOUT_MS = 120_000;

export interface WorkerParseOptions extends ParseOptions {
  timeoutMs?: number;
}

/**
 * How the worker file is found. From dist/ (tsc → dist/backend), parse.worker.js sits beside this
 * file and runs as it is. Under jest (@swc/jest compiles in memory; there is no .js on disk) only
 * parse.worker.ts exists: the worker then starts from a few lines of eval'd JavaScript that compile
 * .ts files with @swc/core (a devDependency, the compiler jest already uses) as they are required,
 * and require the .ts entry. We chose this over parsing inline under jest so that the specs run the
 * very thread, messages and time limit the server runs (and because pdf.js's dynamic import() only
 * works outside jest's module sandbox); and over a separate compile step, which a spec could forget.
 */
function workerEntry(): { file: string; eval: boolean } {
  const compiled = join(__dirname, 'parse.worker.js');
  if (existsSync(compiled)) return { file: compiled, eval: false };
  const source = join(__dirname, 'parse.worker.ts');
  const bootstrap = `
    const { createRequire } = require('node:module');
    const { readFileSync } = require('node:fs');
    const entry = ${JSON.stringify(source)};
    const { transformSync } = createRequire(entry)('@swc/core');
    require.extensions['.ts'] = (module, filename) => {
      const { code } = transformSync(readFileSync(filename, 'utf8'), {
        filename,
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      });
      module._compile(code, filename);
    };
    require(entry);
  `;
  return { file: bootstrap, eval: true };
}

/**
 * parseDocument on a worker thread, so a 200-page PDF never blocks the server's event loop: same
 * result and errors, progress forwarded, and a time limit after which the thread is ended and the
 * document fails. The caller's bytes are copied, never detached.
 */
export function parseDocumentInWorker(bytes: Uint8Array, options: WorkerParseOptions = {}): Promise<ParsedDocument> {
  return runInWorker<ParsedDocument>(bytes, options);
}

/**
 * parseDocumentInWorker and chunkDocument in the same thread: only the passages come back, so a
 * 20 MB document's chunking (up to a few hundred ms) and its sections' copy stay off the event loop too.
 */
export function parseAndChunkInWorker(
  bytes: Uint8Array,
  options: WorkerParseOptions & { chunk?: ChunkOptions } = {},
): Promise<ChunkedDocument> {
  return runInWorker<ChunkedDocument>(bytes, options, options.chunk ?? {});
}

/**
 * At most this many parser threads at once in a process (each may take up to 512 MB); more wait
 * their turn, and their time limit starts when they do.
 */
export const MAX_PARALLEL_PARSES = Math.max(1, Math.min(4, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line (running stays the same), or is freed.
    if (next) next();
    else running--;
  }
}

function runInWorker<T>(bytes: Uint8Array, options: WorkerParseOptions, chunk?: ChunkOptions): Promise<T> {
  // A copy to transfer, made now: a Buffer's slice() is a view on a shared pool, whose transfer would
  // detach it, and the caller may reuse its bytes while this waits its turn.
  const copy = new Uint8Array(bytes).buffer;
  return inTurn(() => startWorker<T>(copy, options, chunk));
}

function startWorker<T>(copy: ArrayBuffer, options: WorkerParseOptions, chunk?: ChunkOptions): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS;
  const input: WorkerInput = { bytes: copy, maxPages: options.maxPages, chunk };
  const entry = workerEntry();
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(entry.file, {
      eval: entry.eval,
      workerData: input,
      transferList: [copy],
      // A document that makes the parser balloon fails alone instead of taking the server's memory.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new DocumentParseError('El documento ha tardado demasiado en procesarse y se ha cancelado.'))),
      timeoutMs,
    );
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') options.onProgress?.(message.done, message.total);
      else if (message.type === 'done') finish(() => resolve(message.result as T));
      else if (message.type === 'failed') finish(() => reject(new DocumentParseError(message.reason)));
      // A parser library that throws something unexpected on this file: the file is what is wrong
      // (it will throw again on a retry), so the document fails with a reason, not the ingestion.
      else {
        logger.warn(`Document parser threw: ${message.message}`);
        finish(() => reject(new DocumentParseError('No se ha podido leer el documento: el archivo parece dañado.')));
      }
    });
    worker.on('error', (error) => {
      const memory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(() =>
        reject(memory ? new DocumentParseError('El documento necesita demasiada memoria para procesarse.') : error),
      );
    });
    worker.on('exit', (code) => finish(() => reject(new Error(`Document parser exited with code ${code}`))));
  });
}
