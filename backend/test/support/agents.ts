import request from 'supertest';
import type { SignedInUser } from './identity-client';
import type { TestApp } from './test-app';

/** A marketplace agent `owner` publishes with this price (0 is free); answers its id. */
export async function createPublicAgent(testApp: TestApp, owner: SignedInUser, name: string, price: number): Promise<string> {
  const { body } = await request(testApp.server)
    .post('/api/agents')
    .set(owner.authorization)
    .send({ name, category: 'finance', description: 'Finanzas', price, isPublic: true, prompt: `Eres ${name}.` })
    .expect(201);
  return body.id as string;
}
