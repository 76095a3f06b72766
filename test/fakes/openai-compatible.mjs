// An OpenAI-compatible chat-completions server that streams a fixed reply, one chunk every
// `intervalMs`: the model behind the chat benchmark and the chat end-to-end server. A request
// with a JSON-schema `response_format` is answered, when `structuredReply(schemaName, body)` is
// given, with that function's object as JSON text (structured output), in the same chunked way
// (or, when it answers undefined, in prose like a plain request);
// `replyFor(body)`, when given, may choose a plain reply from the request (e.g. its system prompt).
import { createServer } from 'node:http';

/** The JSON text in two pieces, as a streaming server splits it. */
function structuredChunks(value) {
  const json = JSON.stringify(value);
  const middle = Math.floor(json.length / 2);
  return [json.slice(0, middle), json.slice(middle)];
}

export function startOpenAiFake(port, { chunks: plainChunks, intervalMs, structuredReply, replyFor, models = ['fake'] }) {
  const server = createServer((request, response) => {
    // The model catalogue (GET /v1/models), as Ollama, vLLM and LM Studio list theirs.
    if (request.method === 'GET' && request.url?.endsWith('/models')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) }));
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
