// The application shell: what the framework, the security headers and the logger cost per
// request, against a bare node:http server sending the same bytes.
import { measure, printTable } from './lib/load.mjs';
import { startBackend, startBareServer } from './lib/servers.mjs';

export async function run({ seconds }) {
  const backend = await startBackend(3301);
  const configBody = await (await fetch(`${backend.url}/api/config`)).text();
  const bare = await startBareServer(3302, configBody);
  try {
    const reference = await measure(bare.url, { seconds, title: 'node:http, mismos bytes' });
    const rows = [
      reference,
      await measure(`${backend.url}/api/config`, { seconds, title: 'GET /api/config (sin base de datos)' }),
      await measure(`${backend.url}/api/health`, { seconds, title: 'GET /api/health (SELECT 1)' }),
    ];
    console.log('\nEsqueleto: 64 conexiones');
    printTable(rows, reference);
    return rows;
  } finally {
    await Promise.all([backend.stop(), bare.stop()]);
  }
}
