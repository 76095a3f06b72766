import { Injectable, Module } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { isForeignKeyViolation } from '../../database/database-errors';
import { CurrentPrompt } from './entities/current-prompt.entity';
import { PromptVersion } from './entities/prompt-version.entity';

export interface NewPromptVersion {
  agentId: string;
  prompt: string;
  /** Defaults to 'Versión {n}'. */
  name?: string;
  description?: string;
  /** Its author's public name (users' handle), never their username: the agent's creator reads it. */
  createdBy: string;
}

/** A version with whether it is the agent's current one. */
export interface StoredPromptVersion extends PromptVersion {
  isCurrentVersion: boolean;
}

/**
 * Where prompt versions are written and read, with no rules about who asks (PromptsService and
 * the agents service check those). Writes take an EntityManager so that saving an agent and its
 * prompt is one transaction.
 */
@Injectable()
export class PromptVersionStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Adds a version and makes it current. Numbers come from the agent's pointer row, whose UPDATE
   * locks it on PostgreSQL (SQLite runs one transaction at a time), so racing additions get
   * consecutive numbers and the last to commit is current.
   */
  async add(manager: EntityManager, version: NewPromptVersion): Promise<StoredPromptVersion> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(CurrentPrompt)
      .values({ agentId: version.agentId, currentVersion: null, latestVersion: 0 })
      .orIgnore()
      .execute();
    await manager
      .createQueryBuilder()
      .update(CurrentPrompt)
      .set({ latestVersion: () => 'latest_version + 1' })
      .where('agent_id = :agentId', { agentId: version.agentId })
      .execute();
    const { latestVersion } = await manager.findOneByOrFail(CurrentPrompt, { agentId: version.agentId });
    await manager.insert(PromptVersion, {
      agentId: version.agentId,
      version: latestVersion,
      prompt: version.prompt,
      name: version.name?.trim() || `Versión ${latestVersion}`,
      description: version.description?.trim() ?? '',
      createdBy: version.createdBy,
    });
    await manager.update(CurrentPrompt, { agentId: version.agentId }, { currentVersion: latestVersion });
    const saved = await manager.findOneByOrFail(PromptVersion, { agentId: version.agentId, version: latestVersion });
    return { ...saved, isCurrentVersion: true };
  }

  /** Adds a version unless the current one already says exactly this (saving an agent unchanged adds nothing). */
  async addIfChanged(manager: EntityManager, version: NewPromptVersion): Promise<void> {
    const current = await this.current(version.agentId, manager);
    if (current?.prompt === version.prompt) return;
    await this.add(manager, version);
  }

  async current(agentId: string, manager: EntityManager = this.dataSource.manager): Promise<StoredPromptVersion | null> {
    const version = await manager
      .createQueryBuilder(PromptVersion, 'version')
      .innerJoin(CurrentPrompt, 'pointer', 'pointer.agent_id = version.agent_id AND pointer.current_version = version.version')
      .where('version.agent_id = :agentId', { agentId })
      .getOne();
    return version ? { ...version, isCurrentVersion: true } : null;
  }

  async currentOf(agentIds: string[]): Promise<StoredPromptVersion[]> {
    if (agentIds.length === 0) return [];
    const versions = await this.dataSource.manager
      .createQueryBuilder(PromptVersion, 'version')
      .innerJoin(CurrentPrompt, 'pointer', 'pointer.agent_id = version.agent_id AND pointer.current_version = version.version')
      .where('version.agent_id IN (:...agentIds)', { agentIds })
      .orderBy('version.agent_id')
      .getMany();
    return versions.map((version) => ({ ...version, isCurrentVersion: true }));
  }

  /** Newest first. */
  async list(agentId: string): Promise<StoredPromptVersion[]> {
    const [versions, pointer] = await Promise.all([
      this.dataSource.manager.find(PromptVersion, { where: { agentId }, order: { version: 'DESC' } }),
      this.dataSource.manager.findOneBy(CurrentPrompt, { agentId }),
    ]);
    return versions.map((version) => ({ ...version, isCurrentVersion: version.version === pointer?.currentVersion }));
  }

  async find(agentId: string, version: number): Promise<StoredPromptVersion | null> {
    const [found, pointer] = await Promise.all([
      this.dataSource.manager.findOneBy(PromptVersion, { agentId, version }),
      this.dataSource.manager.findOneBy(CurrentPrompt, { agentId }),
    ]);
    return found ? { ...found, isCurrentVersion: found.version === pointer?.currentVersion } : null;
  }

  /** Whether the version now is current; false when it does not exist (or was deleted meanwhile). */
  async setCurrent(agentId: string, version: number): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await manager.existsBy(PromptVersion, { agentId, version }))) return false;
      const result = await manager.update(CurrentPrompt, { agentId }, { currentVersion: version });
      return (result.affected ?? 0) > 0;
    }).catch((error: unknown) => {
      // The foreign key refuses a version deleted since the check above.
      if (isForeignKeyViolation(error)) return false;
      throw error;
    });
  }

  /**
   * Deletes a version that is not current: 'current' when it is (the foreign key refuses it
   * even when it became current after the check), 'missing' when there is none.
   */
  async delete(agentId: string, version: number): Promise<'deleted' | 'current' | 'missing'> {
    return this.dataSource.transaction(async (manager) => {
      const pointer = await manager.findOneBy(CurrentPrompt, { agentId });
      if (pointer?.currentVersion === version) return 'current';
      const result = await manager.delete(PromptVersion, { agentId, version });
      return (result.affected ?? 0) > 0 ? ('deleted' as const) : ('missing' as const);
    }).catch((error: unknown) => {
      // It became current after the check above: the foreign key keeps it.
      if (isForeignKeyViolation(error)) return 'current' as const;
      throw error;
    });
  }

  /** Deletes every version (the agent has no prompt any more); false when it had none. */
  async deleteAll(agentId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const pointer = await manager.delete(CurrentPrompt, { agentId });
      await manager.delete(PromptVersion, { agentId });
      return (pointer.affected ?? 0) > 0;
    });
  }
}

/** The store alone, for the agents module (which saves an agent's prompt with it). */
@Module({
  imports: [TypeOrmModule.forFeature([PromptVersion, CurrentPrompt])],
  providers: [PromptVersionStore],
  exports: [PromptVersionStore],
})
export class PromptVersionStoreModule {}
