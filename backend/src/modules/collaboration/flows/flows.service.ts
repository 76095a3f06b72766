import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isAdmin } from '../../../common/access/access-policy';
import { AdminRequiredError } from '../../../common/auth/auth.errors';
import type { VerifiedIdentity } from '../../../common/auth/id-token-verifier';
import { FlowNotFoundError, InvalidFlowError } from '../collaboration.errors';
import { CollaborationService } from '../collaboration.service';
import type { CollaborationSessionDto, RunFlowDto } from '../dto/collaboration.dto';
import type { DeletedFlowDto, FlowDto, SaveFlowDto } from '../dto/flow.dto';
import { CollaborationFlow } from '../entities/collaboration-flow.entity';
import { planOf } from './flow-graph';

function toFlowDto(flow: CollaborationFlow): FlowDto {
  return {
    id: flow.id,
    name: flow.name,
    description: flow.description,
    isTemplate: flow.isTemplate,
    nodes: flow.nodes,
    edges: flow.edges,
    createdAt: flow.createdAt.toISOString(),
    updatedAt: flow.updatedAt.toISOString(),
  };
}

/**
 * The flow editor's saved flows: admins create, edit and delete them; every signed-in user may
 * list, read and run the ones marked as templates (others are 404 to them).
 */
@Injectable()
export class FlowsService {
  constructor(
    @InjectRepository(CollaborationFlow) private readonly flows: Repository<CollaborationFlow>,
    private readonly sessions: CollaborationService,
  ) {}

  async list(identity: VerifiedIdentity): Promise<FlowDto[]> {
    const rows = await this.flows.find({ where: isAdmin(identity) ? {} : { isTemplate: true }, order: { updatedAt: 'DESC' } });
    return rows.map(toFlowDto);
  }

  async get(identity: VerifiedIdentity, id: string): Promise<FlowDto> {
    return toFlowDto(await this.findReadable(identity, id));
  }

  async create(identity: VerifiedIdentity, body: SaveFlowDto): Promise<FlowDto> {
    this.assertAdmin(identity);
    validated(body);
    const now = new Date();
    const flow = this.flows.create({ id: randomUUID(), ...this.fields(body), ownerSub: identity.sub, createdAt: now, updatedAt: now });
    await this.flows.insert(flow);
    return toFlowDto(flow);
  }

  async update(identity: VerifiedIdentity, id: string, body: SaveFlowDto): Promise<FlowDto> {
    this.assertAdmin(identity);
    const flow = await this.findReadable(identity, id);
    validated(body);
    Object.assign(flow, this.fields(body), { updatedAt: new Date() });
    await this.flows.save(flow);
    return toFlowDto(flow);
  }

  async remove(identity: VerifiedIdentity, id: string): Promise<DeletedFlowDto> {
    this.assertAdmin(identity);
    await this.findReadable(identity, id);
    await this.flows.delete({ id });
    return { success: true, id };
  }

  /** A session whose tasks follow the flow's steps; the caller must be allowed to chat with every agent in it. */
  async run(identity: VerifiedIdentity, id: string, body: RunFlowDto): Promise<CollaborationSessionDto> {
    const flow = await this.findReadable(identity, id);
    const plan = validated(flow);
    return this.sessions.start(identity, { agentIds: plan.flat(), query: body.query, conversationId: body.conversationId, plan, flowId: flow.id });
  }

  private fields(body: SaveFlowDto): Pick<CollaborationFlow, 'name' | 'description' | 'isTemplate' | 'nodes' | 'edges'> {
    return {
      name: body.name,
      description: body.description ?? '',
      isTemplate: body.isTemplate ?? false,
      nodes: body.nodes.map((node) => ({ id: node.id, type: node.type, ...(node.agentId ? { agentId: node.agentId } : {}), position: { x: node.position.x, y: node.position.y } })),
      edges: body.edges.map((edge) => ({ source: edge.source, target: edge.target })),
    };
  }

  private assertAdmin(identity: VerifiedIdentity): void {
    if (!isAdmin(identity)) throw new AdminRequiredError();
  }

  private async findReadable(identity: VerifiedIdentity, id: string): Promise<CollaborationFlow> {
    const flow = await this.flows.findOneBy({ id });
    if (!flow || (!flow.isTemplate && !isAdmin(identity))) throw new FlowNotFoundError();
    return flow;
  }
}

function validated(flow: Pick<SaveFlowDto, 'nodes' | 'edges'>) {
  try {
    return planOf(flow.nodes, flow.edges);
  } catch (error) {
    throw new InvalidFlowError(error instanceof Error ? error.message : String(error));
  }
}
