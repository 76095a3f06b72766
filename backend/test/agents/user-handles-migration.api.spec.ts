import request from 'supertest';
import { DataSource } from 'typeorm';
import { UserHandles1795380000100 } from '../../src/database/migrations/1795380000100-user-handles';
import { PromptVersionAuthors1795380000130 } from '../../src/database/migrations/1795380000130-prompt-version-authors';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { PromptVersion } from '../../src/modules/prompts/entities/prompt-version.entity';
import { signUpAndSignIn } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the migration that brings in public names credits what users made before it (issue 29)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
  });

  afterAll(() => testApp.close());

  it("gives every profile its default public name and credits their agents, ecosystems and prompt versions to it instead of the e-mail address; 'system' and 'admin' stay", async () => {
    const http = () => request(testApp.server);
    const ana = await signUpAndSignIn(testApp, 'ana@example.com');
    const admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    const agentId = (await http().post('/api/agents').set(ana.authorization).send({ name: 'Contratos', category: 'legal', description: 'x', isPublic: true, prompt: 'Eres un abogado.' }).expect(201)).body.id;
    const ecosystemId = (await http().post('/api/ecosystems').set(ana.authorization).send({ name: 'Despacho', agentIds: [agentId], isPublic: true }).expect(201)).body.id;
    const platformId = (await http().post('/api/ecosystems').set(admin.authorization).send({ name: 'Plataforma', agentIds: [], isPublic: true }).expect(201)).body.id;
    const handle = (await http().get(`/api/users/registration/${ana.sub}`).set(ana.authorization).expect(200)).body.handle;

    const dataSource = testApp.app.get(DataSource);
    const queryRunner = dataSource.createQueryRunner();
    try {
      // As before the migration: credited to the username (her e-mail address), and no handles.
      await new PromptVersionAuthors1795380000130().down(queryRunner);
      expect((await queryRunner.manager.findOneByOrFail(PromptVersion, { agentId })).createdBy).toBe('ana@example.com');
      await new UserHandles1795380000100().down(queryRunner);
      expect((await queryRunner.manager.findOneByOrFail(Agent, { id: agentId })).createdBy).toBe('ana@example.com');
      await new UserHandles1795380000100().up(queryRunner);
      await new PromptVersionAuthors1795380000130().up(queryRunner);
    } finally {
      await queryRunner.release();
    }

    expect((await http().get(`/api/users/registration/${ana.sub}`).set(ana.authorization).expect(200)).body.handle).toBe(handle);
    expect((await http().get(`/api/agents/${agentId}`).expect(200)).body.createdBy).toBe(handle);
    expect((await http().get(`/api/ecosystems/${ecosystemId}`).expect(200)).body.createdBy).toBe(handle);
    expect((await http().get(`/api/ecosystems/${platformId}`).expect(200)).body.createdBy).toBe('admin');
    expect((await http().get('/api/agents/agente-legal').expect(200)).body.createdBy).toBe('system');
    const versions = (await http().get(`/api/fine-tuning/agent-prompts/${agentId}/versions`).set(ana.authorization).expect(200)).body as { createdBy: string }[];
    expect(versions.map((version) => version.createdBy)).toEqual([handle]);
  });
});
