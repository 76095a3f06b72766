import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { VerifiedIdentity } from '../../../common/auth/id-token-verifier';
import { isUniqueViolation } from '../../../database/database-errors';
import { AgentsService } from '../../agents/agents.service';
import { AuditLog } from '../../audit/audit-log.service';
import { MailSender } from '../../mail/mail-sender';
import { UsersService } from '../../users/users.service';
import type { AdminReportDto, AdminReportListDto, CreateReportDto, ReportReceiptDto, ResolveReportDto } from '../dto/reports.dto';
import { Report, type ReportStatus, type ReportTarget } from '../entities/report.entity';
import { ActionNotForTargetError, AlreadyReportedError, ReportAlreadyResolvedError, ReportNotFoundError } from '../reviews.errors';
import { ReviewsService } from '../reviews.service';

/** The admin queue shows this many reports at most, oldest first. */
export const REPORTS_QUEUE_LIMIT = 200;

/**
 * Reports (issue 34): any signed-in user reports an agent or a review once; an admin resolves each
 * open one by hiding the review, unpublishing the agent (its creator is told why by e-mail) or
 * dismissing it. Resolving one resolves every open report of the same target the same way; each
 * resolution is written to the audit log.
 */
@Injectable()
export class ReportsService {
  private readonly logger = new Logger('Reports');

  constructor(
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    private readonly reviews: ReviewsService,
    private readonly agents: AgentsService,
    private readonly users: UsersService,
    private readonly audit: AuditLog,
    private readonly mail: MailSender,
  ) {}

  /** POST /agents/{agentId}/report. */
  async reportAgent(identity: VerifiedIdentity, agentId: string, body: CreateReportDto): Promise<ReportReceiptDto> {
    const agent = await this.agents.findVisible(identity, agentId);
    return this.store(identity, 'agent', agent.id, agent.id, body);
  }

  /** POST /reviews/{reviewId}/report. */
  async reportReview(identity: VerifiedIdentity, reviewId: string, body: CreateReportDto): Promise<ReportReceiptDto> {
    const review = await this.reviews.findVisibleReview(identity, reviewId);
    return this.store(identity, 'review', review.id, review.agentId, body);
  }

  /** GET /api-admin/reports?status=: the queue, oldest first (resolved ones newest first). */
  async list(admin: VerifiedIdentity, status: ReportStatus): Promise<AdminReportListDto> {
    const rows = await this.reports.find({
      where: { status },
      order: status === 'open' ? { createdAt: 'ASC', id: 'ASC' } : { resolvedAt: 'DESC', id: 'ASC' },
      take: REPORTS_QUEUE_LIMIT,
    });
    const agents = await this.reviews.agentsByIds(admin, [...new Set(rows.map((row) => row.agentId))]);
    const reviewIds = rows.filter((row) => row.targetType === 'review').map((row) => row.targetId);
    const reviews = new Map((await Promise.all([...new Set(reviewIds)].map((id) => this.reviews.findById(id)))).flatMap((review) => (review ? [[review.id, review] as const] : [])));
    return {
      items: rows.map((row): AdminReportDto => {
        const review = row.targetType === 'review' ? reviews.get(row.targetId) : undefined;
        return {
          id: row.id,
          targetType: row.targetType,
          targetId: row.targetId,
          agentId: row.agentId,
          agentName: agents.get(row.agentId)?.name ?? null,
          review: review ? { id: review.id, rating: review.rating, comment: review.comment, authorUsername: review.authorHandle, hidden: review.hidden } : null,
          reason: row.reason,
          details: row.details,
          reporter: row.reporterHandle,
          status: row.status,
          action: row.action,
          note: row.note,
          createdAt: row.createdAt.toISOString(),
          resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
        };
      }),
    };
  }

