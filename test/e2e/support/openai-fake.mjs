// The chat end-to-end server: a fake OpenAI-compatible model that streams a fixed reply in
// chunks a few hundred milliseconds apart (so the spec can see it arrive), then the app itself
// (scripts/start.mjs) pointed at it through MODEL_PROVIDER=openai-compatible.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startOpenAiFake } from '../../fakes/openai-compatible.mjs';

const FAKE_REPLY_CHUNKS = ['Hola, ', 'soy el ', '**modelo de prueba**. ', 'Esta respuesta ', 'llega por partes ', 'y termina ', 'aquí.'];

const fake = await startOpenAiFake(Number(process.env.OPENAI_FAKE_PORT ?? 3121), {
  chunks: FAKE_REPLY_CHUNKS,
  intervalMs: Number(process.env.OPENAI_FAKE_DELAY_MS ?? 300),
});

process.env.MODEL_PROVIDER ??= 'openai-compatible';
process.env.OPENAI_BASE_URL ??= fake.url;
process.env.OPENAI_MODEL ??= 'fake';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
await import(pathToFileURL(join(root, 'scripts', 'start.mjs')).href);
