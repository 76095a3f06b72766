import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { mayModify } from '../../common/access/access-policy';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { AgentNotOwnedError } from '../agents/agents.errors';
import { AgentsService } from '../agents/agents.service';
import type { Agent } from '../agents/entities/agent.entity';
import type { CreateToolSourceDto, TestToolDto, ToolAuthDto, ToolSourceDto, ToolSourceListDto, ToolTestResultDto, UpdateToolSourceDto } from './dto/tools.dto';
import { type StoredTool, ToolSource } from './entities/tool-source.entity';
import { ToolCredentials } from './tool-credentials';
import { type Discovery, ToolRunner } from './tool-runner';
import { ToolNotFoundError, ToolSourceBusyError, ToolSourceInvalidError, ToolSourceLimitError, ToolSourceNotFoundError } from './tools.errors';
import { toToolSourceDto } from './tools.mapper';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_TOOL_SOURCES_PER_AGENT = 20;

/**
 * An agent's tool sources (issue 33): its creator connects MCP servers and OpenAPI APIs, the tools
 * in them are discovered (on creation and on refresh), enabled one by one and tried. Only the
 * agent's creator and admins reach them: another user gets 404 for an agent they may not see and
 * 403 for one they may (a public agent), as the agent's knowledge.
 */
@Injectable()
export class ToolsService {
  constructor(
    @InjectRepository(ToolSource) private readonly sources: Repository<ToolSource>,
    private readonly agents: AgentsService,
    private readonly runner: ToolRunner,
    private readonly credentials: ToolCredentials,
  ) {}

  async list(identity: VerifiedIdentity, agentId: string): Promise<ToolSourceListDto> {
    const agent = await this.modifiableAgent(identity, agentId);
    const rows = await this.sources.find({ where: { agentId: agent.id }, order: { createdAt: 'ASC', id: 'ASC' } });
    return { items: rows.map(toToolSourceDto) };
  }

