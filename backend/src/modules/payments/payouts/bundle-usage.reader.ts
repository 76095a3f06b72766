import { Injectable } from '@nestjs/common';
import { ConversationsService } from '../../conversations/conversations.service';

/**
 * How much each agent of a bundle was used in a month: the replies the chat produced for it in
 * the ecosystem's conversations of the bundle's subscribers (the conversations module counts
 * them). Messages a client writes itself and chats of people who did not pay for the bundle
 * cannot tilt the split.
 */
@Injectable()
export class BundleUsageReader {
  constructor(private readonly conversations: ConversationsService) {}

  /** Replies per agent id in the subscribers' chats of the ecosystem during the month ('YYYY-MM', UTC). */
  async repliesByAgent(ecosystemId: string, period: string, subscriberSubs: string[]): Promise<Map<string, number>> {
    if (subscriberSubs.length === 0) return new Map();
    const { start, end } = monthRange(period);
    return this.conversations.modelRepliesByAgent(ecosystemId, subscriberSubs, start, end);
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
