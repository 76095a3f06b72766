import type { AddressInfo } from 'node:net';
import { Amplify } from 'aws-amplify';
import { ConsoleLogger, defaultStorage } from 'aws-amplify/utils';
import type { TestApp } from '../support/test-app';

/**
 * Points the real aws-amplify client at the app under test, as the renderer does: it listens on
 * an ephemeral port and Amplify's `userPoolEndpoint` is its /idp. In Node, Amplify keeps its
 * tokens in memory by itself.
 */
export async function configureAmplify(testApp: TestApp): Promise<string> {
  await testApp.app.listen(0, '127.0.0.1');
  const { port } = testApp.app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const { userPoolId, clientId } = testApp.config.identity;
  // Amplify warns that the endpoint is not Amazon's: that is the point here.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  releaseLongTimers();
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId: clientId,
        userPoolEndpoint: `${url}/idp`,
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
  return url;
}

/** The payload of a JWT, unverified: for looking at what a test was given. */
export function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The refresh token Amplify holds for the signed-in user (the renderer never reads it). */
export async function storedRefreshToken(clientId: string): Promise<string> {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const username = await defaultStorage.getItem(`${prefix}.LastAuthUser`);
  const token = username ? await defaultStorage.getItem(`${prefix}.${username}.refreshToken`) : null;
  if (!token) throw new Error('Amplify holds no refresh token');
  return token;
}

/**
 * Amplify's auto sign-in arms a three-minute timer that it never clears; unreferenced, it no
 * longer keeps the test process alive for those three minutes.
 */
function releaseLongTimers(): void {
  const original = global.setTimeout;
  jest.spyOn(global, 'setTimeout').mockImplementation(((handler: () => void, delay?: number) => {
    const timer = original(handler, delay);
    if ((delay ?? 0) >= 60_000) timer.unref();
    return timer;
  }) as unknown as typeof setTimeout);
}
