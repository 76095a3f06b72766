import type { CollaborationSessionDto, SessionAgentDto } from './dto/collaboration.dto';
import type { CollaborationSession, SessionAgent } from './entities/collaboration-session.entity';

function agentDto(agent: SessionAgent, priorities: Record<string, number>): SessionAgentDto {
  return {
    id: agent.id,
    name: agent.name,
    category: agent.category,
    description: agent.description,
    avatar: agent.avatar,
    rating: agent.rating,
    popularity: agent.popularity,
    priority: priorities[agent.id] ?? null,
  };
}

export function toSessionDto(row: CollaborationSession): CollaborationSessionDto {
  const { priorities, responses, taskAssignments, usage, log, sources } = row.progress;
  const agents = row.agents.map((agent) => agentDto(agent, priorities));
  return {
    id: row.id,
    agents,
    coordinator: agents.find((agent) => agent.id === row.coordinatorId) ?? null,
    status: row.status,
    query: row.query,
    topic: row.topic,
    responses,
    finalResponse: row.finalResponse,
    sources: sources ?? [],
    error: row.error,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime ? row.endTime.toISOString() : null,
    deliberationLog: log,
    taskAssignments,
    usage,
    conversationId: row.conversationId,
    flowId: row.flowId,
    replayOf: row.replayOf,
  };
}
