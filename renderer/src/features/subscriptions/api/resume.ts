import { subscriptionsStrings } from '../strings';
import { subscriptionsApi } from './subscriptionsApi';

/**
 * 'Reanudar' in the 'Suscripción Pausada' modal: finds the user's subscription that covers the
 * agent and resumes it (the provider first, then the store, on the server).
 */
export async function resumeSubscriptionForAgent(userId: string, agentId: string): Promise<void> {
  const subscription = await subscriptionsApi.forAgent(userId, agentId);
  if (!subscription) throw new Error(subscriptionsStrings.errors.notFound);
  if (subscription.status === 'active') return;
  await subscriptionsApi.resume(subscription);
}
