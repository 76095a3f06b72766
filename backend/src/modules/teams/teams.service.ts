import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { mayRead, type OwnedResource } from '../../common/access/access-policy';
import { AgentsService } from '../agents/agents.service';
import { isUniqueViolation } from '../../database/database-errors';
import type { Agent } from '../agents/entities/agent.entity';
import { EcosystemsService } from '../ecosystems/ecosystems.service';
import { AvatarFiles } from '../files/avatar-files';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { UsersService } from '../users/users.service';
import type { TeamAgentDto, TeamRemovalDto, UserAgentDto, UserEcosystemDto } from './dto/team.dto';
import { UserAgent } from './entities/user-agent.entity';
import { UserEcosystem } from './entities/user-ecosystem.entity';
import {
  AgentAlreadyInTeamError,
  AgentNotInTeamError,
  EcosystemAlreadyInTeamError,
  EcosystemNotInTeamError,
  TeamChangedConcurrentlyError,
  TeamTooLargeError,
  UnknownTeamAgentsError,
} from './teams.errors';

export const MAX_TEAM_AGENTS = 200;

/** The agents and ecosystems of a user's team (/my-office). */
@Injectable()
export class TeamsService {
  constructor(
    @InjectRepository(UserAgent) private readonly userAgents: Repository<UserAgent>,
    @InjectRepository(UserEcosystem) private readonly userEcosystems: Repository<UserEcosystem>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly agents: AgentsService,
    private readonly ecosystems: EcosystemsService,
    private readonly users: UsersService,
    private readonly avatarFiles: AvatarFiles,
  ) {}

  async listAgents(identity: VerifiedIdentity, userId: string): Promise<UserAgentDto[]> {
    const owner = await this.users.subjectOf(identity, userId);
    const links = await this.userAgents.find({
      where: { userId: owner },
      relations: { agent: true },
      order: { addedAt: 'ASC', agentId: 'ASC' },
    });
    return this.avatarFiles.withReadableAvatars(
      links.map((link) => ({ ownerSub: link.agent?.ownerSub ?? null, avatar: link.avatar })),
      links.map((link) => toUserAgentDto(withCurrentCard(link, link.agent, owner))),
    );
  }

  async addAgent(identity: VerifiedIdentity, userId: string, body: TeamAgentDto): Promise<UserAgentDto> {
    const owner = await this.users.subjectOf(identity, userId);
    const agent = await this.agents.findVisible(identity, body.agentId);
    if (await this.userAgents.existsBy({ userId: owner, agentId: agent.id })) throw new AgentAlreadyInTeamError();
    try {
      await this.userAgents.insert(agentLink(owner, agent));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AgentAlreadyInTeamError();
      throw error;
    }
    const [added] = await this.avatarFiles.withReadableAvatars(
      [agent],
      [toUserAgentDto(await this.userAgents.findOneByOrFail({ userId: owner, agentId: agent.id }))],
    );
    return added;
  }

  async removeAgent(identity: VerifiedIdentity, userId: string, agentId: string): Promise<TeamRemovalDto> {
    const owner = await this.users.subjectOf(identity, userId);
    const result = await this.userAgents.delete({ userId: owner, agentId });
    if (!result.affected) throw new AgentNotInTeamError();
    return { success: true, id: agentId };
  }

  /**
   * PUT /user-agents/{userId}/sync: the team becomes exactly this list (repeats collapse, order
   * kept). Nothing changes if any agent is unknown or not visible to the caller.
   */
  async syncAgents(identity: VerifiedIdentity, userId: string, items: TeamAgentDto[]): Promise<UserAgentDto[]> {
    const owner = await this.users.subjectOf(identity, userId);
    const ids = [...new Set(items.map((item) => item.agentId))];
    if (ids.length > MAX_TEAM_AGENTS) throw new TeamTooLargeError(MAX_TEAM_AGENTS);
    const found = await this.agents.findVisibleMany(identity, ids);
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length > 0) throw new UnknownTeamAgentsError(unknown);

