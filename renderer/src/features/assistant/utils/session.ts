import { newId } from './ids';

/** sessionStorage: one conversation per browser tab, kept across pages and reloads of that tab. */
export const ASSISTANT_SESSION_STORAGE_KEY = 'assistant_session_id';

const SESSION_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

export function getOrCreateSessionId(): string {
  try {
    const stored = window.sessionStorage.getItem(ASSISTANT_SESSION_STORAGE_KEY);
    if (stored && SESSION_ID_PATTERN.test(stored)) return stored;
    const created = newId();
    window.sessionStorage.setItem(ASSISTANT_SESSION_STORAGE_KEY, created);
    return created;
  } catch {
    // Storage disabled: the id lasts as long as the page.
    return newId();
  }
}
