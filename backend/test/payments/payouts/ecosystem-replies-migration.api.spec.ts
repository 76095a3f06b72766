import { DataSource } from 'typeorm';
import { EcosystemReplies1795380000300 } from '../../../src/database/migrations/1795380000300-ecosystem-replies';
import { EcosystemReply } from '../../../src/modules/conversations/entities/ecosystem-reply.entity';
import { ModelGateway } from '../../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../../chat/fake-model-gateway';
import { signUpAndSignIn } from '../../support/identity-client';
import { createTestAppWith, type TestApp } from '../../support/test-app';
import { payoutsClient, thisMonth } from './payouts-client';

jest.setTimeout(60_000);

describe('the migration that records ecosystem replies copies the ones already stored (issue 29)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], { ADMIN_EMAILS: 'jefa@example.com' });
  });

  afterAll(() => testApp.close());

  it("copies the agents' model replies of ecosystem conversations, and nothing a client saved or said outside them", async () => {
    const client = payoutsClient(testApp);
    const admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    const creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    const buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
    const first = await client.paidAgent(creator, 'Contable', 10);
    const second = await client.paidAgent(creator, 'Fiscal', 10);
    const bundle = await client.bundle(admin, 'Oficina', [first.id, second.id], 15);
    await client.subscribe(buyer, await client.buyer(buyer), bundle.priceId).expect(201);

    const conversationId = await client.bundleConversation(buyer, bundle.id);
    for (const agentId of [first.id, first.id, second.id]) await client.chatInBundle(buyer, conversationId, agentId);
    await client
      .http()
      .post(`/api/conversations/${conversationId}/messages`)
      .set(buyer.authorization)
      .send({ id: 'inventada-1', role: 'assistant', content: 'Respuesta inventada', metadata: { agentId: second.id } })
      .expect(201);
    expect((await client.chat(buyer, second.id)).status).toBe(200);

    const dataSource = testApp.app.get(DataSource);
    const replies = dataSource.getRepository(EcosystemReply);
    const recorded = await replies.find({ order: { id: 'ASC' } });
    expect(recorded).toHaveLength(3);

    // As before the migration: no record of them; then the migration runs.
    const queryRunner = dataSource.createQueryRunner();
    try {
      await new EcosystemReplies1795380000300().down(queryRunner);
      await new EcosystemReplies1795380000300().up(queryRunner);
    } finally {
      await queryRunner.release();
    }

    const copied = await replies.find({ order: { id: 'ASC' } });
    expect(copied.map((row) => ({ ...row, repliedAt: row.repliedAt.getTime() }))).toEqual(recorded.map((row) => ({ ...row, repliedAt: row.repliedAt.getTime() })));
    const shares = (await client.earnings(creator).expect(200)).body.bundleShares.filter((share: { month: string }) => share.month === thisMonth());
    expect(shares.map((share: { messages: number; bundleMessages: number }) => [share.messages, share.bundleMessages])).toEqual([
      [2, 3],
      [1, 3],
    ]);
  });
});
