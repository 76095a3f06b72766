import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A task of a published agent spoken to over A2A (issue 36): kept in the database, not in the
 * instance's memory, so that any instance answers tasks/get and tasks/cancel for it.
 */
@Entity('a2a_tasks')
export class A2aTask {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  /** Whose key created it: only keys of the same owner read or cancel it. */
  @Column({ name: 'owner_sub', type: 'varchar', length: 64 })
  ownerSub: string;

  @Column({ name: 'context_id', type: 'varchar', length: 64 })
  contextId: string;

  /** The A2A TaskState number, for tasks/list's filter. */
  @Column({ type: 'integer' })
  state: number;

  /** The whole task (status, history, artifacts) in the protocol's JSON. */
  @Column({ type: 'text' })
  task: string;

  /** Milliseconds since the epoch: the order of tasks/list. */
  @Column({ name: 'updated_at', type: 'bigint', transformer: { to: (value: number) => value, from: (value: string | number) => Number(value) } })
  updatedAt: number;
}
