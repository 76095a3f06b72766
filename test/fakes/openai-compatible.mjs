// An OpenAI-compatible chat-completions server that streams a fixed reply, one chunk every
// `intervalMs`: the model behind the chat benchmark and the chat end-to-end server. A request
// with a JSON-schema `response_format` is answered, when `structuredReply(schemaName, body)` is
// given, with that function's object as JSON text (structured output), in the same chunked way
// (or, when it answers undefined, in prose like a plain request);
// `replyFor(body)`, when given, may choose a plain reply from the request (e.g. its system prompt).
// A request offering tools may be answered with tool calls: `toolCallsFor(body)`, or the
// `[[tool:NAME {json}]]` markers in the user's last message, one per round (issue 33).
// `POST /embeddings` answers deterministic "concept" vectors (see fakeEmbedding): texts that share
// words, or words of one of SYNONYMS' groups, are near; the tests' paraphrases and the benchmark's
// hybrid search use them.
import { createServer } from 'node:http';

/** Dimensions of the fake's vectors when the request asks for none. */
export const FAKE_EMBEDDING_DIMENSIONS = 256;

/** Words a paraphrase may use for another: each group is one concept (accents and capitals aside). */
const SYNONYMS = [
  ['preaviso', 'antelacion', 'avisar', 'aviso', 'avise', 'anticipacion'],
  ['desistir', 'dejar', 'abandonar', 'marcharse', 'irse', 'rescindir', 'desistimiento'],
  ['arrendamiento', 'alquiler', 'arriendo', 'arrendar', 'alquilar', 'contrato'],
  ['vivienda', 'piso', 'casa', 'hogar', 'domicilio'],
  ['fianza', 'deposito', 'garantia', 'aval'],
  ['plazo', 'tiempo', 'periodo', 'antes'],
  ['renta', 'mensualidad', 'cuota', 'precio', 'pagar', 'pago'],
  ['obras', 'reformas', 'reforma', 'reparaciones', 'reparar'],
  ['arrendador', 'propietario', 'casero', 'dueno'],
  ['arrendatario', 'inquilino', 'inquilina'],
  ['dias', 'jornadas'],
];
const CONCEPT = new Map(SYNONYMS.flatMap((group) => group.map((word) => [word, group[0]])));
const STOPWORDS = new Set(
  'a al con de del el en es la las lo los no o para por que se su sus un una y hay cuanto cuanta cuantos como cual the of and to is'.split(' '),
);

function fnv1a(text, seed) {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash;
}

/**
 * A hashed bag of concepts: each word (lower case, no accents, not a common word) becomes its
 * synonym group's first word, or its first 7 letters (so 'arrendamientos' is 'arrendamiento'),
 * and adds ±1 to two of the vector's places; the vector is L2-normalised.
 */
export function fakeEmbedding(text, dimensions = FAKE_EMBEDDING_DIMENSIONS) {
  const vector = new Array(dimensions).fill(0);
  const folded = String(text).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  for (const word of folded.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOPWORDS.has(word)) continue;
    const concept = CONCEPT.get(word) ?? CONCEPT.get(word.replace(/e?s$/, '')) ?? word.slice(0, 7);
    for (const seed of [2166136261, 374761393]) {
      const hash = fnv1a(concept, seed);
      vector[hash % dimensions] += hash & 0x80000000 ? -1 : 1;
    }
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm > 0 ? vector.map((value) => value / norm) : vector;
}

/** OpenAI's /embeddings: `input` a text or a list of them; answers a 400 for anything else. */
function answerEmbeddings(sent, response) {
  const input = typeof sent.input === 'string' ? [sent.input] : sent.input;
  if (!Array.isArray(input) || input.length === 0 || input.some((text) => typeof text !== 'string') || typeof sent.model !== 'string') {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: 'input must be a string or an array of strings, and model a string' } }));
    return;
  }
  const dimensions = Number.isInteger(sent.dimensions) && sent.dimensions > 0 ? sent.dimensions : FAKE_EMBEDDING_DIMENSIONS;
  const body = JSON.stringify({
    object: 'list',
    model: sent.model,
    data: input.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text, dimensions) })),
    usage: { prompt_tokens: input.length, total_tokens: input.length },
  });
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/** The JSON text in two pieces, as a streaming server splits it. */
function structuredChunks(value) {
  const json = JSON.stringify(value);
  const middle = Math.floor(json.length / 2);
  return [json.slice(0, middle), json.slice(middle)];
}

const TOOL_MARKER = /\[\[tool:([A-Za-z0-9_-]+)\s*(\{.*?\})?\]\]/g;

