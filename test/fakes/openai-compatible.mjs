// An OpenAI-compatible chat-completions server that streams a fixed reply, one chunk every
// `intervalMs`: the model behind the chat benchmark and the chat end-to-end server.
import { createServer } from 'node:http';

export function startOpenAiFake(port, { chunks, intervalMs }) {
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < chunks.length) {
          const chunk = { choices: [{ index: 0, delta: { content: chunks[sent] } }] };
          response.write(`data: ${JSON.stringify(chunk)}\n\n`);
          sent += 1;
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
