import { ZipFile } from 'yazl';
import type { ExportedConversation } from './data-export-read-model';

/** One file of the archive: its path inside the ZIP and its bytes (or text). */
export interface ArchiveEntry {
  path: string;
  content: Buffer | string;
}

/**
 * Writes the entries into one ZIP through yazl's stream (entries are compressed one after another
 * as the stream is read, never all held twice) and answers its bytes.
 */
export function zipEntries(entries: Iterable<ArchiveEntry>): Promise<Buffer> {
  const zip = new ZipFile();
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
  const mtime = new Date();
  for (const entry of entries) zip.addBuffer(Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content, 'utf8'), entry.path, { mtime });
  zip.end();
  return done;
}

export function jsonEntry(path: string, value: unknown): ArchiveEntry {
  return { path, content: `${JSON.stringify(value, null, 2)}\n` };
}

/** A name safe as one path segment in any system the ZIP is opened on. */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  return cleaned === '' ? fallback : cleaned;
}

/** A conversation as a person reads it: its title, then each message with who wrote it and when. */
export function conversationMarkdown({ conversation, messages }: ExportedConversation): string {
  const lines = [`# ${String(conversation.title)}`, '', `Creada el ${String(conversation.createdAt)}.`, ''];
  for (const message of messages) {
    const metadata = (message.metadata ?? {}) as { agentName?: string };
    const who = message.role === 'user' ? 'Tú' : (metadata.agentName ?? 'Asistente');
    lines.push(`## ${who} · ${String(message.timestamp)}`, '', String(message.content), '');
  }
  return lines.join('\n');
}

/** The README, in Spanish: what each file holds and what is left out and why. */
export function readme(generatedAt: Date, counts: Record<string, number>): string {
  return `# Tus datos

Esta es la exportación de todos tus datos, generada el ${generatedAt.toISOString()} (UTC) a petición tuya,
como recoge nuestra política de privacidad (derechos de acceso y portabilidad, artículos 15 y 20 del RGPD).
Los archivos .json se abren con cualquier editor de texto y los puede leer otro servicio; las conversaciones
están también en Markdown para leerlas cómodamente.

## Qué contiene

- \`perfil.json\`: tu cuenta (nombre, correo, nombre público, verificación en dos pasos), tus instrucciones
  para el asistente y tus datos de cliente y de creador en la pasarela de pago.
- \`conversaciones/\`: tus ${counts.conversations} conversaciones, cada una en JSON (con todos sus mensajes,
  modelos y tokens) y en Markdown.
- \`agentes/\`: tus ${counts.agents} agentes, cada uno en su carpeta con \`agente.json\` (sus datos, todas las
  versiones de su prompt, sus casos de prueba y sus resultados, sus herramientas sin credenciales y sus
  publicaciones como API) y \`conocimiento/\` con los documentos originales que le diste.
- \`ecosistemas.json\`: los ecosistemas que creaste, tus flujos de agentes y tus sesiones de colaboración.
- \`equipo.json\`: los agentes y ecosistemas de tu equipo ('Mi Oficina').
- \`suscripciones-y-pagos.json\`: tus suscripciones, los pagos de cada periodo (con sus facturas de prorrateo) y,
  si eres creador, tus ingresos.
- \`claves-api.json\`: tus claves de API (nombre, límites, cuotas y uso por día) y las facturas mensuales de las
  que compraste para agentes de otros creadores. Nunca incluimos la clave
  en sí ni su huella: si la has perdido, crea otra.
- \`valoraciones-y-denuncias.json\`: las valoraciones y respuestas que escribiste, las denuncias que enviaste y
  tus mensajes al formulario de contacto.
- \`uso.json\`: los agentes que usaste y cuándo por última vez, y tus mensajes y tokens por mes.
- \`borradores.json\`: los borradores del creador de agentes.
- \`archivos/\`: los ${counts.files} archivos que subiste (imágenes y documentos adjuntos), con \`archivos.json\`.

## Qué no contiene

Tu contraseña y tus códigos de verificación no se guardan de forma legible y no se exportan; tampoco las
credenciales de las herramientas de tus agentes. No incluimos datos de otras personas (por ejemplo, quién
valoró tus agentes). Las facturas de cada cobro las emite la pasarela de pago y te llegan por correo.

## Borrar tu cuenta

Desde 'Mi perfil' puedes eliminar tu cuenta: tus datos se borran 30 días después; solo se conservan, con tu
nombre y correo sustituidos por un seudónimo, los pagos, los ingresos y el registro de auditoría que la ley
contable obliga a guardar.

Este archivo deja de estar disponible para descargar 24 horas después de prepararse.
`;
}
