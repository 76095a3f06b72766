import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import type { CreatePromptVersionDto, DeletedPromptDto, DeletedPromptVersionDto, PromptVersionDto } from './dto/prompts.dto';
import { UsersService } from '../users/users.service';
import { PromptAccess } from './prompt-access';
import { PromptTestsService } from './prompt-tests.service';
import { PromptVersionStore, type StoredPromptVersion } from './prompt-version-store';
import {
  CandidateFailsMoreTestsError,
  CurrentVersionNotDeletableError,
  PromptNotFoundError,
  PromptVersionNotFoundError,
} from './prompts.errors';

function toDto(version: StoredPromptVersion): PromptVersionDto {
  return {
    agentId: version.agentId,
    version: version.version,
    prompt: version.prompt,
    name: version.name,
    description: version.description,
    isCurrentVersion: version.isCurrentVersion,
    createdBy: version.createdBy,
    createdAt: version.createdAt,
  };
}

/** An agent's prompt versions (spec section 7, Prompts and fine-tuning): every call is its creator's or an admin's. */
@Injectable()
export class PromptsService {
  constructor(
    private readonly access: PromptAccess,
    private readonly store: PromptVersionStore,
    private readonly tests: PromptTestsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  async current(identity: VerifiedIdentity, agentId: string): Promise<PromptVersionDto> {
    await this.access.modifiableAgent(identity, agentId);
    const current = await this.store.current(agentId);
    if (!current) throw new PromptNotFoundError();
    return toDto(current);
  }

  /** The current prompt of each agent the caller created. */
  async currentOfMine(identity: VerifiedIdentity): Promise<PromptVersionDto[]> {
    return (await this.store.currentOf(await this.access.ownedAgentIds(identity))).map(toDto);
  }

  async add(identity: VerifiedIdentity, body: CreatePromptVersionDto): Promise<PromptVersionDto> {
    await this.access.modifiableAgent(identity, body.agentId);
    // The author's public name: an admin's edit must not show the agent's creator the admin's e-mail address.
    const author = await this.users.handleOf(identity);
    const added = await this.dataSource.transaction((manager) =>
      this.store.add(manager, {
        agentId: body.agentId,
        prompt: body.prompt,
        name: body.versionName,
        description: body.versionDescription,
        createdBy: author,
      }),
    );
    return toDto(added);
  }

  async removeAll(identity: VerifiedIdentity, agentId: string): Promise<DeletedPromptDto> {
    await this.access.modifiableAgent(identity, agentId);
    if (!(await this.store.deleteAll(agentId))) throw new PromptNotFoundError();
    return { success: true, agentId };
  }

  async versions(identity: VerifiedIdentity, agentId: string): Promise<PromptVersionDto[]> {
    await this.access.modifiableAgent(identity, agentId);
    return (await this.store.list(agentId)).map(toDto);
  }

  async version(identity: VerifiedIdentity, agentId: string, version: number): Promise<PromptVersionDto> {
    await this.access.modifiableAgent(identity, agentId);
    return toDto(await this.existing(agentId, version));
  }

  async removeVersion(identity: VerifiedIdentity, agentId: string, version: number): Promise<DeletedPromptVersionDto> {
    await this.access.modifiableAgent(identity, agentId);
    const outcome = await this.store.delete(agentId, version);
    if (outcome === 'current') throw new CurrentVersionNotDeletableError();
    if (outcome === 'missing') throw new PromptVersionNotFoundError();
    return { success: true, agentId, version };
  }

  /**
   * Makes a version current. Unless forced, refused when its last test run (against the version
   * that is current now) passed fewer cases: the client shows the warning and may confirm.
   */
  async setCurrent(identity: VerifiedIdentity, agentId: string, version: number, force: boolean): Promise<PromptVersionDto> {
    await this.access.modifiableAgent(identity, agentId);
    const target = await this.existing(agentId, version);
    if (target.isCurrentVersion) return toDto(target);
    if (!force) {
      const [run, current] = await Promise.all([this.tests.lastRun(agentId, version), this.store.current(agentId)]);
      if (run && current && run.currentVersion === current.version && run.candidatePassed < run.currentPassed) {
        throw new CandidateFailsMoreTestsError(run.candidatePassed, run.currentPassed, run.total);
      }
    }
    if (!(await this.store.setCurrent(agentId, version))) throw new PromptVersionNotFoundError();
    return toDto(await this.existing(agentId, version));
  }

  private async existing(agentId: string, version: number): Promise<StoredPromptVersion> {
    const found = await this.store.find(agentId, version);
    if (!found) throw new PromptVersionNotFoundError();
    return found;
  }
}
