import { Injectable } from '@nestjs/common';
import { EcosystemReplies } from '../../conversations/ecosystem-replies';

/**
 * How much a bundle's subscriber used each of its agents in a month: the agents' replies to that
 * subscriber in the ecosystem's chats and sessions (recorded one per agent reply by the
 * conversations and collaboration modules). Messages a client writes itself and other people's
 * chats cannot tilt the split of a subscriber's payment.
 */
@Injectable()
export class BundleUsageReader {
  constructor(private readonly replies: EcosystemReplies) {}

  /** Replies per agent id to the subscriber in the ecosystem's chats and sessions during the month ('YYYY-MM', UTC). */
  repliesByAgent(ecosystemId: string, subscriberSub: string, period: string): Promise<Map<string, number>> {
    const { start, end } = monthRange(period);
    return this.replies.countByAgent(ecosystemId, subscriberSub, start, end);
  }
}

/** The first instant of the month and of the next (UTC). */
export function monthRange(period: string): { start: Date; end: Date } {
  const [year, month] = period.split('-').map(Number);
  return { start: new Date(Date.UTC(year, month - 1, 1)), end: new Date(Date.UTC(year, month, 1)) };
}

/** 'YYYY-MM' of an instant (UTC). */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}
