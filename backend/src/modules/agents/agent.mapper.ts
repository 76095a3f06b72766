import type { AgentDto } from './dto/agent.dto';
import type { Agent } from './entities/agent.entity';

export function toAgentDto(agent: Agent): AgentDto {
  return {
    id: agent.id,
    name: agent.name,
    category: agent.category,
    description: agent.description,
    avatar: agent.avatar,
    skills: agent.skills ?? [],
    capabilities: agent.capabilities ?? [],
    useCases: agent.useCases ?? [],
    price: Number(agent.price),
    rating: Number(agent.rating),
    popularity: agent.popularity,
    modelConfig: { modelId: agent.modelId },
    createdBy: agent.createdBy,
    isPublic: agent.isPublic,
    priceId: agent.priceId ?? null,
    createdAt: agent.createdAt.toISOString(),
    updatedAt: agent.updatedAt.toISOString(),
  };
}
