/** The shapes of /api/publications and /api/publication/{id} (see /api/docs). */

/** A prompt version number, or 'current' to follow whichever version is current. */
export type PinnedVersion = number | 'current';

export interface PublicationEndpoints {
  invoke: string;
  chatCompletions: string;
  models: string;
  mcp: string;
  openapi: string;
}

export interface Publication {
  id: string;
  /** The same id, under the spec's name for it (section 3). */
  apiId: string;
  agentId: string;
  name: string;
  description: string;
  enabled: boolean;
  pinnedVersion: PinnedVersion;
  createdAt: string;
  endpoints: PublicationEndpoints;
}

export interface KeyLimits {
  rateLimitPerMinute: number | null;
  monthlyRequestQuota: number | null;
  monthlyTokenQuota: number | null;
}

/** A key as listed: never its secret. */
export interface ApiKey extends KeyLimits {
  keyId: string;
  name: string;
  /** The short visible start of the key (e.g. `nova_sk_AbCd`), to recognise it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** A key just created: the only time its secret is sent. */
export interface CreatedApiKey extends Partial<ApiKey> {
  keyId: string;
  name: string;
  prefix: string;
  secret: string;
}

export interface CreatePublicationResult {
  publication: Publication;
  key: CreatedApiKey;
}

export interface NewApiKey {
  name: string;
  rateLimitPerMinute?: number;
  monthlyRequestQuota?: number;
  monthlyTokenQuota?: number;
  /** ISO 8601. */
  expiresAt?: string;
}

export interface PublicationChanges {
  name?: string;
  description?: string;
  enabled?: boolean;
  pinnedVersion?: PinnedVersion;
}

export interface UsageDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  keyId: string;
  requests: number;
  errors: number;
  inputTokens: number;
  outputTokens: number;
  avgLatencyMs: number;
}

export interface PublicationUsage {
  days: UsageDay[];
}

/** What the pinned-version picker needs of a prompt version. */
export interface PromptVersionOption {
  version: number;
  name: string;
  isCurrentVersion: boolean;
}
