import { Column, Entity, PrimaryColumn } from 'typeorm';

const bigintAsNumber = { to: (value: number) => value, from: (value: string | number | null) => Number(value ?? 0) };

/** One key's calls on one day (UTC), written from the in-memory meter every few seconds. */
@Entity('api_key_usage')
export class ApiKeyUsage {
  @PrimaryColumn({ name: 'key_id', type: 'varchar', length: 36 })
  keyId: string;

  /** YYYY-MM-DD (UTC). */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ name: 'publication_id', type: 'varchar', length: 36 })
  publicationId: string;

  @Column({ type: 'integer', default: 0 })
  requests: number;

  @Column({ type: 'integer', default: 0 })
  errors: number;

  @Column({ name: 'input_tokens', type: 'bigint', default: 0, transformer: bigintAsNumber })
  inputTokens: number;

  @Column({ name: 'output_tokens', type: 'bigint', default: 0, transformer: bigintAsNumber })
  outputTokens: number;

  /** The sum of the calls' latencies, so that the average is total / requests. */
  @Column({ name: 'latency_ms_total', type: 'bigint', default: 0, transformer: bigintAsNumber })
  latencyMsTotal: number;
}
