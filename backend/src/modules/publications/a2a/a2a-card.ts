import type { AgentCard, AgentSkill } from '@a2a-js/sdk';
import { toolNameOf } from '../../tools/tool-names';
import type { PublishedAgent } from '../key-resolver';

/** The path of an agent's A2A JSON-RPC endpoint, under /api; its Agent Card is below it. */
export const a2aPathOf = (agentId: string) => `/api/a2a/${encodeURIComponent(agentId)}`;
export const A2A_CARD_PATH = '.well-known/agent-card.json';

/** The security scheme of every card: the publication's API key as a bearer token. */
const API_KEY_SCHEME = 'apiKey';

/** Unique within the card, readable: 'contratos_laborales-1'. */
const skillId = (name: string, index: number) => `${toolNameOf(name).toLowerCase()}-${index + 1}`;

/**
 * A published agent's Agent Card (A2A 1.0): its name, description and skills (one per skill of
 * the agent, with its conversation starters as examples; the agent itself when it lists none),
 * its JSON-RPC endpoint for A2A 1.0 and 0.3 clients, and the key as a bearer token.
 */
export function agentCardOf(publicUrl: string, published: PublishedAgent): AgentCard {
  const agent = published.agent as NonNullable<PublishedAgent['agent']>;
  const url = `${publicUrl}${a2aPathOf(agent.id)}`;
  const skill = (name: string, index: number, description: string): AgentSkill => ({
    id: skillId(name, index),
    name,
    description,
    tags: [name],
    examples: agent.conversationStarters,
    inputModes: [],
    outputModes: [],
    securityRequirements: [],
  });
  const skills = agent.skills.length > 0 ? agent.skills.map((name, index) => skill(name, index, `${name} (${agent.name})`)) : [skill(agent.name, 0, agent.description)];
  return {
    name: agent.name,
    description: agent.description,
    supportedInterfaces: [
      { url, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
      { url, protocolBinding: 'JSONRPC', protocolVersion: '0.3', tenant: '' },
    ],
    provider: undefined,
    version: String(published.prompt?.version ?? 1),
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {
      [API_KEY_SCHEME]: {
        scheme: {
          $case: 'httpAuthSecurityScheme',
          value: { scheme: 'Bearer', bearerFormat: 'nova_sk_…', description: 'Una clave de API de la publicación del agente, en «Authorization: Bearer <clave>».' },
        },
      },
    },
    securityRequirements: [{ schemes: { [API_KEY_SCHEME]: { list: [] } } }],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['text/plain'],
    skills,
    signatures: [],
  };
}
