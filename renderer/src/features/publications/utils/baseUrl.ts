import { getDesktop } from '../../../shared/desktop/desktop';

function trimTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The origin other software calls: the page's own origin in a browser, the backend the desktop
 * app talks to inside Electron (its page is not served over HTTP).
 */
export function publicBaseUrl(): string {
  const desktop = getDesktop();
  if (desktop?.backendUrl) return trimTrailingSlashes(desktop.backendUrl);
  return typeof window === 'undefined' ? '' : trimTrailingSlashes(window.location.origin);
}

/** The server may answer with paths (`/api/v1/...`) or full addresses; shown, they are always full. */
export function absoluteUrl(pathOrUrl: string, base: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${trimTrailingSlashes(base)}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export interface AgentApiAddresses {
  invoke: string;
  /** What the `openai` clients take as `baseURL`. */
  openaiBase: string;
  chatCompletions: string;
  models: string;
  mcp: string;
  /** The agent's A2A Agent Card; its JSON-RPC endpoint is the card's url. */
  a2aAgentCard: string;
  openapi: string | null;
}

/** The agent's addresses under {base}/api/v1 (and its A2A card under {base}/api/a2a), as the backend serves them. */
export function agentApiAddresses(base: string, agentId: string, publicationId?: string): AgentApiAddresses {
  const v1 = `${trimTrailingSlashes(base)}/api/v1`;
  const agent = `${v1}/agent/${encodeURIComponent(agentId)}`;
  return {
    invoke: `${agent}/invoke`,
    openaiBase: v1,
    chatCompletions: `${v1}/chat/completions`,
    models: `${v1}/models`,
    mcp: `${agent}/mcp`,
    a2aAgentCard: `${trimTrailingSlashes(base)}/api/a2a/${encodeURIComponent(agentId)}/.well-known/agent-card.json`,
    openapi: publicationId ? `${trimTrailingSlashes(base)}/api/publication/${encodeURIComponent(publicationId)}/openapi.json` : null,
  };
}

/**
 * The addresses the server gave the publication (paths or full URLs), made full against the base;
 * any it left out are built as the backend serves them.
 */
export function publicationAddresses(
  base: string,
  agentId: string,
  publication: { id: string; endpoints?: Partial<Record<'invoke' | 'chatCompletions' | 'models' | 'mcp' | 'a2aAgentCard' | 'openapi', string>> | null },
): AgentApiAddresses {
  const built = agentApiAddresses(base, agentId, publication.id);
  const given = publication.endpoints ?? {};
  const full = (value: string | undefined, fallback: string) => (value ? absoluteUrl(value, base) : fallback);
  const chatCompletions = full(given.chatCompletions, built.chatCompletions);
  return {
    invoke: full(given.invoke, built.invoke),
    chatCompletions,
    // The `openai` clients append /chat/completions to their base URL themselves.
    openaiBase: chatCompletions.endsWith('/chat/completions') ? chatCompletions.slice(0, -'/chat/completions'.length) : built.openaiBase,
    models: full(given.models, built.models),
    mcp: full(given.mcp, built.mcp),
    a2aAgentCard: full(given.a2aAgentCard, built.a2aAgentCard),
    openapi: full(given.openapi, built.openapi ?? ''),
  };
}
