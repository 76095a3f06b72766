import type { Agent, Ecosystem } from '../src/features/marketplace';

export function agentFixture(overrides: Partial<Agent> = {}): Agent {
  const id = overrides.id ?? 'agente-legal';
  return {
    id,
    name: 'Asesor Legal',
    category: 'legal',
    description: 'Explica contratos y normativa.',
    avatar: null,
    skills: ['Análisis de contratos'],
    capabilities: ['Revisar cláusulas'],
    useCases: ['Revisar un alquiler'],
    price: 0,
    rating: 4.5,
    ratingCount: 12,
    popularity: 10,
    modelConfig: { modelId: null },
    conversationStarters: [],
    temperature: null,
    maxAnswerTokens: null,
    createdBy: 'system',
    creatorId: null,
    priceId: null,
    ecosystemInclusionAllowed: false,
    ecosystemMinimumPrice: 0,
    isPublic: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function ecosystemFixture(overrides: Partial<Ecosystem> = {}): Ecosystem {
  return {
    id: 'eco-pyme',
    name: 'Pyme Completa',
    description: 'Legal, finanzas y marketing.',
    category: 'general',
    agentIds: ['agente-legal'],
    avatar: null,
    price: 100,
    discount: 20,
    monthlyPrice: 80,
    createdBy: 'admin',
    creatorId: null,
    priceId: null,
    isPublic: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    tags: ['pyme'],
    rating: 0,
    ratingCount: 0,
    featured: false,
    popularity: 3,
    ...overrides,
  };
}

export const page = <T>(items: T[], total = items.length) => ({ items, total, page: 1, limit: 24 });
