import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row of the append-only audit log; `hash` chains it to the row before (AuditLog). */
@Entity('audit_log')
export class AuditEntry {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: Date })
  at: Date;

  @Column({ name: 'actor_sub', type: 'varchar', length: 64 })
  actorSub: string;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 200 })
  target: string;

  /** Canonical JSON (sorted keys), or null. */
  @Column({ name: 'before_json', type: 'text', nullable: true })
  beforeJson: string | null;

  @Column({ name: 'after_json', type: 'text', nullable: true })
  afterJson: string | null;

  @Column({ name: 'prev_hash', type: 'varchar', length: 64 })
  prevHash: string;

  @Column({ type: 'varchar', length: 64 })
  hash: string;
}
