import type { Message } from '../conversations/entities/message.entity';
import { boundedHistory, HISTORY_MAX_CHARACTERS, HISTORY_MAX_TURNS } from './chat-history';

const message = (role: 'user' | 'assistant', content: string, status: Message['status'] = 'complete') =>
  ({ role, content, status }) as Message;

function exchange(count: number, size = 10): Message[] {
  return Array.from({ length: count }, (_, index) => [
    message('user', `p${index}`.padEnd(size, '.')),
    message('assistant', `r${index}`.padEnd(size, '.')),
  ]).flat();
}

describe('boundedHistory', () => {
  it('keeps at most the last 20 turns, oldest first', () => {
    const history = boundedHistory(exchange(30));
    expect(history).toHaveLength(HISTORY_MAX_TURNS);
    expect(history[0].content.startsWith('p20')).toBe(true);
    expect(history[history.length - 1].content.startsWith('r29')).toBe(true);
  });

  it('keeps at most about 24 000 characters', () => {
    const history = boundedHistory(exchange(10, 5000));
    const characters = history.reduce((sum, turn) => sum + turn.content.length, 0);
    expect(characters).toBeLessThanOrEqual(HISTORY_MAX_CHARACTERS);
    expect(history[0].role).toBe('user');
    expect(history[history.length - 1].content.startsWith('r9')).toBe(true);
  });

  it('starts with the user, alternates, ends with the assistant, and leaves out failed notices', () => {
    const history = boundedHistory([
      message('assistant', 'Bienvenida'),
      message('user', 'a'),
      message('assistant', 'No hay modelo', 'failed'),
      message('user', 'b'),
      message('assistant', 'respuesta'),
      message('user', 'sin respuesta'),
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'a\n\nb' },
      { role: 'assistant', content: 'respuesta' },
    ]);
  });

  it('is empty for a new conversation', () => {
    expect(boundedHistory([])).toEqual([]);
  });
});
