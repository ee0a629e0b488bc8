/** The Redis the shared-limit tests use: TEST_REDIS_URL, or the one on this machine (and in CI). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
