import Redis from 'ioredis';
import { Client } from 'pg';

/**
 * The outside servers some suites need, named by environment variables: CI sets both (after
 * starting the local servers), a plain `npm test` neither.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

const SERVICES = {
  Redis: { variable: 'TEST_REDIS_URL', url: TEST_REDIS_URL, answers: redisAnswers, without: 'skip the suites that need it' },
  PostgreSQL: { variable: 'TEST_DATABASE_URL', url: TEST_DATABASE_URL, answers: postgresAnswers, without: 'run on SQLite' },
};

type Service = keyof typeof SERVICES;

/**
 * A describe for suites that need outside servers. Without their variables it is skipped, its name
 * saying which is missing; with them, each server must answer, or every test of the suite fails
 * saying which does not (never a silent skip on a machine that meant to run it).
 */
export function describeWithServices(services: Service[], name: string, suite: () => void): void {
  const missing = services.filter((service) => !SERVICES[service].url).map((service) => SERVICES[service].variable);
  if (missing.length > 0) {
    describe.skip(`${name} (skipped: ${missing.join(' and ')} not set)`, suite);
    return;
  }
  describe(name, () => {
    beforeAll(async () => {
      for (const service of services) await SERVICES[service].answers(SERVICES[service].url as string);
    });
    suite();
  });
}

export function describeWithRedis(name: string, suite: () => void): void {
  describeWithServices(['Redis'], name, suite);
}

/** The error for a server that does not answer: which, and what to do about it. */
export function unreachable(service: Service, url: string, error: unknown): Error {
  const { variable, without } = SERVICES[service];
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`${variable}=${url}: ${service} does not answer (${reason}). Start it, or unset ${variable} to ${without}.`);
}

async function redisAnswers(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw unreachable('Redis', url, error);
  } finally {
    client.disconnect();
  }
}

async function postgresAnswers(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw unreachable('PostgreSQL', url, error);
  } finally {
    await client.end().catch(() => undefined);
  }
}
