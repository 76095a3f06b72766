import request from 'supertest';
import { DataSource } from 'typeorm';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import type { ModelEvent, ModelRequest } from '../../src/modules/models/model-gateway';
import { createPublicAgent } from '../support/agents';
import type { SignedInUser } from '../support/identity-client';
import type { TestApp } from '../support/test-app';

/** A session as the API answers it (read loosely, as supertest's bodies are). */
export type SessionBody = request.Response['body'];

/** A published agent with this category, rating and price; answers its id. */
export async function teamAgent(testApp: TestApp, owner: SignedInUser, name: string, category: string, rating: number, price = 0): Promise<string> {
  const id = await createPublicAgent(testApp, owner, name, price);
  await testApp.app.get(DataSource).getRepository(Agent).update({ id }, { category, rating });
  return id;
}

/** The coordinator gives every agent of the team a task; each agent answers with its prompt; the synthesis names them. */
export function teamScript(agentStep?: (request: ModelRequest) => AsyncIterable<ModelEvent>) {
  return async function* (request: ModelRequest): AsyncIterable<ModelEvent> {
    if (request.responseSchema) {
      const schema = request.responseSchema.schema as { properties: { tasks: { items: { properties: { agentId: { enum?: string[] } } } } } };
      const ids = schema.properties.tasks.items.properties.agentId.enum ?? [];
      yield { type: 'delta', text: JSON.stringify({ tasks: ids.map((agentId) => ({ agentId, task: `Tarea de ${agentId}` })) }) };
      yield { type: 'done', usage: { inputTokens: 100, outputTokens: 20 } };
    } else if (request.message.startsWith('Consulta del usuario')) {
      yield { type: 'delta', text: 'Respuesta conjunta del equipo' };
      yield { type: 'done', usage: { inputTokens: 300, outputTokens: 40 } };
    } else if (agentStep) {
      yield* agentStep(request);
    } else {
      yield { type: 'delta', text: `Aporte de ${request.systemPrompt}` };
      yield { type: 'done', usage: { inputTokens: 30, outputTokens: 10 } };
    }
  };
}

/** Waits until the caller aborts, then ends as the adapters do. */
export const waitForAbort = async function* (request: ModelRequest): AsyncIterable<ModelEvent> {
  await new Promise<void>((resolve) => {
    if (request.signal?.aborted) resolve();
    request.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  throw Object.assign(new Error('aborted'), { name: 'AbortError' });
};

/** Polls the session until it has finished (or the test's time runs out). */
export async function finished(testApp: TestApp, user: SignedInUser, id: string): Promise<SessionBody> {
  for (;;) {
    const { body } = await request(testApp.server).get(`/api/collaboration/sessions/${id}`).set(user.authorization).expect(200);
    if (['completed', 'failed', 'cancelled'].includes(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Polls until a condition on the session holds. */
export async function until(testApp: TestApp, user: SignedInUser, id: string, test: (session: SessionBody) => boolean): Promise<SessionBody> {
  for (;;) {
    const { body } = await request(testApp.server).get(`/api/collaboration/sessions/${id}`).set(user.authorization).expect(200);
    if (test(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The events of a Server-Sent Events body, in order. */
export function parseEvents(text: string): { event: string; data: SessionBody }[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.slice('event: '.length), data: JSON.parse(dataLine.slice('data: '.length)) };
    });
}
