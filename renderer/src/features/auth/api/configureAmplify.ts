import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { IdentityConfig } from '../../../shared/config';
import { getDesktop } from '../../../shared/desktop/desktop';
import { createSecureTokenStorage } from './secureTokenStorage';

let configuredFor: string | null = null;

/**
 * The runtime config gives the embedded service's endpoint relative to the backend: the page's
 * origin in a browser, the configured backend address in the desktop app.
 */
export function resolveIdentityEndpoint(endpoint: string | null): string | undefined {
  if (!endpoint) return undefined;
  if (/^https?:\/\//i.test(endpoint)) return endpoint;
  const base = getDesktop()?.backendUrl ?? window.location.origin;
  return `${base.replace(/\/+$/, '')}${endpoint.startsWith('/') ? endpoint : `/${endpoint}`}`;
}

/** True once `configureAmplify` has run: before that no Amplify Auth call may be made. */
export function isAmplifyConfigured(): boolean {
  return configuredFor !== null;
}

/**
 * Points aws-amplify at Cognito or at the backend's embedded identity service. Idempotent for the
 * same configuration, because re-configuring would reset Amplify's token storage.
 */
export function configureAmplify(identity: IdentityConfig): void {
  const userPoolEndpoint = resolveIdentityEndpoint(identity.endpoint);
  const key = JSON.stringify([identity.userPoolId, identity.userPoolClientId, userPoolEndpoint ?? null]);
  if (configuredFor === key) return;

  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
        userAttributes: { email: { required: true }, name: { required: true } },
      },
    },
  });

  // Must follow configure(): Amplify.configure resets the token provider's storage to localStorage.
  const desktop = getDesktop();
  if (desktop) cognitoUserPoolsTokenProvider.setKeyValueStorage(createSecureTokenStorage(desktop.secureStorage));

  configuredFor = key;
}

/** Tests only: forget the configuration so that the next call configures again. */
export function resetAmplifyConfigurationForTests(): void {
  configuredFor = null;
}
