import type { Response } from 'superagent';
import type { OpenAiFake } from '../fakes/openai-fake';

export interface SseEvent<Data = unknown> {
  event: string;
  data: Data;
}

/** Splits a text/event-stream body into its events (comment lines, the heartbeats, left out). */
export function parseEvents<Data = unknown>(text: string): SseEvent<Data>[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message', data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Data }));
}

/** The system text the model was given in its last request to the OpenAI-compatible fake. */
export function systemOf(fake: OpenAiFake): string {
  const body = fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((message) => message.role === 'system').map((message) => message.content).join('\n');
}

/** For supertest's `.buffer(true).parse(…)`: an event stream's body as one text, read to its end. */
export function wholeText(response: Response, callback: (error: Error | null, body: string) => void): void {
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => (text += chunk));
  response.on('end', () => callback(null, text));
}
