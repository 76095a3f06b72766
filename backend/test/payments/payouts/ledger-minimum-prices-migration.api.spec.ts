import { DataSource } from 'typeorm';
import { LedgerMinimumPrices1795380000700 } from '../../../src/database/migrations/1795380000700-ledger-minimum-prices';
import { CreatorLedgerEntry } from '../../../src/modules/payments/payouts/entities/creator-ledger-entry.entity';
import { signUpAndSignIn } from '../../support/identity-client';
import { createTestApp, type TestApp } from '../../support/test-app';
import { payoutsClient } from './payouts-client';

jest.setTimeout(60_000);

describe('the migration that records the creators’ minimums on the ledger (issue 29)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
  });

  afterAll(() => testApp.close());

  it("gives the bundle payments recorded before it the agents' minimums now, only where a user's bundle sells another creator's consenting paid agent", async () => {
    const client = payoutsClient(testApp);
    const admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    const owner = await signUpAndSignIn(testApp, 'duena@example.com');
    const partner = await signUpAndSignIn(testApp, 'socia@example.com');
    const buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
    const own = await client.paidAgent(owner, 'Propio', 30);
    const lent = await client.paidAgent(partner, 'Cedida', 100, { ecosystemInclusionAllowed: true, ecosystemMinimumPrice: 12 });
    const users = await client.bundle(owner, 'Pack de usuaria', [own.id, lent.id], 40);
    const platform = await client.bundle(admin, 'Pack de la plataforma', [lent.id], 50);
    const customerId = await client.buyer(buyer);
    for (const priceId of [users.priceId, platform.priceId]) await client.subscribe(buyer, customerId, priceId).expect(201);
    // Raised after those payments: rows from before the column take the minimum as it is now.
    await client
      .http()
      .post('/api/agents')
      .set(partner.authorization)
      .send({ id: lent.id, name: 'Cedida', category: 'finance', description: 'Cedida: finanzas', price: 100, ecosystemMinimumPrice: 15 })
      .expect(200);

    const dataSource = testApp.app.get(DataSource);
    const queryRunner = dataSource.createQueryRunner();
    try {
      await new LedgerMinimumPrices1795380000700().down(queryRunner);
      await new LedgerMinimumPrices1795380000700().up(queryRunner);
    } finally {
      await queryRunner.release();
    }

    const rows = await dataSource.getRepository(CreatorLedgerEntry).findBy({ subscriberSub: buyer.sub });
    const minimumOf = (ecosystemId: string, agentId: string) => rows.find((row) => row.ecosystemId === ecosystemId && row.agentId === agentId)?.minimumPrice;
    expect(minimumOf(users.id, lent.id)).toBe(1500);
    expect(minimumOf(users.id, own.id)).toBe(0);
    expect(minimumOf(platform.id, lent.id)).toBe(0);
  });
});
