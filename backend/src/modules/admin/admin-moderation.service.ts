import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AgentsService } from '../agents/agents.service';
import { AgentNotFoundError } from '../agents/agents.errors';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { NotPendingError } from './admin.errors';
import type { ModerationDecisionDto, ModerationQueueDto } from './dto/admin-responses.dto';
import { AuditLog } from '../audit/audit-log.service';

/** The moderation queue (MODERATION_ENABLED): newly public agents wait here for an admin. */
@Injectable()
export class AdminModerationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly agents: AgentsService,
    private readonly audit: AuditLog,
  ) {}

  async pending(): Promise<ModerationQueueDto> {
    return { enabled: this.config.moderationEnabled, items: await this.agents.pendingModeration() };
  }

  async decide(admin: VerifiedIdentity, agentId: string, status: 'approved' | 'rejected', reason?: string): Promise<ModerationDecisionDto> {
    const pending = (await this.agents.pendingModeration()).some((agent) => agent.id === agentId);
    if (!pending) {
      // An unknown agent is a 404 (AgentNotFoundError); a known one not waiting, a 409.
      await this.agents.get(admin, agentId);
      throw new NotPendingError();
    }
    const changed = await this.agents.setModerationStatus(agentId, status);
    if (!changed) throw new AgentNotFoundError();
    await this.audit.record({
      actorSub: admin.sub,
      action: status === 'approved' ? 'moderation.approve' : 'moderation.reject',
      target: `agent:${agentId}`,
      before: { moderationStatus: changed.before },
      after: { moderationStatus: status, ...(reason ? { reason } : {}) },
    });
    return { agentId, moderationStatus: status, reason: reason ?? null };
  }
}
