import { Injectable } from '@nestjs/common';
import { InstanceBus } from '../../instance-bus/instance-bus';
import { cacheCounter } from '../../metrics/instruments';

interface Entry {
  body: Promise<string>;
  expiresAt: number;
}

/** How long a public listing may be served without asking the database again. */
export const MARKETPLACE_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 500;

/**
 * How long an agent's serialised form may be reused while its row is unchanged: its avatar URL
 * was signed for an hour when it was written, so it is served with at least 55 minutes left.
 */
export const AGENT_JSON_TTL_MS = 5 * 60_000;
const MAX_AGENT_JSONS = 20_000;

const pageLookups = cacheCounter('marketplace_pages');
const countLookups = cacheCounter('marketplace_counts');
const agentJsonLookups = cacheCounter('agent_json');

/** One agent of a listing page as its query found it: its id and its row's version (updated_at). */
export interface ListedAgent {
  id: string;
  version: string;
}

/** An agent serialised as listings show it, and the version of the row it was written from. */
export interface AgentJson {
  version: string;
  json: string;
}

/**
 * A short-lived cache of the public marketplace pages, already serialised, and of each listed
 * agent's JSON (see agentsJson). The listings show public items only, so every caller gets the
 * same bytes. When an agent or ecosystem changes, both are dropped at once on this instance and,
 * through the instance bus, on every other one (with Redis; without it, other machines' pages may
 * be up to two seconds old, and their agents are still checked against their rows' versions).
 * Concurrent misses for the same page share one database query.
 */
@Injectable()
export class MarketplaceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly counts = new Map<string, { value: Promise<unknown>; expiresAt: number }>();
  private readonly agentJsons = new Map<string, AgentJson & { expiresAt: number }>();
  /** Counts the changes heard, so that agents loaded across a change are not kept. */
  private generation = 0;

  constructor(private readonly bus: InstanceBus) {
    bus.subscribe('marketplace.changed', () => {
      this.entries.clear();
      this.counts.clear();
      this.agentJsons.clear();
      this.generation += 1;
    });
  }

  /**
   * The agents of a listing page, serialised, in its order. Every page still runs its query, but
   * reads only ids and versions: an agent is written once and reused while its row keeps the same
   * version and nothing in the marketplace changes (the same message that drops the pages, on
   * every instance), for at most AGENT_JSON_TTL_MS. The missing ones are loaded together; one
   * deleted since the page was read is left out.
   */
  async agentsJson(listed: readonly ListedAgent[], load: (ids: string[]) => Promise<Map<string, AgentJson>>): Promise<string[]> {
    const time = Date.now();
    const found = listed.map((agent) => {
      const entry = this.agentJsons.get(agent.id);
      return entry && entry.version === agent.version && entry.expiresAt > time ? entry.json : undefined;
    });
    const missing = listed.filter((_, index) => found[index] === undefined).map((agent) => agent.id);
    agentJsonLookups.hit(listed.length - missing.length);
    agentJsonLookups.miss(missing.length);
    if (missing.length === 0) return found as string[];

    const generation = this.generation;
    const loaded = await load(missing);
    if (generation === this.generation) {
      for (const [id, agentJson] of loaded) {
        this.agentJsons.delete(id);
        this.agentJsons.set(id, { ...agentJson, expiresAt: time + AGENT_JSON_TTL_MS });
      }
      while (this.agentJsons.size > MAX_AGENT_JSONS) this.agentJsons.delete(this.agentJsons.keys().next().value!);
    }
    return listed.flatMap((agent, index) => {
      const json = found[index] ?? loaded.get(agent.id)?.json;
      return json === undefined ? [] : [json];
    });
  }

  /**
   * A listing's total for one set of filters (its count query and parameters; the page does not
   * change it), kept as long as a page: paging and re-sorting a search count it once.
   */
  count<T>(key: string, load: () => Promise<T>): Promise<T> {
    const time = Date.now();
    const hit = this.counts.get(key);
    if (hit && hit.expiresAt > time) {
      countLookups.hit();
      return hit.value as Promise<T>;
    }
    countLookups.miss();
    const value = load();
    value.catch(() => this.counts.delete(key));
    if (this.counts.size >= MAX_ENTRIES) {
      for (const [stale, entry] of this.counts) if (entry.expiresAt <= time) this.counts.delete(stale);
      if (this.counts.size >= MAX_ENTRIES) this.counts.delete(this.counts.keys().next().value!);
    }
    this.counts.set(key, { value, expiresAt: time + MARKETPLACE_CACHE_TTL_MS });
    return value;
  }

  /** A page's body, as `load` serialises it. */
  serialised(key: string, load: () => Promise<string>): Promise<string> {
    const time = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > time) {
      pageLookups.hit();
      return hit.body;
    }
    pageLookups.miss();

    const body = load();
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
