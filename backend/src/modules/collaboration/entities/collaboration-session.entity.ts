import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { KnowledgeSource } from '../../knowledge/knowledge-sources';
import type { AgentResponse, AgentUsage, LogEntry, RunPlan, SessionStatus, TaskAssignment } from '../run/run-types';

/** The team as it was when the session started (its prompts are read when it runs). */
export interface SessionAgent {
  id: string;
  name: string;
  category: string;
  description: string;
  avatar: string | null;
  rating: number;
  popularity: number;
  modelId: string | null;
}

/** What the run produced so far, stored together. */
export interface SessionProgress {
  priorities: Record<string, number>;
  taskAssignments: TaskAssignment[];
  responses: Record<string, AgentResponse>;
  usage: Record<string, AgentUsage>;
  log: LogEntry[];
  /** The final answer's sources (issue 32); sessions stored before them have none. */
  sources?: KnowledgeSource[];
}

/** A collaboration session (spec section 3): a team of agents answering one query together. */
@Entity('collaboration_sessions')
export class CollaborationSession {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  @Column({ type: 'varchar', length: 16 })
  status: SessionStatus;

  @Column({ type: 'text' })
  query: string;

  @Column({ type: 'simple-json' })
  agents: SessionAgent[];

  @Column({ name: 'coordinator_id', type: 'varchar', length: 64, nullable: true })
  coordinatorId: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  topic: string | null;

  @Column({ type: 'simple-json' })
  progress: SessionProgress;

  @Column({ name: 'final_response', type: 'text', nullable: true })
  finalResponse: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'conversation_id', type: 'varchar', length: 36, nullable: true })
  conversationId: string | null;

  /** The ecosystem whose chat the session answers: each agent's answer counts for the bundle's split. */
  @Column({ name: 'ecosystem_id', type: 'varchar', length: 64, nullable: true })
  ecosystemId: string | null;

  @Column({ name: 'flow_id', type: 'varchar', length: 36, nullable: true })
  flowId: string | null;

  /** A flow's steps (agent ids per step); null when the coordinator splits the query. */
  @Column({ type: 'simple-json', nullable: true })
  plan: RunPlan | null;

  @Column({ name: 'replay_of', type: 'varchar', length: 36, nullable: true })
  replayOf: string | null;

  /** How many times a runner has started it (a session whose runner died is retried once). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Written by the runner every few seconds while it runs: a stale one means its instance died. */
  @Column({ name: 'heartbeat_at', type: Date, nullable: true })
  heartbeatAt: Date | null;

  @Column({ name: 'start_time', type: Date })
  startTime: Date;

  @Column({ name: 'end_time', type: Date, nullable: true })
  endTime: Date | null;
}

/** Columns to write: TypeORM's deep-partial type cannot follow the log's free-form `data`. */
export function sessionColumns(columns: Partial<CollaborationSession>): QueryDeepPartialEntity<CollaborationSession> {
  return columns as QueryDeepPartialEntity<CollaborationSession>;
}
