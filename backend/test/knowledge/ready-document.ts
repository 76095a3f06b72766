import request from 'supertest';
import type { SignedInUser } from '../support/identity-client';
import type { TestApp } from '../support/test-app';

/** A source as the API answers it: a passage's document, page and snippet, never the file. */
export interface SourceBody {
  documentId: string;
  documentName: string;
  page: number | null;
  snippet: string;
}

/**
 * Gives the agent a document through its knowledge API, as its creator does, and waits until
 * its ingestion has made it `ready` (its passages are searchable); answers the document's id.
 */
export async function addReadyDocument(testApp: TestApp, creator: SignedInUser, agentId: string, content: string | Uint8Array, filename: string): Promise<string> {
  const http = () => request(testApp.server);
  const { body } = await http()
    .post(`/api/agents/${agentId}/knowledge`)
    .set(creator.authorization)
    .attach('file', Buffer.from(content), { filename, contentType: 'application/octet-stream' })
    .expect(201);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body: document } = await http().get(`/api/agents/${agentId}/knowledge/${body.id}`).set(creator.authorization).expect(200);
    if (document.status === 'ready') return document.id as string;
    if (document.status === 'failed' || Date.now() > deadline) throw new Error(`not ready: ${JSON.stringify(document)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
