import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A creator's connected account in demo mode: the ledger is kept, no money moves. */
@Entity('demo_gateway_accounts')
export class DemoAccount {
  /** acct_demo_… */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Index('IDX_demo_gateway_accounts_user')
  @Column({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
