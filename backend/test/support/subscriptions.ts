import { randomUUID } from 'node:crypto';
import type { Repository } from 'typeorm';
import type { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';

/** A stored individual subscription of `userSub` at 19.99, unless `row` says otherwise (not saved). */
export function subscriptionRow(subscriptions: Repository<Subscription>, userSub: string, row: Partial<Subscription>): Subscription {
  return subscriptions.create({
    subscriptionId: `sub_${randomUUID()}`,
    userSub,
    isBundle: false,
    agentId: null,
    agents: [],
    priceId: 'price_123',
    price: 19.99,
    finishedAt: null,
    ...row,
  });
}
