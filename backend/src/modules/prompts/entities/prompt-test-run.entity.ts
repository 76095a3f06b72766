import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The totals of a version's last test run against the then current version (what set-current warns on). */
@Entity('agent_prompt_test_runs')
export class PromptTestRun {
  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  @PrimaryColumn({ type: 'integer' })
  version: number;

  @Column({ name: 'current_version', type: 'integer' })
  currentVersion: number;

  @Column({ type: 'integer' })
  total: number;

  @Column({ name: 'candidate_passed', type: 'integer' })
  candidatePassed: number;

  @Column({ name: 'current_passed', type: 'integer' })
  currentPassed: number;

  @Column({ name: 'ran_at', type: Date })
  ranAt: Date;
}
