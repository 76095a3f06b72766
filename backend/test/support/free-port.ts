import { createServer } from 'node:net';

/**
 * Ports for the servers the tests start by number (a backend process, a fake that runs in a child
 * process, an address where nothing answers). A port the OS picked (`listen(0)`) and gave back is
 * free for anyone: another worker's server listening on port 0 could be handed it before the
 * process the test starts binds it, and the test then talks to that server (the likeliest cause
 * of a backend spec's ECONNREFUSED right after its backend answered /api/health). These come from
 * below the OS' ephemeral range (32768 and up on Linux), where `listen(0)` never lands, in a block
 * of its own for each Jest worker, and each one is checked free by binding it.
 */
const FIRST_PORT = 20_000;
const PORTS_PER_WORKER = 1_000;
const WORKER_BLOCKS = 12;

const worker = (Number(process.env.JEST_WORKER_ID ?? 1) - 1) % WORKER_BLOCKS;
const blockStart = FIRST_PORT + worker * PORTS_PER_WORKER;
let next = 0;

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on now, that no server asking the OS for any port will be given. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_WORKER; tries += 1) {
    const port = blockStart + (next % PORTS_PER_WORKER);
    next += 1;
    if (await bindable(port)) return port;
  }
  throw new Error(`No hay puertos libres entre ${blockStart} y ${blockStart + PORTS_PER_WORKER - 1}`);
}