  async create(identity: VerifiedIdentity, agentId: string, body: CreateToolSourceDto): Promise<ToolSourceDto> {
    const agent = await this.modifiableAgent(identity, agentId);
    if ((await this.sources.countBy({ agentId: agent.id })) >= MAX_TOOL_SOURCES_PER_AGENT) throw new ToolSourceLimitError(MAX_TOOL_SOURCES_PER_AGENT);
    const name = body.name.trim();
    if (!name) throw new ToolSourceInvalidError('Escribe un nombre para la fuente de herramientas.');
    const source = this.sources.create({
      id: randomUUID(),
      agentId: agent.id,
      type: body.type,
      name,
      url: null,
      openapi: null,
      baseUrl: null,
      authType: 'none',
      authHeaderName: null,
      authSecret: null,
      authHint: null,
      status: 'failed',
      error: null,
      tools: [],
      version: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    if (body.type === 'mcp') {
      source.url = httpUrl(body.url, 'Indica la URL del servidor MCP (http:// o https://).');
    } else {
      if (!body.openapi?.trim()) throw new ToolSourceInvalidError('Pega o sube el documento OpenAPI.');
      source.openapi = body.openapi;
      source.baseUrl = body.baseUrl?.trim() ? httpUrl(body.baseUrl, 'La URL base de la API debe empezar por http:// o https://.') : null;
    }
    this.applyAuth(source, body.auth ?? { type: 'none' }, true);
    this.applyDiscovery(source, await this.runner.discover(this.credentials.accessOf(source)));
    await this.sources.save(source);
    return toToolSourceDto(await this.sources.findOneByOrFail({ id: source.id }));
  }

  async update(identity: VerifiedIdentity, agentId: string, sourceId: string, body: UpdateToolSourceDto): Promise<ToolSourceDto> {
    const agent = await this.modifiableAgent(identity, agentId);
    const name = body.name?.trim();
    if (body.name !== undefined && !name) throw new ToolSourceInvalidError('Escribe un nombre para la fuente de herramientas.');
    const source = await this.change(agent, sourceId, (current) => {
      if (name) current.name = name;
      if (body.auth) this.applyAuth(current, body.auth, false);
      if (body.tools) {
        const byName = new Map(current.tools.map((tool) => [tool.name, { ...tool }]));
        for (const change of body.tools) {
          const tool = byName.get(change.name);
          if (!tool) throw new ToolNotFoundError(change.name);
          tool.enabled = change.enabled;
          tool.requiresConfirmation = change.requiresConfirmation;
        }
        current.tools = [...byName.values()];
      }
    });
    return toToolSourceDto(source);
  }

  async remove(identity: VerifiedIdentity, agentId: string, sourceId: string): Promise<void> {
    const source = await this.findSource(await this.modifiableAgent(identity, agentId), sourceId);
    await this.sources.delete({ id: source.id });
  }

  /** Discovers again; the builder's switches stay on the tools that are still there. */
  async refresh(identity: VerifiedIdentity, agentId: string, sourceId: string): Promise<ToolSourceDto> {
    const agent = await this.modifiableAgent(identity, agentId);
    const discovery = await this.runner.discover(this.credentials.accessOf(await this.findSource(agent, sourceId)));
    // Applied to the row as it is then: a switch changed during the discovery is kept.
    return toToolSourceDto(await this.change(agent, sourceId, (current) => this.applyDiscovery(current, discovery)));
  }

  /**
   * Applies `apply` to the source as stored and writes it only if nobody changed it meanwhile
   * (its version); otherwise reads it again and retries, so two switches flipped at once both stay.
   */
  private async change(agent: Agent, sourceId: string, apply: (source: ToolSource) => void): Promise<ToolSource> {
    for (let attempt = 0; ; attempt++) {
      const source = await this.findSource(agent, sourceId);
      const version = source.version;
      apply(source);
      source.version = version + 1;
      source.updatedAt = new Date();
      const { id, agentId, createdAt, ...fields } = source;
      void agentId;
      void createdAt;
      const result = await this.sources.update({ id, version }, { ...fields, tools: fields.tools as never });
      if (result.affected === 1) return source;
      if (attempt >= 10) throw new ToolSourceBusyError();
    }
  }

  async test(identity: VerifiedIdentity, agentId: string, sourceId: string, body: TestToolDto): Promise<ToolTestResultDto> {
    const source = await this.findSource(await this.modifiableAgent(identity, agentId), sourceId);
    const tool = source.tools.find((candidate) => candidate.name === body.tool);
    if (!tool) throw new ToolNotFoundError(body.tool);
    const outcome = await this.runner.call(this.credentials.accessOf(source), tool, body.arguments ?? {});
    return { ok: outcome.ok, output: outcome.output, truncated: outcome.truncated ?? false };
  }

  private applyDiscovery(source: ToolSource, discovery: Discovery): void {
    if (discovery.status === 'failed') {
      source.status = 'failed';
      source.error = discovery.error;
      return;
    }
    const previous = new Map(source.tools.map((tool) => [tool.name, tool]));
    source.tools = discovery.tools.map((tool): StoredTool => {
      const before = previous.get(tool.name);
      return before ? { ...tool, enabled: before.enabled, requiresConfirmation: before.requiresConfirmation } : tool;
    });
    if (source.type === 'openapi' && discovery.baseUrl !== undefined && !source.baseUrl) source.baseUrl = discovery.baseUrl;
    source.status = 'ready';
    source.error = null;
  }

  /** On PUT, an auth without value keeps the stored credential (the builder only sees '••••'). */
  private applyAuth(source: ToolSource, auth: ToolAuthDto, creating: boolean): void {
    if (auth.type === 'none') {
      Object.assign(source, { authType: 'none', authHeaderName: null, authSecret: null, authHint: null });
      return;
    }
    if (auth.type === 'header' && !auth.headerName) throw new ToolSourceInvalidError('Indica el nombre de la cabecera de la credencial.');
    const value = auth.value?.trim();
    if (!value && (creating || !source.authSecret)) throw new ToolSourceInvalidError('Indica la credencial.');
    source.authType = auth.type;
    source.authHeaderName = auth.type === 'header' ? (auth.headerName ?? null) : null;
    if (value) {
      source.authSecret = this.credentials.seal(value);
      source.authHint = value.length > 8 ? value.slice(-4) : '';
    }
  }

  private async modifiableAgent(identity: VerifiedIdentity, agentId: string): Promise<Agent> {
    const agent = await this.agents.findVisible(identity, agentId);
    if (!mayModify(identity, agent)) throw new AgentNotOwnedError();
    return agent;
  }

  private async findSource(agent: Agent, sourceId: string): Promise<ToolSource> {
    const source = UUID_PATTERN.test(sourceId) ? await this.sources.findOneBy({ id: sourceId, agentId: agent.id }) : null;
    if (!source) throw new ToolSourceNotFoundError();
    return source;
  }
}

function httpUrl(value: string | undefined, message: string): string {
  const text = value?.trim() ?? '';
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return text;
  } catch {
    // falls through to the error
  }
  throw new ToolSourceInvalidError(message);
}
