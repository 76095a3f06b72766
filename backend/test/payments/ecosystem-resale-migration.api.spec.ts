import { DataSource } from 'typeorm';
import { EcosystemsMadeByAdmin1795380000120 } from '../../src/database/migrations/1795380000120-ecosystems-made-by-admin';
import { Ecosystem } from '../../src/modules/ecosystems/entities/ecosystem.entity';
import { signUpAndSignIn } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { paymentsClient } from './support/payments-client';

jest.setTimeout(60_000);

describe('the migration that brings in consent for bundles stops selling the bundles made before it (issue 29)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
  });

  afterAll(() => testApp.close());

  it("takes users' bundles of other creators' paid agents off sale, and keeps admins' bundles and users' bundles of their own or free agents", async () => {
    const client = paymentsClient(testApp);
    const admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    const creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    const reseller = await signUpAndSignIn(testApp, 'revendedor@example.com');
    const expensive = await client.paidAgent(creator, 'Asesor Premium', 500, { ecosystemInclusionAllowed: true });
    const own = await client.paidAgent(reseller, 'Propio', 20);
    const bundle = async (owner: typeof admin, name: string, agentIds: string[], price: number) =>
      (await client.http().post('/api/ecosystems').set(owner.authorization).send({ name, agentIds, price, isPublic: true }).expect(201)).body.id as string;
    const ids = {
      // Made while the creator allowed it with no minimum: as the 1-cent bundles made before consent existed.
      resold: await bundle(reseller, 'Ganga', [expensive.id], 0.01),
      mine: await bundle(reseller, 'Lo mío', [own.id, 'agente-legal'], 5),
      platform: await bundle(admin, 'Plataforma', [expensive.id], 1),
    };

    const dataSource = testApp.app.get(DataSource);
    const queryRunner = dataSource.createQueryRunner();
    try {
      await new EcosystemsMadeByAdmin1795380000120().down(queryRunner);
      await new EcosystemsMadeByAdmin1795380000120().up(queryRunner);
    } finally {
      await queryRunner.release();
    }

    const rows = dataSource.getRepository(Ecosystem);
    expect(await rows.findOneByOrFail({ id: ids.resold })).toMatchObject({ isPublic: false, price: 0, priceId: null, madeByAdmin: false });
    expect(await rows.findOneByOrFail({ id: ids.mine })).toMatchObject({ isPublic: true, price: 5, priceId: expect.any(String), madeByAdmin: false });
    expect(await rows.findOneByOrFail({ id: ids.platform })).toMatchObject({ isPublic: true, price: 1, priceId: expect.any(String), madeByAdmin: true });
  });
});
