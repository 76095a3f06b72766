import type { SubscriptionDto } from './dto/subscription.dto';
import type { Subscription } from './entities/subscription.entity';

export function toSubscriptionDto(subscription: Subscription): SubscriptionDto {
  return {
    subscriptionId: subscription.subscriptionId,
    status: subscription.status,
    isBundle: subscription.isBundle,
    agents: subscription.agents ?? [],
    priceId: subscription.priceId,
    price: Number(subscription.price),
    userId: subscription.userSub,
    agentId: subscription.agentId,
    createdAt: subscription.createdAt.toISOString(),
    updatedAt: subscription.updatedAt.toISOString(),
    finishedAt: subscription.finishedAt ? new Date(subscription.finishedAt).toISOString() : null,
    cancelAtPeriodEnd: subscription.status !== 'cancelled' && Boolean(subscription.cancelAtPeriodEnd),
    currentPeriodEnd: subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd).toISOString() : null,
    user: { name: subscription.userName ?? null, email: subscription.userEmail ?? null },
    products: subscription.products ?? [],
    ecosystemId: subscription.ecosystemId ?? null,
  };
}
