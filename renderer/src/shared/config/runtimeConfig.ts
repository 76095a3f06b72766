import type { components } from '../api/schema.gen';
import { getDesktop } from '../desktop/desktop';

type ServedConfig = components['schemas']['RuntimeConfigDto'];

export type IdentityConfig = ServedConfig['identity'];
export type IdentityProvider = IdentityConfig['provider'];
export type PaymentsConfig = ServedConfig['payments'];
export type PaymentsProvider = PaymentsConfig['provider'];
export type TrackingConfig = ServedConfig['tracking'];

/**
 * The backend's public runtime configuration, `GET {apiBase}/config`, as the renderer keeps it:
 * half an identity configuration is none, and the form limits are null until the server's arrive.
 */
export type RuntimeConfig = Omit<ServedConfig, 'identity' | 'limits'> & {
  identity: IdentityConfig | null;
  limits: ServedConfig['limits'] | null;
};

/** Used until the server's configuration arrives, and kept if it cannot be fetched. */
export const defaultRuntimeConfig: RuntimeConfig = Object.freeze({
  productName: 'Nova',
  assistantName: 'Seshat',
  apiKey: null,
  identity: null,
  payments: Object.freeze({ provider: 'demo', publishableKey: null, currency: 'eur' }) as PaymentsConfig,
  tracking: Object.freeze({ scripts: [] as string[] }) as TrackingConfig,
  features: [] as string[],
  limits: null,
  categories: [],
}) as RuntimeConfig;

function trimTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Nothing in a browser (same origin), the desktop backend inside Electron. */
export function getBackendOrigin(): string {
  const desktop = getDesktop();
  return desktop ? trimTrailingSlashes(desktop.backendUrl) : '';
}

/**
 * The absolute address of one of the web app's pages, to share (e.g. '/marketplace/agent/{id}'):
 * this page's origin in a browser; inside Electron the desktop backend's, which serves the same app.
 */
export function webPageUrl(path: string): string {
  return `${getBackendOrigin() || window.location.origin}${path}`;
}

/** `/api` in a browser (same origin), the desktop backend's `/api` inside Electron. */
export function getApiBase(): string {
  return `${getBackendOrigin()}/api`;
}

// The API client runs outside React, so it reads the configuration from here; the jotai atom
// writes through to it.
let currentConfig: RuntimeConfig = defaultRuntimeConfig;

export function getRuntimeConfig(): RuntimeConfig {
  return currentConfig;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  currentConfig = config;
}

export function hasFeature(config: RuntimeConfig, feature: string): boolean {
  return config.features.includes(feature);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function stringOrNull(value: unknown): string | null {
  return nonEmptyString(value) ?? null;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => nonEmptyString(item) !== undefined) : [];
}

function parseIdentity(value: unknown): IdentityConfig | null {
  if (!isRecord(value)) return null;
  const provider = value.provider;
  const region = nonEmptyString(value.region);
  const userPoolId = nonEmptyString(value.userPoolId);
  const userPoolClientId = nonEmptyString(value.userPoolClientId);
  if ((provider !== 'cognito' && provider !== 'embedded') || !region || !userPoolId || !userPoolClientId) {
    // Half an identity configuration cannot sign anyone in; treat it as absent.
    return null;
  }
  return { provider, region, userPoolId, userPoolClientId, endpoint: stringOrNull(value.endpoint) };
}

function parsePayments(value: unknown): PaymentsConfig {
  if (!isRecord(value)) return { ...defaultRuntimeConfig.payments };
  const publishableKey = stringOrNull(value.publishableKey);
  // Stripe without a publishable key cannot render a card form, so fall back to the demo gateway.
  const provider: PaymentsProvider = value.provider === 'stripe' && publishableKey ? 'stripe' : 'demo';
  const currency = nonEmptyString(value.currency);
  return {
    provider,
    publishableKey: provider === 'stripe' ? publishableKey : null,
    currency: currency && /^[a-z]{3}$/i.test(currency.trim()) ? currency.trim().toLowerCase() : defaultRuntimeConfig.payments.currency,
  };
}

function parseCategories(value: unknown): RuntimeConfig['categories'] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is RuntimeConfig['categories'][number] => isRecord(item) && nonEmptyString(item.slug) !== undefined && nonEmptyString(item.label) !== undefined);
}

/**
 * Accepts whatever the server sent and fills every missing or malformed field from the defaults,
 * so that a partial configuration never breaks start-up.
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const source = isRecord(raw) ? raw : {};
  return {
    productName: nonEmptyString(source.productName) ?? defaultRuntimeConfig.productName,
    assistantName: nonEmptyString(source.assistantName) ?? defaultRuntimeConfig.assistantName,
    apiKey: stringOrNull(source.apiKey),
    identity: parseIdentity(source.identity),
    payments: parsePayments(source.payments),
    tracking: { scripts: isRecord(source.tracking) ? stringList(source.tracking.scripts) : [] },
    features: stringList(source.features),
    limits: isRecord(source.limits) ? (source.limits as RuntimeConfig['limits']) : null,
    categories: parseCategories(source.categories),
  };
}
