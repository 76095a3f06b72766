import { createStore } from 'jotai';
import { ASSISTANT_SESSION_STORAGE_KEY } from '../utils/session';
import { chatbotStateAtom } from './chatbotAtoms';

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('session id', () => {
  it('is created once and kept in sessionStorage for the next pages', () => {
    const first = createStore().get(chatbotStateAtom).sessionId;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.sessionStorage.getItem(ASSISTANT_SESSION_STORAGE_KEY)).toBe(first);
    expect(createStore().get(chatbotStateAtom).sessionId).toBe(first);
  });
});
