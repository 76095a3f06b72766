import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { CognitoAccountStates } from './admin/cognito-account-states';
import { IdTokenVerifier, InvalidTokenError, type VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { TokenRejectedError, type TokenService } from './services/token.service';
import type { VerifiedTokenCache } from './verified-token-cache';

/** Tokens of the embedded identity service: our keys, our issuer, and the session still live. */
export class EmbeddedIdTokenVerifier extends IdTokenVerifier {
  constructor(
    private readonly tokens: TokenService,
    private readonly cache: VerifiedTokenCache,
  ) {
    super();
  }

  async verify(bearerToken: string): Promise<VerifiedIdentity> {
    const identity = await this.cache.through(bearerToken, () =>
      refusedAsInvalid(async () => {
        const payload = await this.tokens.verifySignature(bearerToken, 'id');
        const stillValid = () => refusedAsInvalid(() => this.tokens.assertStillValid(payload));
        await stillValid();
        return { identity: toIdentity(payload), expiresAt: expiryMs(payload), stillValid };
      }),
    );
    // The signature was verified above (now or when the token was cached), so decoding is enough.
    await refusedAsInvalid(() => this.tokens.assertAccountStands(decodeJwt(bearerToken)));
    return identity;
  }
}

/**
 * Tokens of an Amazon Cognito user pool (or of a service speaking its protocol), checked against
 * the JWKS the pool publishes under its issuer.
 */
export class CognitoIdTokenVerifier extends IdTokenVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly cache: VerifiedTokenCache,
    private readonly pool: { issuer: string; clientId: string },
    /** What admins did to accounts here (disabled, role changed): checked on every call. */
    private readonly accountStates?: CognitoAccountStates,
    jwksUrl = `${pool.issuer}/.well-known/jwks.json`,
  ) {
    super();
    this.jwks = createRemoteJWKSet(new URL(jwksUrl));
  }

  /**
   * Cognito cannot revoke an id token before it expires, so a verified one is kept until then,
   * unless an admin disabled the account or changed its role here since it was issued.
   */
  async verify(bearerToken: string): Promise<VerifiedIdentity> {
    const identity = await this.cache.through(bearerToken, async () => {
      const payload = await this.verifiedPayload(bearerToken);
      return { identity: toIdentity(payload), expiresAt: expiryMs(payload) };
    });
    // The signature was verified above (now or when the token was cached), so decoding is enough.
    if (this.accountStates && !(await this.accountStates.stands(decodeJwt(bearerToken)))) throw new InvalidTokenError();
    return identity;
  }

  private async verifiedPayload(bearerToken: string): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(bearerToken, this.jwks, {
        algorithms: ['RS256'],
        issuer: this.pool.issuer,
        audience: this.pool.clientId,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      // Cognito being unreachable is our outage, not the caller's bad token: let it be a 5xx.
      if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) throw new InvalidTokenError();
      throw error;
    }
    if (payload.token_use !== 'id') throw new InvalidTokenError();
    return payload;
  }
}

async function refusedAsInvalid<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof TokenRejectedError) throw new InvalidTokenError();
    throw error;
  }
}

/** Verification requires `exp`, so it is always there. */
function expiryMs(payload: JWTPayload): number {
  return (payload.exp ?? 0) * 1000;
}

function toIdentity(payload: JWTPayload): VerifiedIdentity {
  const name = typeof payload.name === 'string' ? payload.name : undefined;
  return {
    sub: String(payload.sub),
    username: typeof payload['cognito:username'] === 'string' ? payload['cognito:username'] : String(payload.sub),
    email: typeof payload.email === 'string' ? payload.email : '',
    ...(name ? { name } : {}),
    role: payload['custom:role'] === 'admin' ? 'admin' : 'user',
  };
}
