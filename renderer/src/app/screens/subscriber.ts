import type { AuthUser } from '../../features/auth/state/authState';
import type { SubscriberAccount } from '../../features/subscriptions/types';

/** The signed-in user as the payments and subscriptions features need them. */
export function subscriberOf(user: AuthUser): SubscriberAccount {
  return { userId: user.userId, name: user.contactName || user.username || user.email, email: user.email };
}
