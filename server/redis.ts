import type { Redis } from "ioredis";
import type { Logger } from "pino";

/**
 * The process's one Redis connection (REDIS_URL): sessions, form drafts and rate-limit counters
 * share it. While Redis is away, commands fail at once instead of waiting in a queue (requests
 * answer 503 quickly, /readyz says not ready); ioredis reconnects by itself every ≤ 500 ms, so
 * everything works again within a second or so of Redis coming back (docs/decisions/097).
 */
/** The URL without its password, for messages. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "invalid URL";
  }
}

export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (attempt) => Math.min(50 * attempt, 500),
  });
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    logger.error({ err: error }, "redis unavailable");
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    logger.info("redis connection restored");
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const refusal = new Error(`Cannot connect to REDIS_URL (${redactedUrl(url)}): ${(error as Error).message}`);
    refusal.name = "RedisUnavailableError";
    throw refusal;
  }
  return redis;
}
