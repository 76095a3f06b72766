import { Injectable } from '@nestjs/common';
import { AgentsService } from '../../agents/agents.service';
import type { AgentDto } from '../../agents/dto/agent.dto';
import { EcosystemsService } from '../../ecosystems/ecosystems.service';
import type { CreatorDto } from '../dto/creator.dto';
import { CreatorNotFoundError } from '../reviews.errors';
import { UsageReadModel } from '../usage-read-model';

/** A creator page shows at most this many agents and as many ecosystems. */
export const CREATOR_PAGE_LIMIT = 100;

/**
 * GET /creators/{username} (issue 34): a creator's public page, by their public name (never their
 * e-mail): when they joined, their public agents and ecosystems, and the rating of all their
 * agents' visible reviews together.
 */
@Injectable()
export class CreatorsService {
  constructor(
    private readonly reads: UsageReadModel,
    private readonly agents: AgentsService,
    private readonly ecosystems: EcosystemsService,
  ) {}

  async get(username: string): Promise<CreatorDto> {
    const profile = await this.reads.profileByHandle(username);
    if (!profile) throw new CreatorNotFoundError();
    const [listed, ecosystems] = await Promise.all([
      this.agents.list(undefined, { creator: profile.sub, public: true, page: 1, limit: CREATOR_PAGE_LIMIT, sortBy: 'popularity' }),
      this.ecosystems.publicOf(profile.sub, CREATOR_PAGE_LIMIT),
    ]);
    // The listing's agents come serialised (see AgentsService.page); only the creator's own ones count.
    const agents = listed.page.items.map((json) => JSON.parse(json) as AgentDto).filter((agent) => agent.creatorId === profile.sub);
    const ratingCount = agents.reduce((total, agent) => total + agent.ratingCount, 0);
    const stars = agents.reduce((total, agent) => total + agent.rating * agent.ratingCount, 0);
    return {
      username: profile.handle,
      name: profile.handle,
      avatar: null,
      memberSince: profile.createdAt.toISOString(),
      rating: ratingCount === 0 ? 0 : Math.round((stars / ratingCount) * 10) / 10,
      ratingCount,
      agents,
      ecosystems,
    };
  }
}
