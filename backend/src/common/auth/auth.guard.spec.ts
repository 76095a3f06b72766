import { Controller, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { IdTokenVerifier, InvalidTokenError, type VerifiedIdentity } from './id-token-verifier';
import { AdminOnly, Public, UserIdParams } from './auth.decorators';
import { AdminRequiredError, AuthenticationRequiredError, ForbiddenUserError } from './auth.errors';
import { AuthGuard } from './auth.guard';

const ana: VerifiedIdentity = { sub: '0b5e7a52-8f0c-4d5e-9a31-6c2f1e4d7a90', username: 'ana@example.com', email: 'ana@example.com', role: 'user' };
const admin: VerifiedIdentity = { sub: 'c3d1f7a2-5b6e-4f80-9e1d-2a4b6c8d0e12', username: 'boss@example.com', email: 'boss@example.com', role: 'admin' };
/** An account from before sign-up refused usernames shaped like subjects: its username is Ana's subject. */
const squatter: VerifiedIdentity = { sub: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', username: ana.sub, email: 'okupa@example.com', role: 'user' };

class TokenTable extends IdTokenVerifier {
  async verify(token: string): Promise<VerifiedIdentity> {
    const identity = { 'token-ana': ana, 'token-admin': admin, 'token-okupa': squatter }[token];
    if (!identity) throw new InvalidTokenError();
    return identity;
  }
}

@Controller()
class Routes {
  @Get() @Public() open() {}
  @Get() plain() {}
  @Get() @UserIdParams('userId') scoped() {}
  @Get() @AdminOnly() admin() {}
}

interface FakeRequest {
  path?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  identity?: VerifiedIdentity;
}

function contextFor(handler: keyof Routes, request: FakeRequest): ExecutionContext {
  // The same object the test holds, so that it sees what the guard attaches to the request.
  const full = Object.assign(request, { path: '/api/x', headers: {}, params: {}, query: {}, ...request });
  return {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => full }),
  } as unknown as ExecutionContext;
}

const guard = new AuthGuard(new Reflector(), new TokenTable());
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('AuthGuard', () => {
  it('refuses a signed-in route without a token', async () => {
    await expect(guard.canActivate(contextFor('plain', {}))).rejects.toBeInstanceOf(AuthenticationRequiredError);
  });

  it('refuses a signed-in route with an invalid token', async () => {
    await expect(guard.canActivate(contextFor('plain', { headers: bearer('forged') }))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });

  it('takes the identity from the token only', async () => {
    const request: FakeRequest = { headers: bearer('token-ana') };
    await expect(guard.canActivate(contextFor('plain', request))).resolves.toBe(true);
    expect(request.identity).toEqual(ana);
  });

  it('lets visitors and holders of stale tokens through public routes as visitors', async () => {
    const request: FakeRequest = { headers: bearer('stale') };
    await expect(guard.canActivate(contextFor('open', request))).resolves.toBe(true);
    expect(request.identity).toBeUndefined();
    await expect(guard.canActivate(contextFor('open', {}))).resolves.toBe(true);
  });

  it.each([
    ['a named path parameter', { params: { userId: 'sub-bob' } }],
    ['the userId query', { query: { userId: 'bob@example.com' } }],
    ['the x-user-id header', { headers: { 'x-user-id': 'bob@example.com' } }],
    ['a userId in the body', { body: { userId: 'sub-bob' } }],
  ])("refuses another user's id in %s", async (_where, parts: FakeRequest) => {
    const request = { ...parts, headers: { ...bearer('token-ana'), ...(parts.headers ?? {}) } };
    await expect(guard.canActivate(contextFor('scoped', request))).rejects.toBeInstanceOf(ForbiddenUserError);
  });

  it("accepts the caller's own subject or username, in any letter case", async () => {
    const request = {
      headers: { ...bearer('token-ana'), 'x-user-id': 'ANA@example.com' },
      params: { userId: '0b5e7a52-8f0c-4d5e-9a31-6c2f1e4d7a90' },
      query: { userId: 'ana@example.com' },
    };
    await expect(guard.canActivate(contextFor('scoped', request))).resolves.toBe(true);
  });

  it('does not take a username shaped like a subject for the user whose subject it is', async () => {
    const request = { headers: bearer('token-okupa'), params: { userId: ana.sub } };
    await expect(guard.canActivate(contextFor('scoped', request))).rejects.toBeInstanceOf(ForbiddenUserError);
  });

  it("lets an admin act on another user's id", async () => {
    const request = { headers: bearer('token-admin'), params: { userId: '0b5e7a52-8f0c-4d5e-9a31-6c2f1e4d7a90' } };
    await expect(guard.canActivate(contextFor('scoped', request))).resolves.toBe(true);
  });

  it('reserves admin routes and every /api-admin path to admins', async () => {
    await expect(guard.canActivate(contextFor('admin', { headers: bearer('token-ana') }))).rejects.toBeInstanceOf(
      AdminRequiredError,
    );
    await expect(
      guard.canActivate(contextFor('open', { path: '/api-admin/users', headers: bearer('token-ana') })),
    ).rejects.toBeInstanceOf(AdminRequiredError);
    await expect(guard.canActivate(contextFor('open', { path: '/api-admin/users' }))).rejects.toBeInstanceOf(
      AuthenticationRequiredError,
    );
    await expect(guard.canActivate(contextFor('admin', { headers: bearer('token-admin') }))).resolves.toBe(true);
  });
});
