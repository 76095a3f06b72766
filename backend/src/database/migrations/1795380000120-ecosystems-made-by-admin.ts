import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { isPostgres, qualifiedName } from './sql-names';

/**
 * Issue 29: an ecosystem made by an admin is the platform's own and may sell any agent; a user's
 * may sell another creator's paid agent only with that creator's consent, which nobody has given
 * yet (1795380000110). The ecosystems made so far are marked as admins' when their owner holds the
 * admin role in the embedded pool (ADMIN_EMAILS included) or in the Cognito states an admin changed
 * (a Cognito admin never changed from here counts as a user); the users' ones that sell another
 * creator's paid agent stop being sold, as when a creator withdraws consent: private and free,
 * without a current gateway price (their subscribers keep what they paid for).
 */
export class EcosystemsMadeByAdmin1795380000120 implements MigrationInterface {
  name = 'EcosystemsMadeByAdmin1795380000120';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('ecosystems', new TableColumn({ name: 'made_by_admin', type: 'boolean', default: false }));
    const ecosystems = qualifiedName(queryRunner, 'ecosystems');
    const yes = isPostgres(queryRunner) ? 'true' : '1';
    const no = isPostgres(queryRunner) ? 'false' : '0';
    await queryRunner.query(
      `UPDATE ${ecosystems} SET made_by_admin = ${yes}
       WHERE owner_sub IN (SELECT sub FROM ${qualifiedName(queryRunner, 'identity_users')} WHERE role = 'admin')
          OR owner_sub IN (SELECT sub FROM ${qualifiedName(queryRunner, 'cognito_account_states')} WHERE role = 'admin')`,
    );

    const sold = (await queryRunner.query(
      `SELECT id, owner_sub, agent_ids, price, discount FROM ${ecosystems} WHERE made_by_admin = ${no} AND owner_sub IS NOT NULL AND price > 0`,
    )) as { id: string; owner_sub: string; agent_ids: string; price: string | number; discount: string | number }[];
    const paidAgents = (await queryRunner.query(`SELECT id, owner_sub FROM ${qualifiedName(queryRunner, 'agents')} WHERE price > 0`)) as { id: string; owner_sub: string | null }[];
    const ownerOfPaid = new Map(paidAgents.map((agent) => [agent.id, agent.owner_sub]));
    const parameter = isPostgres(queryRunner) ? '$1' : '?';
    for (const ecosystem of sold) {
      const monthlyCents = Math.round(Number(ecosystem.price) * (100 - Number(ecosystem.discount)));
      const agentIds = JSON.parse(ecosystem.agent_ids) as string[];
      const sellsOthers = agentIds.some((id) => ownerOfPaid.has(id) && ownerOfPaid.get(id) !== ecosystem.owner_sub);
      if (monthlyCents > 0 && sellsOthers) {
        await queryRunner.query(`UPDATE ${ecosystems} SET is_public = ${no}, price = 0, price_id = NULL WHERE id = ${parameter}`, [ecosystem.id]);
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('ecosystems', 'made_by_admin');
  }
}