/**
 * The tool calls (issue 33) a request asks of the fake: `toolCallsFor(body)` when given, else the
 * `[[tool:NAME {json}]]` markers of the user's last message, one per round in their order (two
 * markers: two tool steps, then the answer). Only when the request offers tools.
 */
function toolCallsOf(sent, toolCallsFor) {
  if (!Array.isArray(sent.tools) || sent.tools.length === 0 || sent.tool_choice === 'none') return [];
  const chosen = toolCallsFor?.(sent);
  if (chosen) return chosen;
  const messages = sent.messages ?? [];
  let userAt = messages.length - 1;
  while (userAt >= 0 && messages[userAt].role !== 'user') userAt -= 1;
  const user = messages[userAt];
  if (typeof user?.content !== 'string') return [];
  const markers = [...user.content.matchAll(TOOL_MARKER)];
  const rounds = messages.slice(userAt + 1).filter((message) => message.role === 'assistant' && message.tool_calls).length;
  const next = markers[rounds];
  return next ? [{ name: next[1], arguments: next[2] ? JSON.parse(next[2]) : {} }] : [];
}

/** The calls as OpenAI writes them, each with an id unique in this server's life. */
let callCounter = 0;
function toolCallsBody(calls) {
  return calls.map((call) => {
    callCounter += 1;
    return { id: `call_fake${callCounter}`, type: 'function', function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) } };
  });
}

export function startOpenAiFake(port, { chunks: plainChunks, intervalMs, structuredReply, replyFor, toolCallsFor, models = ['fake'] }) {
  const server = createServer((request, response) => {
    // The model catalogue (GET /v1/models), as Ollama, vLLM and LM Studio list theirs.
    if (request.method === 'GET' && request.url?.endsWith('/models')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) }));
      return;
    }
    if (request.method === 'POST' && request.url?.endsWith('/embeddings')) {
      const parts = [];
      request.on('data', (part) => parts.push(part));
      request.on('end', () => {
        let sent;
        try {
          sent = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}');
        } catch {
          sent = {};
        }
        answerEmbeddings(sent, response);
      });
      return;
    }
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    // The body is only read when the reply may depend on it (the benchmark's never does).
    const body = [];
    request.on('data', (part) => body.push(part));
    request.on('end', () => {
      const sent = JSON.parse(Buffer.concat(body).toString('utf8') || '{}');
      const schemaName = sent.response_format?.type === 'json_schema' ? sent.response_format.json_schema?.name : undefined;
      // structuredReply may answer undefined: the model ignores the schema and answers in prose, as many local models do.
      const structured = schemaName && structuredReply ? structuredReply(schemaName, sent) : undefined;
      const chunks = structured !== undefined ? structuredChunks(structured) : (replyFor?.(sent) ?? plainChunks);
      const calls = toolCallsOf(sent, toolCallsFor);
      if (calls.length > 0) {
        const toolCalls = toolCallsBody(calls);
        if (sent.stream === false) {
          const completion = JSON.stringify({
            choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: toolCalls }, finish_reason: 'tool_calls' }],
            usage: { prompt_tokens: 12, completion_tokens: 3 },
          });
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(completion) });
          response.end(completion);
          return;
        }
        // Streamed as OpenAI does: each call's id and name first, then its arguments in two pieces.
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        toolCalls.forEach((call, index) => {
          const text = call.function.arguments;
          const half = Math.ceil(text.length / 2);
          const first = { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: text.slice(0, half) } };
          response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [first] } }] })}\n\n`);
          response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: text.slice(half) } }] } }] })}\n\n`);
        });
        response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] })}\n\n`);
        response.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 3 } })}\n\n`);
        response.end('data: [DONE]\n\n');
        return;
      }
      if (sent.stream === false) {
        // The whole reply at once (a chat.completion), as OpenAI answers without streaming.
        const content = chunks.join('');
        const completion = JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 12, completion_tokens: chunks.length },
        });
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(completion) });
        response.end(completion);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let written = 0;
      const timer = setInterval(() => {
        if (written < chunks.length) {
          const chunk = { choices: [{ index: 0, delta: { content: chunks[written] } }] };
          response.write(`data: ${JSON.stringify(chunk)}\n\n`);
          written += 1;
          return;
        }
        clearInterval(timer);
        response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
        response.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 12, completion_tokens: chunks.length } })}\n\n`);
        response.end('data: [DONE]\n\n');
      }, intervalMs);
      response.on('close', () => clearInterval(timer));
    });
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${port}/v1`, close: () => new Promise((done) => server.close(done)) }),
    ),
  );
}
