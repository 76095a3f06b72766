import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A named lease, held by one holder until it expires: the one instance that runs a periodic job,
 * or the one request that may subscribe a user to an item. The name is the primary key, so only
 * one insert wins, on SQLite and PostgreSQL alike.
 */
@Entity('leases')
export class Lease {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 64 })
  holder: string;

  @Column({ name: 'expires_at', type: Date })
  expiresAt: Date;
}
