import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An account whose deletion is scheduled: until `scheduledFor` it may only see the pending screen and cancel. */
@Entity('account_deletions')
export class AccountDeletion {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  sub: string;

  @Column({ name: 'requested_at', type: Date })
  requestedAt: Date;

  @Column({ name: 'scheduled_for', type: Date })
  scheduledFor: Date;
}
