import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { timestampType } from './column-types';

/**
 * With Amazon Cognito as the identity provider, what an admin changed about an account (disabled,
 * role, signed out everywhere), so that every instance refuses the account's id tokens at once:
 * Cognito cannot revoke an id token before it expires.
 */
export class CognitoAccountStates1795370001200 implements MigrationInterface {
  name = 'CognitoAccountStates1795370001200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'cognito_account_states',
        columns: [
          { name: 'sub', type: 'varchar', length: '64', isPrimary: true },
          { name: 'enabled', type: 'boolean', default: true },
          { name: 'role', type: 'varchar', length: '16', isNullable: true },
          { name: 'tokens_valid_after', type: timestampType(queryRunner), isNullable: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('cognito_account_states');
  }
}
