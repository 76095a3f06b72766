import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { IsNull, LessThan, Repository } from 'typeorm';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { InstanceBus } from '../../instance-bus/instance-bus';
import { Errors } from '../cognito-errors';
import { newOpaqueToken, sha256Hex } from '../crypto/secrets';
import { IdentityUser } from '../entities/identity-user.entity';
import { RefreshToken } from '../entities/refresh-token.entity';
import { ACCESS_TOKEN_SCOPE, REFRESH_TOKEN_TTL_MS, TOKEN_TTL_SECONDS } from '../identity.constants';
import { VerifiedTokenCache } from '../verified-token-cache';
import { SigningKeyService } from './signing-key.service';

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
  RefreshToken?: string;
}

export type TokenUse = 'id' | 'access';

/** How long an account's standing is trusted before it is read again (TokenService.assertAccountStands). */
export const ACCOUNT_STATE_TTL_MS = 1_000;

/** Why one of our tokens was refused; the caller turns it into its own error. */
export class TokenRejectedError extends Error {
  constructor(readonly reason: 'invalid' | 'expired' | 'revoked') {
    super(`token ${reason}`);
  }
}

/**
 * Issues and checks the pool's tokens, shaped like Cognito's: RS256 id and access tokens that
 * live an hour, and an opaque refresh token (stored only as a hash) that lives 30 days. Every
 * token carries `origin_jti`, the id of the signed-in session it came from.
 */
