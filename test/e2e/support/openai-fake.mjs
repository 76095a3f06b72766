// The chat end-to-end server: a fake OpenAI-compatible model that streams a fixed reply in
// chunks a few hundred milliseconds apart (so the spec can see it arrive), then the app itself
// (scripts/start.mjs) pointed at it through MODEL_PROVIDER=openai-compatible.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startOpenAiFake } from '../../fakes/openai-compatible.mjs';

const FAKE_REPLY_CHUNKS = ['Hola, ', 'soy el ', '**modelo de prueba**. ', 'Esta respuesta ', 'llega por partes ', 'y termina ', 'aquí.'];

/** The agent creator's structured turn (schema 'borrador_de_agente'): a reply and a whole draft. */
export const FAKE_CREATOR_DRAFT = {
  name: 'Asesor de Alquileres',
  category: 'legal',
  description: 'Ayuda a inquilinos a entender su contrato de alquiler.',
  skills: ['Leer contratos', 'Explicar la fianza'],
  capabilities: ['Responder dudas sobre el contrato'],
  useCases: ['Revisar una cláusula antes de firmar'],
  systemPrompt: 'Eres un asesor de alquileres. Hablas con inquilinos con un tono cercano y claro.',
  price: 0,
  isPublic: false,
};

/** A conversation that mentions 'modelo local' gets prose instead of JSON, as a local model without structured output answers. */
const PLAIN_TEXT_MARKER = 'modelo local';

function structuredReply(schemaName, body) {
  const asked = (body?.messages ?? []).filter((message) => message.role === 'user').map((message) => message.content).join('\n');
  if (asked.includes(PLAIN_TEXT_MARKER)) return undefined;
  if (schemaName === 'borrador_de_agente') {
    return { reply: 'He preparado un borrador con lo que me has contado. ¿Quieres que sea público?', draft: FAKE_CREATOR_DRAFT };
  }
  return { reply: 'Lo haré más breve.', proposedPrompt: `${FAKE_CREATOR_DRAFT.systemPrompt} Responde en tres frases como máximo.` };
}

/**
 * An agent whose system prompt carries 'Firma: WORD' answers 'Firma WORD.', so that a spec sees
 * which prompt version a chat or a test run used.
 */
function replyFor(body) {
  const system = (body.messages ?? []).filter((message) => message.role === 'system').map((message) => message.content).join('\n');
  const signature = /Firma: (\w+)/.exec(system)?.[1];
  return signature ? ['Firma ', `${signature}.`] : undefined;
}

const fake = await startOpenAiFake(Number(process.env.OPENAI_FAKE_PORT ?? 3121), {
  chunks: FAKE_REPLY_CHUNKS,
  intervalMs: Number(process.env.OPENAI_FAKE_DELAY_MS ?? 300),
  structuredReply,
  replyFor,
});

process.env.MODEL_PROVIDER ??= 'openai-compatible';
process.env.OPENAI_BASE_URL ??= fake.url;
process.env.OPENAI_MODEL ??= 'fake';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
await import(pathToFileURL(join(root, 'scripts', 'start.mjs')).href);
