import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { CognitoError, Errors } from '../cognito-errors';
import type { IdentityUser, UserRole } from '../entities/identity-user.entity';
import { IdentityAdminService } from '../identity-admin.service';
import { type CallContext, optionalString, type Params, requireString } from '../protocol';
import { IdentityUsersService } from '../services/identity-users.service';
import { TokenService } from '../services/token.service';
import { verifySigV4 } from './sigv4';

type AdminHandler = (params: Params) => Promise<object>;

/** Attributes ListUsers filters by, as Cognito names them, and where an account keeps them. */
const FILTERABLE: Record<string, (user: IdentityUser) => string> = {
  username: (user) => user.username,
  email: (user) => user.email,
  name: (user) => user.name ?? '',
  sub: (user) => user.sub,
  status: (user) => (user.enabled ? 'Enabled' : 'Disabled'),
  'cognito:user_status': (user) => user.status,
};

const FILTER = /^\s*([\w:]+)\s*(=|\^=)\s*"((?:[^"\\]|\\.)*)"\s*$/;

/**
 * Cognito's Admin* operations and ListUsers on the embedded pool, for an operator's AWS SDK (and
 * our own Cognito adapter's tests): AdminGetUser, AdminDisableUser, AdminEnableUser,
 * AdminUpdateUserAttributes, AdminUserGlobalSignOut, AdminDeleteUser and ListUsers. As in Cognito they need IAM
 * credentials: each call must be signed (SigV4) with IDENTITY_ADMIN_ACCESS_KEY_ID and
 * IDENTITY_ADMIN_SECRET_ACCESS_KEY; without that key pair configured they are all refused.
 */
@Injectable()
export class AdminProtocolService {
  readonly actions: Record<string, (params: Params, context: CallContext) => Promise<object>>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: IdentityUsersService,
    private readonly accounts: IdentityAdminService,
    private readonly tokens: TokenService,
  ) {
    const signed =
      (handler: AdminHandler) =>
      (params: Params, context: CallContext): Promise<object> => {
        this.assertSigned(context);
        this.assertPool(params);
        return handler(params);
      };
    this.actions = {
      AdminGetUser: signed(async (params) => toAdminUser(await this.user(params))),
      AdminDisableUser: signed(async (params) => {
        await this.accounts.setEnabledBySub((await this.user(params)).sub, false);
        return {};
      }),
      AdminEnableUser: signed(async (params) => {
        await this.accounts.setEnabledBySub((await this.user(params)).sub, true);
        return {};
      }),
      AdminUpdateUserAttributes: signed((params) => this.updateAttributes(params)),
      AdminUserGlobalSignOut: signed(async (params) => {
        await this.tokens.endAllSessions((await this.user(params)).sub);
        return {};
      }),
      AdminDeleteUser: signed(async (params) => {
        await this.accounts.erase((await this.user(params)).sub);
        return {};
      }),
      ListUsers: signed((params) => this.listUsers(params)),
    };
  }

  private assertSigned(context: CallContext): void {
    const key = this.config.identity.provider === 'embedded' ? this.config.identity.adminCredentials : null;
    if (!key) throw new CognitoError('AccessDeniedException', 'Admin operations are disabled on this user pool.', 403);
    const failure = context.signed ? verifySigV4(context.signed, key, 'cognito-idp') : 'missing';
    if (failure === 'missing') throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403);
    if (failure === 'unknownKey') throw new CognitoError('UnrecognizedClientException', 'The security token included in the request is invalid.');
    if (failure === 'expired') throw new CognitoError('InvalidSignatureException', 'Signature expired.');
    if (failure) throw new CognitoError('InvalidSignatureException', 'The request signature we calculated does not match the signature you provided.');
  }

  private assertPool(params: Params): void {
    const poolId = requireString(params, 'UserPoolId');
    if (poolId !== this.config.identity.userPoolId) throw new CognitoError('ResourceNotFoundException', `User pool ${poolId} does not exist.`);
  }

  /** Username as Cognito takes it: the username, an alias (the e-mail) or the sub. */
  private async user(params: Params): Promise<IdentityUser> {
    const username = requireString(params, 'Username');
    const user = (await this.users.findByLogin(username)) ?? (await this.users.findBySub(username));
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    return user;
  }

  /** custom:role (admin or user) and name; the pool's other attributes are not the admin's to change. */
  private async updateAttributes(params: Params): Promise<object> {
    const user = await this.user(params);
    const attributes = params.UserAttributes;
    if (!Array.isArray(attributes)) throw Errors.missingParameter('UserAttributes');
    let role: UserRole | undefined;
    let name: string | undefined;
    for (const entry of attributes as Array<{ Name?: unknown; Value?: unknown }>) {
      if (entry?.Name === 'custom:role' && (entry.Value === 'admin' || entry.Value === 'user')) role = entry.Value;
      else if (entry?.Name === 'name' && typeof entry.Value === 'string' && entry.Value.length <= 256) name = entry.Value;
      else throw Errors.invalidParameter(`Attribute ${String(entry?.Name)} cannot be updated by an administrator here.`);
    }
    if (name !== undefined) await this.users.repository.update({ sub: user.sub }, { name });
    // A role change ends the account's sessions: no token keeps the old role.
    if (role !== undefined && role !== user.role) await this.accounts.setRoleBySub(user.sub, role);
    return {};
  }

  private async listUsers(params: Params): Promise<object> {
    const limit = params.Limit === undefined ? 60 : Number(params.Limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 60) throw Errors.invalidParameter('Limit must be between 1 and 60.');
    const token = optionalString(params, 'PaginationToken');
    const offset = token ? Number.parseInt(Buffer.from(token, 'base64url').toString(), 10) : 0;
    if (!Number.isInteger(offset) || offset < 0) throw Errors.invalidParameter('Invalid PaginationToken.');
    const filter = optionalString(params, 'Filter');
    let matches: (user: IdentityUser) => boolean = () => true;
    if (filter) {
      const parsed = FILTER.exec(filter);
      const read = parsed ? FILTERABLE[parsed[1]] : undefined;
      if (!parsed || !read) throw Errors.invalidParameter(`Invalid filter: ${filter}`);
      const value = parsed[3].replace(/\\(.)/g, '$1');
      matches = parsed[2] === '=' ? (user) => read(user) === value : (user) => read(user).startsWith(value);
    }
    const all = (await this.users.repository.find({ order: { createdAt: 'ASC', sub: 'ASC' } })).filter(matches);
    const page = all.slice(offset, offset + limit);
    const next = offset + limit < all.length ? Buffer.from(String(offset + limit)).toString('base64url') : undefined;
    return { Users: page.map((user) => ({ ...toUserType(user), Attributes: attributesOf(user) })), ...(next ? { PaginationToken: next } : {}) };
  }
}

function attributesOf(user: IdentityUser) {
  return [
    { Name: 'sub', Value: user.sub },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: String(user.emailVerified) },
    ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
    { Name: 'custom:role', Value: user.role },
  ];
}

/** Dates as the JSON protocol sends them: seconds since the epoch. */
function toUserType(user: IdentityUser) {
  return {
    Username: user.username,
    Enabled: user.enabled,
    UserStatus: user.status,
    UserCreateDate: new Date(user.createdAt).getTime() / 1000,
    UserLastModifiedDate: new Date(user.updatedAt).getTime() / 1000,
  };
}

function toAdminUser(user: IdentityUser) {
  return { ...toUserType(user), UserAttributes: attributesOf(user) };
}
