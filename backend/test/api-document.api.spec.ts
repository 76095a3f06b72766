import request from 'supertest';
import { buildApiDocument } from '../src/cli/api-document';
import { createTestApp, type TestApp } from './support/test-app';

// `npm run api:types` generates the renderer's types from this document: it must be the one the server serves.
describe('the OpenAPI document built without a server (npm run api:types)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(() => testApp.close());

  it('is the document GET /api/docs-json serves, and the same on every build', async () => {
    const built = await buildApiDocument();
    const { body: served } = await request(testApp.server).get('/api/docs-json').expect(200);
    expect(JSON.parse(JSON.stringify(built))).toEqual(served);
    expect(await buildApiDocument()).toEqual(built);
  });
});
