import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Messages from the contact form, and the key their sender's IP is hashed with (kept in the
 * database so that every instance hashes alike; the raw address is never stored).
 */
export class CreateContactMessages1795330004200 implements MigrationInterface {
  name = 'CreateContactMessages1795330004200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'contact_messages',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'section', type: 'varchar', length: '20', default: "'general'" },
          { name: 'subject', type: 'varchar', length: '160' },
          { name: 'message', type: 'text' },
          { name: 'user_sub', type: 'varchar', length: '64', isNullable: true },
          { name: 'ip_hash', type: 'varchar', length: '64' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'IDX_contact_messages_created_at', columnNames: ['created_at'] }),
          new TableIndex({ name: 'IDX_contact_messages_ip_hash', columnNames: ['ip_hash'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'contact_ip_secrets',
        columns: [
          { name: 'id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'secret', type: 'varchar', length: '128' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('contact_ip_secrets');
    await queryRunner.dropTable('contact_messages');
  }
}
