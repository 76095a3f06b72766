import { Column, Entity, PrimaryColumn } from 'typeorm';

export const REPORT_TARGETS = ['agent', 'review'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ['spam', 'offensive', 'misleading', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_ACTIONS = ['hide', 'unpublish', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** A signed-in user's report of an agent or a review (once each), and an admin's resolution. */
@Entity('agent_reports')
export class Report {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'target_type', type: 'varchar', length: 16 })
  targetType: ReportTarget;

  /** The agent's id, or the review's. */
  @Column({ name: 'target_id', type: 'varchar', length: 64 })
  targetId: string;

  /** The agent reported, or the one the reported review is about. */
  @Column({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  @Column({ name: 'reporter_sub', type: 'varchar', length: 64 })
  reporterSub: string;

  /** Their public name when they reported. */
  @Column({ name: 'reporter_handle', type: 'varchar', length: 128 })
  reporterHandle: string;

  @Column({ type: 'varchar', length: 32 })
  reason: ReportReason;

  @Column({ type: 'text', nullable: true })
  details: string | null;

  @Column({ type: 'varchar', length: 16, default: 'open' })
  status: ReportStatus;

  @Column({ type: 'varchar', length: 16, nullable: true })
  action: ReportAction | null;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Column({ name: 'resolved_by', type: 'varchar', length: 64, nullable: true })
  resolvedBy: string | null;

  @Column({ name: 'resolved_at', type: Date, nullable: true })
  resolvedAt: Date | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}
