import { Column, Entity, PrimaryColumn } from 'typeorm';

export type ExpectationKind = 'contains' | 'not-contains' | 'matches';
export const EXPECTATION_KINDS: readonly ExpectationKind[] = ['contains', 'not-contains', 'matches'];

/** A question an agent's prompt versions are tried on before one goes live, with what the answer should show. */
@Entity('agent_prompt_test_cases')
export class PromptTestCase {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  @Column({ type: 'text' })
  question: string;

  @Column({ name: 'expectation_kind', type: 'varchar', length: 16, nullable: true })
  expectationKind: ExpectationKind | null;

  @Column({ name: 'expectation_value', type: 'varchar', length: 500, nullable: true })
  expectationValue: string | null;

  /** Set by the service, to the millisecond, so that cases keep the order they were added in. */
  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}
