import { Brackets, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';

/**
 * The one rule for what a caller may do with something a user owns (an agent, an ecosystem, an
 * uploaded file): admins everything, the owner everything with their own, everyone (visitors too)
 * may read what is public, nobody else anything. Services ask these functions and listings add
 * readableBy(...) to their SQL, so that what a list shows and what a single read allows cannot
 * drift apart.
 */

/** Who is asking: a verified identity (or the owner a team is listed for); undefined for a visitor. */
export interface Caller {
  sub: string;
  role: 'admin' | 'user';
}

/** What the rule looks at; ownerSub is null for rows no user owns (seeded ones). */
export interface OwnedResource {
  ownerSub: string | null;
  isPublic?: boolean;
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

export function mayRead(caller: Caller | undefined, resource: OwnedResource): boolean {
  return resource.isPublic === true || mayModify(caller, resource);
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

/**
 * The same rule as mayRead, for SQL: narrows a listing on `alias` (a table with isPublic and
 * ownerSub columns) to the rows the caller may read. Adds to any condition already there.
 */
export function readableBy<T extends ObjectLiteral>(
  builder: SelectQueryBuilder<T>,
  alias: string,
  caller: Caller | undefined,
): SelectQueryBuilder<T> {
  if (isAdmin(caller)) return builder;
  return builder.andWhere(
    new Brackets((where) => {
      where.where(`${alias}.isPublic = :accessPublic`, { accessPublic: true });
      if (caller) where.orWhere(`${alias}.ownerSub = :accessSub`, { accessSub: caller.sub });
    }),
  );
}
