// Servers under test run in child processes so that the load generator (this process) and the
// server each get their own core, as they would on separate machines.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

async function waitForUrl(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`El servidor no respondió en ${url}`);
}

async function waitForListening(port, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`Nada escucha en el puerto ${port}`);
}

/** Resolves once `stream` has printed a line matching `pattern` (and keeps draining it after). */
function waitForLine(stream, pattern, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`El servidor no escribió ${pattern}`)), timeoutMs);
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      if (buffered === null) return;
      buffered += text;
      if (pattern.test(buffered)) {
        buffered = null;
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

function stopper(child, cleanup = () => {}) {
  return () =>
    new Promise((resolve) => {
      child.once('exit', () => {
        cleanup();
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** The real backend (built), on a fresh embedded database unless `env` says otherwise. */
export async function startBackend(port, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'nova-bench-'));
  const childEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env };
  const clustered = Number(childEnv.WEB_CONCURRENCY ?? 1) > 1;
  const child = spawn(process.execPath, [join(root, 'dist/backend/main.js')], {
    cwd: root,
    env: childEnv,
    // A cluster's primary says on stdout when every worker listens (backend/src/cluster.ts).
    stdio: ['ignore', clustered ? 'pipe' : 'ignore', 'inherit'],
  });
  const everyWorkerListening = clustered ? waitForLine(child.stdout, /procesos del backend escuchando/) : null;
  await waitForUrl(`http://127.0.0.1:${port}/api/health`);
  // The first worker answers alone until the others have started: measure none of that.
  await everyWorkerListening;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    dataDir,
    stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/** The OpenAI-compatible fake model (test/fakes) in a process of its own. */
export async function startOpenAiFakeProcess(port, { chunks, intervalMs }) {
  const fakeModule = join(root, 'test/fakes/openai-compatible.mjs');
  const source = `import(${JSON.stringify(fakeModule)}).then((fake) => fake.startOpenAiFake(${port}, ${JSON.stringify({ chunks, intervalMs })}));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}/v1`;
  await waitForListening(port);
  return { url, stop: stopper(child) };
}

/** A bare node:http server that answers every request with `body`: the machine's ceiling. */
export async function startBareServer(port, body) {
  const source = `
    const body = Buffer.from(${JSON.stringify(body)});
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForUrl(`http://127.0.0.1:${port}/`);
  return { url: `http://127.0.0.1:${port}`, stop: stopper(child) };
}