    // Entries keep their addedAt when they stay; new ones get increasing times so the order holds.
    const previous = new Map((await this.userAgents.findBy({ userId: owner })).map((link) => [link.agentId, link]));
    const start = Date.now();
    const rows = ids.map((id, index) => ({
      ...agentLink(owner, found.get(id) as Agent),
      addedAt: previous.get(id)?.addedAt ?? new Date(start + index),
    }));
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.delete(UserAgent, { userId: owner });
        if (rows.length > 0) await manager.insert(UserAgent, rows);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new TeamChangedConcurrentlyError();
      throw error;
    }
    return this.listAgents(identity, userId);
  }

  async listEcosystems(identity: VerifiedIdentity, userId: string): Promise<UserEcosystemDto[]> {
    const owner = await this.users.subjectOf(identity, userId);
    const links = await this.userEcosystems.find({
      where: { userId: owner },
      relations: { ecosystem: true },
      order: { addedAt: 'ASC', ecosystemId: 'ASC' },
    });
    return this.avatarFiles.withReadableAvatars(
      links.map((link) => ({ ownerSub: link.ecosystem?.ownerSub ?? null, avatar: link.avatar })),
      links.map((link) => toUserEcosystemDto(withCurrentCard(link, link.ecosystem, owner))),
    );
  }

  async addEcosystem(identity: VerifiedIdentity, userId: string, ecosystemId: string): Promise<UserEcosystemDto> {
    const owner = await this.users.subjectOf(identity, userId);
    const ecosystem = await this.ecosystems.findVisible(identity, ecosystemId);
    if (await this.userEcosystems.existsBy({ userId: owner, ecosystemId: ecosystem.id })) {
      throw new EcosystemAlreadyInTeamError();
    }
    const link = {
      userId: owner,
      ecosystemId: ecosystem.id,
      name: ecosystem.name,
      category: ecosystem.category,
      description: ecosystem.description,
      avatar: ecosystem.avatar,
    };
    try {
      await this.userEcosystems.insert(link);
    } catch (error) {
      if (isUniqueViolation(error)) throw new EcosystemAlreadyInTeamError();
      throw error;
    }
    const [added] = await this.avatarFiles.withReadableAvatars(
      [ecosystem],
      [toUserEcosystemDto(await this.userEcosystems.findOneByOrFail({ userId: owner, ecosystemId: ecosystem.id }))],
    );
    return added;
  }

  async removeEcosystem(identity: VerifiedIdentity, userId: string, ecosystemId: string): Promise<TeamRemovalDto> {
    const owner = await this.users.subjectOf(identity, userId);
    const result = await this.userEcosystems.delete({ userId: owner, ecosystemId });
    if (!result.affected) throw new EcosystemNotInTeamError();
    return { success: true, id: ecosystemId };
  }
}

function agentLink(userId: string, agent: Agent) {
  return {
    userId,
    agentId: agent.id,
    name: agent.name,
    category: agent.category,
    description: agent.description,
    avatar: agent.avatar,
  };
}

interface Card {
  name: string;
  category: string;
  description: string;
  avatar: string | null;
}

/**
 * The card as the agent or ecosystem shows it now, so that renames reach every team. One that
 * has since become private to someone else keeps the card it had when it was added: the team's
 * owner, not whoever lists it (an admin), decides what it may show.
 */
function withCurrentCard<T extends Card>(link: T, source: (Card & OwnedResource) | undefined, owner: string): T {
  if (!source || !mayRead({ sub: owner, role: 'user' }, source)) return link;
  return { ...link, name: source.name, category: source.category, description: source.description, avatar: source.avatar };
}

function toUserAgentDto(link: UserAgent): UserAgentDto {
  return {
    agentId: link.agentId,
    name: link.name,
    category: link.category,
    description: link.description,
    avatar: link.avatar,
    addedAt: link.addedAt.toISOString(),
  };
}

function toUserEcosystemDto(link: UserEcosystem): UserEcosystemDto {
  return {
    userId: link.userId,
    ecosystemId: link.ecosystemId,
    name: link.name,
    category: link.category,
    description: link.description,
    avatar: link.avatar,
    addedAt: link.addedAt.toISOString(),
  };
}