@Injectable()
export class TokenService {
  private readonly clientId: string;
  readonly issuer: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly keys: SigningKeyService,
    @InjectRepository(IdentityUser) private readonly users: Repository<IdentityUser>,
    @InjectRepository(RefreshToken) private readonly sessions: Repository<RefreshToken>,
    private readonly verifiedTokens: VerifiedTokenCache,
    private readonly bus: InstanceBus,
  ) {
    this.clientId = config.identity.clientId;
    this.issuer = `${config.publicUrl}/idp/${config.identity.userPoolId}`;
    bus.subscribe('identity.sessions-ended', (userSub) => this.forgetSessionsLocally(userSub));
  }

  /** A new signed-in session: its refresh token plus the first id and access tokens. */
  async startSession(user: IdentityUser, clientId: string, authTime: Date): Promise<AuthenticationResult> {
    const refreshToken = newOpaqueToken();
    const id = randomUUID();
    const now = Date.now();
    await this.sessions.delete({ userSub: user.sub, expiresAt: LessThan(new Date(now)) });
    await this.sessions.insert({
      id,
      userSub: user.sub,
      clientId,
      tokenHash: sha256Hex(refreshToken),
      authTime,
      expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
      revokedAt: null,
    });
    return { ...(await this.sign(user, id, clientId, authTime)), RefreshToken: refreshToken };
  }

  /** New id and access tokens from a live refresh token; the refresh token itself is kept. */
  async refresh(refreshToken: string, clientId: string): Promise<AuthenticationResult> {
    const session = await this.sessions.findOneBy({ tokenHash: sha256Hex(refreshToken) });
    if (!session || session.clientId !== clientId) throw Errors.invalidRefreshToken();
    if (session.revokedAt) throw Errors.revokedRefreshToken();
    if (session.expiresAt.getTime() <= Date.now()) throw Errors.expiredRefreshToken();
    const user = await this.users.findOneBy({ sub: session.userSub });
    if (!user) throw Errors.invalidRefreshToken();
    if (!user.enabled) throw Errors.userDisabled();
    if (user.status === 'RESET_REQUIRED') throw Errors.passwordResetRequired();
    if (user.status !== 'CONFIRMED') throw Errors.invalidRefreshToken();
    return this.sign(user, session.id, clientId, session.authTime);
  }

  /** RevokeToken: ends the session of one refresh token. Unknown tokens are ignored (RFC 7009). */
  async revoke(refreshToken: string, clientId: string): Promise<void> {
    const session = await this.sessions.findOneBy({ tokenHash: sha256Hex(refreshToken) });
    if (!session) return;
    if (session.clientId !== clientId) throw Errors.invalidRefreshToken();
    await this.sessions.update({ id: session.id, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.sessionsEnded(session.userSub);
  }

  /** Ends every session of a user: no refresh works, and the tokens they issued are refused. */
  async revokeAll(userSub: string): Promise<void> {
    await this.sessions.update({ userSub, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.sessionsEnded(userSub);
  }

  /**
   * Signs the user out everywhere (a global sign-out, a role change, a disabled account): every
   * refresh token is revoked and every id and access token issued until now is refused.
   */
  async endAllSessions(userSub: string): Promise<void> {
    await this.users.update({ sub: userSub }, { tokensValidAfter: new Date() });
    await this.revokeAll(userSub);
  }

  /**
   * Sessions of the user ended (or their account changed): every instance forgets the tokens it
   * trusted and the account state it read, so the next call anywhere is checked against the
   * database. Without Redis, instances on other machines notice within SESSION_RECHECK_MS.
   */
  private async sessionsEnded(userSub: string): Promise<void> {
    await this.bus.publish('identity.sessions-ended', userSub);
  }

  /** An empty subject: anything may have changed (the bus was away for a while). */
  private forgetSessionsLocally(userSub: string): void {
    this.verifiedTokens.forgetAll();
    if (userSub) this.accountStates.delete(userSub);
    else this.accountStates.clear();
  }

  /**
   * Each account's standing (enabled, role, tokens valid after), read at most once a second per
   * user: a token the verified-token cache still trusts is refused within a second of its account
   * being disabled, demoted or signed out everywhere, on any instance of the backend (at once
   * where the instance bus reaches).
   */
  private readonly accountStates = new Map<string, { at: number; state: Pick<IdentityUser, 'enabled' | 'role' | 'tokensValidAfter'> | null }>();

  async assertAccountStands(payload: JWTPayload): Promise<void> {
    const sub = String(payload.sub);
    const cached = this.accountStates.get(sub);
    const fresh = cached && Date.now() - cached.at < ACCOUNT_STATE_TTL_MS ? cached : await this.readAccountState(sub);
    if (standsBy(payload, fresh.state)) return;
    // A token issued after the cached read (a sign-in right after a role change) is judged by the
    // account as it is now, not as it was up to a second ago.
    if (fresh === cached && standsBy(payload, (await this.readAccountState(sub)).state)) return;
    throw new TokenRejectedError('revoked');
  }

  private async readAccountState(sub: string) {
    const state = await this.users.findOne({ select: { sub: true, enabled: true, role: true, tokensValidAfter: true }, where: { sub } });
    const entry = { at: Date.now(), state };
    if (this.accountStates.size >= 10_000) this.accountStates.clear();
    this.accountStates.set(sub, entry);
    return entry;
  }

  /**
   * Checks one of our tokens: signature by one of our keys with RS256 only (so neither `none` nor
   * an HMAC signed with the public key passes), issuer, audience or client, use, expiry; then that
   * it still stands (assertStillValid).
   */
  async verify(token: string, use: TokenUse): Promise<{ payload: JWTPayload; user: IdentityUser }> {
    const payload = await this.verifySignature(token, use);
    return { payload, user: await this.assertStillValid(payload) };
  }

  /**
   * The user still exists and is enabled, has not signed out globally since the token was issued,
   * its session was not revoked, and the role an id token claims is still the user's: the current
   * account decides, not only what the token says.
   */
  async assertStillValid(payload: JWTPayload): Promise<IdentityUser> {
    const [user, session] = await Promise.all([
      this.users.findOneBy({ sub: payload.sub }),
      this.sessions.findOneBy({ id: String(payload.origin_jti) }),
    ]);
    if (!user) throw new TokenRejectedError('invalid');
    if (!standsBy(payload, user) || !session || session.revokedAt) throw new TokenRejectedError('revoked');
    return user;
  }

  async verifySignature(token: string, use: TokenUse): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(
        token,
        async (header) => {
          const key = await this.keys.publicKey(header.kid);
          if (!key) throw new TokenRejectedError('invalid');
          return key;
        },
        {
          algorithms: ['RS256'],
          issuer: this.issuer,
          audience: use === 'id' ? this.clientId : undefined,
          requiredClaims: ['sub', 'iat', 'exp', 'origin_jti'],
        },
      ));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new TokenRejectedError('expired');
      if (error instanceof joseErrors.JOSEError || error instanceof TokenRejectedError) {
        throw new TokenRejectedError('invalid');
      }
      throw error;
    }
    if (payload.token_use !== use) throw new TokenRejectedError('invalid');
    if (use === 'access' && payload.client_id !== this.clientId) throw new TokenRejectedError('invalid');
    return payload;
  }

  /** The user behind an AccessToken given to a Cognito API call (GetUser, GlobalSignOut, ...). */
  async userOfAccessToken(accessToken: string): Promise<IdentityUser> {
    try {
      return (await this.verify(accessToken, 'access')).user;
    } catch (error) {
      if (!(error instanceof TokenRejectedError)) throw error;
      if (error.reason === 'expired') throw Errors.expiredAccessToken();
      if (error.reason === 'revoked') throw Errors.revokedAccessToken();
      throw Errors.invalidAccessToken();
    }
  }

  private async sign(user: IdentityUser, sessionId: string, clientId: string, authTime: Date): Promise<AuthenticationResult> {
    const key = await this.keys.signingKey();
    const issuedAt = Math.floor(Date.now() / 1000);
    const common = { sub: user.sub, origin_jti: sessionId, auth_time: Math.floor(authTime.getTime() / 1000) };
    const finish = (jwt: SignJWT) =>
      jwt
        .setProtectedHeader({ alg: 'RS256', kid: key.kid })
        .setIssuer(this.issuer)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(key.privateKey);

    const idToken = await finish(
      new SignJWT({
        ...common,
        token_use: 'id',
        'cognito:username': user.username,
        email: user.email,
        email_verified: user.emailVerified,
        ...(user.name ? { name: user.name } : {}),
        'custom:role': user.role,
      }).setAudience(clientId),
    );
    const accessToken = await finish(
      new SignJWT({ ...common, token_use: 'access', client_id: clientId, scope: ACCESS_TOKEN_SCOPE, username: user.username }),
    );
    return { AccessToken: accessToken, IdToken: idToken, ExpiresIn: TOKEN_TTL_SECONDS, TokenType: 'Bearer' };
  }
}

/** Whether the token still stands by this account: enabled, the role it claims, issued after the last sign-out everywhere. */
function standsBy(payload: JWTPayload, state: Pick<IdentityUser, 'enabled' | 'role' | 'tokensValidAfter'> | null): boolean {
  if (!state || !state.enabled) return false;
  if (payload.token_use === 'id' && payload['custom:role'] !== state.role) return false;
  const validAfter = state.tokensValidAfter ? Math.floor(state.tokensValidAfter.getTime() / 1000) : 0;
  return (payload.iat ?? 0) >= validAfter;
}
