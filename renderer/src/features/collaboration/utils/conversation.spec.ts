import { sessionIdOf, storedTurns } from './conversation';

const id = '0b6f7a52-3c1e-4d8a-9f2b-5e6c7d8e9f01';

describe('the sessions of a stored collaboration conversation', () => {
  it("reads the session's id from the stored query and answer, and nothing from other messages", () => {
    expect(sessionIdOf({ id: `collaboration-${id}-query`, role: 'user' })).toBe(id);
    expect(sessionIdOf({ id: `collaboration-${id}`, role: 'assistant' })).toBe(id);
    expect(sessionIdOf({ id: 'msg-1', role: 'user' })).toBeNull();
    expect(sessionIdOf({ id: `collaboration-${id}`, role: 'user' })).toBeNull();
  });

  it('pairs each question with its answer, in order; a question without an answer yet has none', () => {
    const other = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const turns = storedTurns([
      { id: `collaboration-${id}-query`, role: 'user' as const, content: 'Primera' },
      { id: `collaboration-${id}`, role: 'assistant' as const, content: 'Respuesta' },
      { id: `collaboration-${other}-query`, role: 'user' as const, content: 'Segunda' },
    ]);
    expect(turns.map((turn) => [turn.sessionId, turn.query.content, turn.answer?.content])).toEqual([
      [id, 'Primera', 'Respuesta'],
      [other, 'Segunda', undefined],
    ]);
  });
});
