import { Injectable } from '@nestjs/common';
import { InstanceBus } from '../../instance-bus/instance-bus';

interface Entry {
  body: Promise<string>;
  expiresAt: number;
}

/** How long a public listing may be served without asking the database again. */
export const MARKETPLACE_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 500;

/**
 * A short-lived cache of the public marketplace pages, already serialised. The listings show
 * public items only, so every caller gets the same bytes. When an agent or ecosystem changes the
 * pages are dropped at once on this instance and, through the instance bus, on every other one
 * (with Redis; without it, other machines' pages may be up to two seconds old).
 * Concurrent misses for the same page share one database query.
 */
@Injectable()
export class MarketplaceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly counts = new Map<string, { value: Promise<unknown>; expiresAt: number }>();

  constructor(private readonly bus: InstanceBus) {
    bus.subscribe('marketplace.changed', () => {
      this.entries.clear();
      this.counts.clear();
    });
  }

  /**
   * A listing's total for one set of filters (its count query and parameters; the page does not
   * change it), kept as long as a page: paging and re-sorting a search count it once.
   */
  count<T>(key: string, load: () => Promise<T>): Promise<T> {
    const time = Date.now();
    const hit = this.counts.get(key);
    if (hit && hit.expiresAt > time) return hit.value as Promise<T>;
    const value = load();
    value.catch(() => this.counts.delete(key));
    if (this.counts.size >= MAX_ENTRIES) {
      for (const [stale, entry] of this.counts) if (entry.expiresAt <= time) this.counts.delete(stale);
      if (this.counts.size >= MAX_ENTRIES) this.counts.delete(this.counts.keys().next().value!);
    }
    this.counts.set(key, { value, expiresAt: time + MARKETPLACE_CACHE_TTL_MS });
    return value;
  }

  serialised(key: string, load: () => Promise<unknown>): Promise<string> {
    const time = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > time) return hit.body;

    const body = load().then((page) => JSON.stringify(page));
    // A failed load must not be served to the next caller.
    body.catch(() => this.entries.delete(key));
    if (this.entries.size >= MAX_ENTRIES) this.evictExpiredOrOldest(time);
    this.entries.set(key, { body, expiresAt: time + MARKETPLACE_CACHE_TTL_MS });
    return body;
  }

  /** Something listed changed: no instance may serve the pages it kept. */
  clear(): void {
    void this.bus.publish('marketplace.changed');
  }

  private evictExpiredOrOldest(time: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= time) this.entries.delete(key);
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
