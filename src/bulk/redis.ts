/**
 * ioredis connections of the bulk queue. The API must start and serve without Redis, so no connection may crash
 * the process or flood the log: errors are logged once per outage, reconnects back off to a few seconds and never
 * stop, and the producer fails fast (no offline queue) so a request learns at once that Redis is away.
 */
import { Redis, type RedisOptions } from 'ioredis'

export interface LogLike {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

export type ConnectionRole = 'producer' | 'events' | 'worker'

/** The target without credentials, for logs and error details. */
export function describeRedis(url: string): string {
  const u = new URL(url)
  return `${u.hostname}:${u.port || 6379}`
}

export function createRedis(url: string, role: ConnectionRole, log: LogLike): Redis {
  // Not lazy: BullMQ waits for a connecting client until it is ready (even across a long outage), whereas a lazy
  // client's first failed connect() would leave the queue or worker built on it broken for good.
  const options: RedisOptions = {
    connectTimeout: 2_000,
    // reconnect forever (Redis may come back) but at most every 5 s
    retryStrategy: (times) => Math.min(200 * 2 ** Math.min(times, 5), 5_000),
    // producer: fail fast; blocking connections (events, worker) must not limit retries (BullMQ requires null)
    ...(role === 'producer' ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : { maxRetriesPerRequest: null }),
  }
  const redis = new Redis(url, options)
  let down = false
  redis.on('error', (error: Error) => {
    if (down) return
    down = true
    log.warn({ redis: describeRedis(url), role, err: error.message }, 'bulk queue: Redis unreachable; bulk deletes answer 503 until it is back')
  })
  redis.on('ready', () => {
    if (down) log.info({ redis: describeRedis(url), role }, 'bulk queue: Redis reachable again')
    down = false
  })
  return redis
}
