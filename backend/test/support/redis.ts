/** The Redis server the shared-counter tests use; CI sets TEST_REDIS_URL when the local one answers. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** A describe that runs only where TEST_REDIS_URL names a Redis server, skipped elsewhere. */
export const describeWithRedis = TEST_REDIS_URL ? describe : describe.skip;
