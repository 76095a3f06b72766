import { Column, Entity, PrimaryColumn } from 'typeorm';

const bigintAsNumber = { to: (value: number) => value, from: (value: string | number | null) => Number(value ?? 0) };

/**
 * How far into one process' usage journal (a file named once, never reused) the api_key_usage
 * ledger goes: written in the same transaction as the figures it covers (see UsageMeter).
 */
@Entity('usage_journal_positions')
export class UsageJournalPosition {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  journal: string;

  /** Bytes of the journal already in the ledger. */
  @Column({ type: 'bigint', transformer: bigintAsNumber })
  position: number;

  /** The journal is wholly in the ledger and its file is (being) removed: nothing of it is applied again. */
  @Column({ type: 'boolean', default: false })
  closed: boolean;

  /** Milliseconds since the epoch. */
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintAsNumber })
  updatedAt: number;
}
