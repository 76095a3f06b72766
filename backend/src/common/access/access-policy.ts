import { Brackets, type ObjectLiteral, type SelectQueryBuilder, type WhereExpressionBuilder } from 'typeorm';

/**
 * The one rule for what a caller may do with something a user owns (an agent, an ecosystem, an
 * uploaded file): admins everything, the owner everything with their own, everyone (visitors too)
 * may read what is public and, when it is moderated (agents), approved; nobody else anything.
 * Services ask these functions and listings add readableBy(...) to their SQL, so that what a list
 * shows and what a single read allows cannot drift apart; so do readers that reach a resource
 * through a relation (a team's cards).
 */

/** Who is asking: a verified identity (or the owner a team is listed for); undefined for a visitor. */
export interface Caller {
  sub: string;
  role: 'admin' | 'user';
}

/** Where a moderated resource stands; only an approved one is shown to others (MODERATION_ENABLED). */
export type ModerationStatus = 'approved' | 'pending' | 'rejected';

/**
 * What the rule looks at; ownerSub is null for rows no user owns (seeded ones). A resource that is
 * moderated carries its moderationStatus; one that is not (ecosystems, files) leaves it out.
 */
export interface OwnedResource {
  ownerSub: string | null;
  isPublic?: boolean;
  moderationStatus?: ModerationStatus;
}

/** The decision for opening a chat with an agent. */
export type ChatAccess = 'allowed' | 'needs-subscription' | 'hidden';

export function isAdmin(caller: Caller | undefined): boolean {
  return caller?.role === 'admin';
}

/** The caller is the resource's owner (admins are not owners; see mayModify). */
export function isOwner(caller: Caller | undefined, resource: OwnedResource): boolean {
  return caller !== undefined && resource.ownerSub !== null && resource.ownerSub === caller.sub;
}

/** Public, and approved when moderated: what anyone, a visitor too, may read. */
export function isShownToAll(resource: OwnedResource): boolean {
  return resource.isPublic === true && (resource.moderationStatus === undefined || resource.moderationStatus === 'approved');
}

export function mayRead(caller: Caller | undefined, resource: OwnedResource): boolean {
  return isShownToAll(resource) || mayModify(caller, resource);
}

export function mayModify(caller: Caller | undefined, resource: OwnedResource): boolean {
  return isAdmin(caller) || isOwner(caller, resource);
}

export function mayDelete(caller: Caller | undefined, resource: OwnedResource): boolean {
  return mayModify(caller, resource);
}

/**
 * Chatting needs a signed-in caller who may read the agent; its owner and admins chat for free,
 * others too when it costs nothing, and otherwise only with a subscription covering it.
 */
export function chatAccess(caller: Caller | undefined, agent: OwnedResource & { price: number | string }): ChatAccess {
  if (!caller || !mayRead(caller, agent)) return 'hidden';
  if (mayModify(caller, agent) || Number(agent.price) === 0) return 'allowed';
  return 'needs-subscription';
}

/** How a listing applies the rule: to a moderated table (with moderationStatus), and to its public rows only. */
export interface ReadableOptions {
  moderated?: boolean;
  /** Only public rows, as anyone may read them, plus the caller's own public ones waiting for moderation. */
  publicOnly?: boolean;
}

/**
 * The same rule as mayRead, for SQL: narrows a listing on `alias` (a table with isPublic and
 * ownerSub columns, and moderationStatus when `moderated`) to the rows the caller may read, or
 * with `publicOnly` to the public ones among them. Adds to any condition already there.
 */
export function readableBy<T extends ObjectLiteral>(
  builder: SelectQueryBuilder<T>,
  alias: string,
  caller: Caller | undefined,
  { moderated = false, publicOnly = false }: ReadableOptions = {},
): SelectQueryBuilder<T> {
  const orOwnRows = (where: WhereExpressionBuilder) => {
    if (caller) where.orWhere(`${alias}.ownerSub = :accessSub`, { accessSub: caller.sub });
  };
  // Public rows only as one plain condition, not public-or-own and a second public term: that threw
  // SQLite's planner off the marketplace's category and price indexes.
  if (publicOnly) builder.andWhere(`${alias}.isPublic = :accessPublic`, { accessPublic: true });
  if (isAdmin(caller)) return builder;
  if (!publicOnly) {
    builder.andWhere(
      new Brackets((where) => {
        where.where(`${alias}.isPublic = :accessPublic`, { accessPublic: true });
        orOwnRows(where);
      }),
    );
  }
  if (moderated) {
    builder.andWhere(
      new Brackets((where) => {
        where.where(`${alias}.moderationStatus = :accessApproved`, { accessApproved: 'approved' });
        orOwnRows(where);
      }),
    );
  }
  return builder;
}
