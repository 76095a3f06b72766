import { pageContexts } from '../strings';

export type PageContextKey = keyof typeof pageContexts;

export interface PageContext {
  key: PageContextKey;
  title: string;
  hint: string;
}

const startsWith = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Which of the spec's page titles (section 2) a path belongs to. */
export function pageContextKey(pathname: string): PageContextKey {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return 'home';
  if (path === '/login' || path === '/forgot-password') return 'login';
  if (path === '/register' || path === '/verify-email') return 'register';
  if (startsWith(path, '/chat') || path === '/chat-agent' || path === '/start-team-chat') return 'chat';
  if (startsWith(path, '/marketplace')) return 'marketplace';
  if (startsWith(path, '/my-office')) return 'office';
  if (startsWith(path, '/contact')) return 'contact';
  if (startsWith(path, '/support')) return 'support';
  return 'other';
}

export function pageContextFor(pathname: string): PageContext {
  const key = pageContextKey(pathname);
  return { key, ...pageContexts[key] };
}
