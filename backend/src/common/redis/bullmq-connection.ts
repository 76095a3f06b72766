/** BullMQ's connection options from a redis:// or rediss:// URL (REDIS_URL), for every queue of the backend. */
export function bullmqConnection(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : undefined,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    // BullMQ's workers block on Redis; it requires this to be null.
    maxRetriesPerRequest: null,
  };
}