  /** POST /api-admin/reports/{reportId}/resolve. */
  async resolve(admin: VerifiedIdentity, reportId: string, body: ResolveReportDto): Promise<AdminReportDto> {
    const report = await this.reports.findOneBy({ id: reportId });
    if (!report) throw new ReportNotFoundError();
    if (report.status !== 'open') throw new ReportAlreadyResolvedError();
    if (body.action === 'hide' && report.targetType !== 'review') throw new ActionNotForTargetError('hide');
    if (body.action === 'unpublish' && report.targetType !== 'agent') throw new ActionNotForTargetError('unpublish');

    if (body.action === 'hide') await this.reviews.hide(report.targetId);
    if (body.action === 'unpublish') await this.unpublish(admin, report.agentId, body.note);

    const resolvedAt = new Date();
    const sameTarget = await this.reports.find({ where: { targetType: report.targetType, targetId: report.targetId, status: 'open' } });
    await this.reports.update(
      { id: In(sameTarget.map((row) => row.id)) },
      { status: 'resolved', action: body.action, note: body.note || null, resolvedBy: admin.sub, resolvedAt },
    );
    for (const row of sameTarget) {
      await this.audit.record({
        actorSub: admin.sub,
        action: `report.${body.action}`,
        target: `report:${row.id}`,
        before: { status: 'open' },
        after: { status: 'resolved', action: body.action, note: body.note, targetType: row.targetType, targetId: row.targetId, agentId: row.agentId },
      });
    }
    return this.describe(admin, report.id);
  }

  private async describe(admin: VerifiedIdentity, reportId: string): Promise<AdminReportDto> {
    const report = await this.reports.findOneByOrFail({ id: reportId });
    const agent = (await this.reviews.agentsByIds(admin, [report.agentId])).get(report.agentId);
    const review = report.targetType === 'review' ? await this.reviews.findById(report.targetId) : null;
    return {
      id: report.id,
      targetType: report.targetType,
      targetId: report.targetId,
      agentId: report.agentId,
      agentName: agent?.name ?? null,
      review: review ? { id: review.id, rating: review.rating, comment: review.comment, authorUsername: review.authorHandle, hidden: review.hidden } : null,
      reason: report.reason,
      details: report.details,
      reporter: report.reporterHandle,
      status: report.status,
      action: report.action,
      note: report.note,
      createdAt: report.createdAt.toISOString(),
      resolvedAt: report.resolvedAt ? report.resolvedAt.toISOString() : null,
    };
  }

  private async store(identity: VerifiedIdentity, targetType: ReportTarget, targetId: string, agentId: string, body: CreateReportDto): Promise<ReportReceiptDto> {
    const report = this.reports.create({
      id: randomUUID(),
      targetType,
      targetId,
      agentId,
      reporterSub: identity.sub,
      reporterHandle: await this.users.handleOf(identity),
      reason: body.reason,
      details: body.details ? body.details : null,
      status: 'open',
      action: null,
      note: null,
      resolvedBy: null,
      resolvedAt: null,
      createdAt: new Date(),
    });
    const already = await this.reports.existsBy({ reporterSub: identity.sub, targetType, targetId });
    if (already) throw new AlreadyReportedError(targetType);
    try {
      await this.reports.insert(report);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AlreadyReportedError(targetType);
      throw error;
    }
    return { id: report.id, targetType, targetId, status: report.status, createdAt: report.createdAt.toISOString() };
  }

  /** The agent goes back to private, and its creator is told why (a failed e-mail is logged; the agent stays private). */
  private async unpublish(admin: VerifiedIdentity, agentId: string, note: string): Promise<void> {
    const agent = await this.agents.unpublishForModeration(agentId);
    if (!agent || !agent.ownerSub) return;
    try {
      const { email } = await this.users.contact(admin, agent.ownerSub);
      if (!email) return;
      await this.mail.send({
        to: email,
        subject: `Tu agente «${agent.name}» ya no está publicado`,
        text: [
          `Hola:`,
          '',
          `Tras revisar una denuncia, el equipo de administración ha retirado tu agente «${agent.name}» del marketplace: ahora es privado.`,
          '',
          `Motivo: ${note || 'no se indicó.'}`,
          '',
          'Puedes revisarlo y volver a publicarlo desde Mi Oficina cuando cumpla las normas.',
        ].join('\n'),
      });
    } catch (error) {
      this.logger.error(`No se pudo avisar al creador del agente ${agentId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
