import type { ServerCallContext, User } from '@a2a-js/sdk/server';
import type { ResolvedKey } from '../key-resolver';

/** The caller of an A2A request: the key ApiKeyGuard accepted, and whether the answer streams. */
export class KeyCaller implements User {
  constructor(
    readonly key: ResolvedKey,
    readonly streaming: boolean,
  ) {}

  get isAuthenticated(): boolean {
    return true;
  }

  get userName(): string {
    return this.key.owner.sub;
  }
}

/** Every A2A request reaches the SDK through the key guard, so its context always has a KeyCaller. */
export function callerOf(context: ServerCallContext): KeyCaller {
  const user = context.user;
  if (!(user instanceof KeyCaller)) throw new Error('Petición A2A sin clave de API');
  return user;
}
