import { type ChildProcess, spawn } from 'node:child_process';
import { createServer as createHttp2Server, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { freePort } from '../../support/free-port';

const FAKE_MODULE = join(__dirname, '../../../../test/fakes/openai-compatible.mjs');

export interface EmbeddingsServer {
  /** `http://127.0.0.1:{port}/v1`: OPENAI_BASE_URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * The project's OpenAI-compatible fake (test/fakes/openai-compatible.mjs, an ES module jest cannot
 * import) in a child process: its /embeddings is what the adapter, the API specs and the benchmark
 * all use.
 */
export async function startOpenAiCompatibleFake(): Promise<EmbeddingsServer> {
  const port = await freePort();
  const source = `import(${JSON.stringify(FAKE_MODULE)}).then((fake) => fake.startOpenAiFake(${port}, { chunks: ['Hola.'], intervalMs: 1 })).then(() => console.log('listening'));`;
  const child: ChildProcess = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the OpenAI-compatible fake exited with ${code}`)));
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('listening')) resolve();
    });
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/** A port where nothing listens: a provider that is down. */
export async function downUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}/v1`;
}

export interface InvokeModelRequest {
  modelId: string;
  headers: Record<string, string | string[] | undefined>;
  body: { inputText?: string; dimensions?: number; normalize?: boolean };
}

export interface InvokeModelFake {
  /** `http://127.0.0.1:{port}`: BEDROCK_ENDPOINT. */
  url: string;
  requests: InvokeModelRequest[];
  /** Answers the next requests with this status and error type (x-amzn-ErrorType), or normally again with null. */
  fail(failure: { status: number; errorType: string } | null): void;
  close(): Promise<void>;
}

const INVOKE_MODEL = /^\/model\/([^/]+)\/invoke$/;

/**
 * Bedrock Runtime's InvokeModel for Titan Text Embeddings V2, as the SDK client reaches it with
 * `endpoint` set: HTTP/2 without TLS (its NodeHttp2Handler), `POST /model/{modelId}/invoke` with
 * `{ inputText, dimensions?, normalize }`, answering `{ embedding, inputTextTokenCount }`. The
 * vector is `vectorOf(inputText, dimensions)`; signatures are not checked.
 */
export async function startInvokeModelFake(vectorOf: (text: string, dimensions: number) => number[]): Promise<InvokeModelFake> {
  const requests: InvokeModelRequest[] = [];
  let failure: { status: number; errorType: string } | null = null;
  const sessions = new Set<ServerHttp2Session>();
  const server = createHttp2Server();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('request', (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const match = INVOKE_MODEL.exec(req.url.split('?')[0]);
      if (req.method !== 'POST' || !match) {
        res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'UnknownOperationException' });
        res.end(JSON.stringify({ message: 'Unknown operation' }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as InvokeModelRequest['body'];
      requests.push({ modelId: decodeURIComponent(match[1]), headers: { ...req.headers }, body });
      if (failure) {
        res.writeHead(failure.status, { 'content-type': 'application/json', 'x-amzn-errortype': failure.errorType });
        res.end(JSON.stringify({ message: `${failure.errorType} from the fake` }));
        return;
      }
      const text = body.inputText ?? '';
      res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-bedrock-input-token-count': '3' });
      res.end(JSON.stringify({ embedding: vectorOf(text, body.dimensions ?? 1024), inputTextTokenCount: text.split(/\s+/).length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail(next) {
      failure = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
