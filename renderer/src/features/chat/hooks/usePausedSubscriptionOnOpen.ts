import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useSubscriptionLookup, type ChatAgent } from '../api/chatQueries';
import { chatOwnerAtom, pausedModalAtom, type ChatOwner } from '../state/chatAtoms';

/** As the server decides it (spec section 6): the creator and admins chat without a subscription. */
function needsSubscription(agent: ChatAgent, owner: Extract<ChatOwner, { status: 'user' }>): boolean {
  if (owner.isAdmin) return false;
  if (!(Number(agent.price ?? 0) > 0)) return false;
  return !agent.creatorId || agent.creatorId !== owner.userId;
}

/**
 * Spec section 4: a paused subscription shows the resume modal as the chat with the agent opens,
 * not only when a send is refused (409 SubscriptionPaused, which still opens it too). A failed
 * lookup changes nothing on screen: the send path still catches a paused subscription.
 * Each answer read (as the chat opens, and again after a resume) opens it once when paused.
 */
export function usePausedSubscriptionOnOpen(agent: ChatAgent | null): void {
  const owner = useAtomValue(chatOwnerAtom);
  const openPaused = useSetAtom(pausedModalAtom);
  const userId = owner.status === 'user' ? owner.userId : null;
  const agentId = agent?.id ?? null;
  const check = agent !== null && owner.status === 'user' && needsSubscription(agent, owner);
  const lookup = useSubscriptionLookup(userId, agentId, { enabled: check });
  const paused = check && lookup.data?.data?.status === 'paused';

  useEffect(() => {
    if (paused && agentId) openPaused({ open: true, agentId });
  }, [paused, agentId, openPaused, lookup.dataUpdatedAt]);
}
