import type { Conversation } from '../api/chatQueries';
import { categoryOf, filterByTitle, groupConversations, sortByUpdatedAt, titleToSave } from './conversations';

const conversation = (overrides: Partial<Conversation>): Conversation => ({
  id: 'c',
  title: 'Nueva conversación',
  userId: 'u1',
  metadata: {},
  category: 'main',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('categoryOf (spec section 4)', () => {
  it('is fine-tuning by the flag or the type', () => {
    expect(categoryOf('Chat con Legal', { isFineTuningConversation: true })).toBe('fine-tuning');
    expect(categoryOf('x', { type: 'fine-tuning' })).toBe('fine-tuning');
  });

  it("is agent when the title says 'Chat con' or it has an agent without the bedrock or creator flags", () => {
    expect(categoryOf('Chat con Asesor Legal', {})).toBe('agent');
    expect(categoryOf('Mi chat', { agentId: 'agente-legal' })).toBe('agent');
    expect(categoryOf('Mi chat', { agentId: 'a', useBedrockAgent: true })).toBe('main');
    expect(categoryOf('Mi chat', { agentId: 'a', isCreatorAgent: true })).toBe('main');
  });

  it('is the main assistant otherwise', () => {
    expect(categoryOf('Nueva conversación', { isCreatorAgent: true })).toBe('main');
    expect(categoryOf('Flujo de Agentes', { fromFlow: true })).toBe('main');
  });
});

describe('groupConversations', () => {
  const list = [
    conversation({ id: 'm-old', title: 'Plan de ventas', updatedAt: '2026-01-01T10:00:00.000Z' }),
    conversation({ id: 'a-new', title: 'Chat con Asesor Legal', category: 'agent', updatedAt: '2026-01-03T10:00:00.000Z' }),
    conversation({ id: 'm-new', title: 'Ideas de marketing', updatedAt: '2026-01-02T10:00:00.000Z' }),
    conversation({ id: 'a-old', title: 'Chat con Finanzas', category: 'agent', updatedAt: '2026-01-01T09:00:00.000Z' }),
    conversation({ id: 'ft', title: 'Ajuste', category: 'fine-tuning', updatedAt: '2026-01-05T10:00:00.000Z' }),
  ];

  it('splits main and agent chats, newest updatedAt first, and leaves fine-tuning out', () => {
    const groups = groupConversations(list);
    expect(groups.main.map((c) => c.id)).toEqual(['m-new', 'm-old']);
    expect(groups.agent.map((c) => c.id)).toEqual(['a-new', 'a-old']);
  });

  it('filters by title, case-insensitively, before grouping', () => {
    const groups = groupConversations(list, '  CHAT con ');
    expect(groups.main).toEqual([]);
    expect(groups.agent.map((c) => c.id)).toEqual(['a-new', 'a-old']);
    expect(groupConversations(list, 'marketing').main.map((c) => c.id)).toEqual(['m-new']);
  });

  it('falls back to the client rule when a conversation has no category', () => {
    const groups = groupConversations([conversation({ id: 'x', title: 'Chat con Ana', category: undefined as never })]);
    expect(groups.agent.map((c) => c.id)).toEqual(['x']);
  });
});

describe('filterByTitle and sortByUpdatedAt', () => {
  it('keeps everything for a blank query and matches accents as typed', () => {
    const list = [conversation({ id: '1', title: 'Contrato de Alquiler' }), conversation({ id: '2', title: 'Nómina' })];
    expect(filterByTitle(list, '   ')).toHaveLength(2);
    expect(filterByTitle(list, 'alquiler').map((c) => c.id)).toEqual(['1']);
    expect(filterByTitle(list, 'NÓMINA').map((c) => c.id)).toEqual(['2']);
  });

  it('does not change the list it is given', () => {
    const list = [conversation({ id: '1', updatedAt: '2026-01-01T00:00:00Z' }), conversation({ id: '2', updatedAt: '2026-02-01T00:00:00Z' })];
    expect(sortByUpdatedAt(list).map((c) => c.id)).toEqual(['2', '1']);
    expect(list.map((c) => c.id)).toEqual(['1', '2']);
  });
});

describe('titleToSave (rename rules)', () => {
  it('saves the trimmed title', () => {
    expect(titleToSave('  Contrato  ', 'Viejo')).toBe('Contrato');
  });

  it('does not save a blank trimmed title or the same title', () => {
    expect(titleToSave('   ', 'Viejo')).toBeNull();
    expect(titleToSave('', 'Viejo')).toBeNull();
    expect(titleToSave(' Viejo ', 'Viejo')).toBeNull();
  });
});
