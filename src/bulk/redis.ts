/**
 * ioredis connections of the bulk queue. The API must start and serve without Redis, so no connection may crash
 * the process or flood the log: an outage is logged once (one line for all connections), reconnects back off to a few
 * seconds and never stop, and the producer fails fast (no offline queue) so a request learns at once that Redis is
 * away.
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

const CONNECT_TIMEOUT_MS = 2_000

export function createRedis(url: string, role: ConnectionRole, log: LogLike): Redis {
  // Not lazy: BullMQ waits for a connecting client until it is ready (even across a long outage), whereas a lazy
  // client's first failed connect() would leave the queue or worker built on it broken for good.
  const options: RedisOptions = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    // reconnect forever (Redis may come back) but at most every 5 s
    retryStrategy: (times) => Math.min(200 * 2 ** Math.min(times, 5), 5_000),
    // producer: fail fast; blocking connections (events, worker) must not limit retries (BullMQ requires null)
    // the producer's commands are short (no blocking reads): bounded, so a Redis that stops answering fails them
    ...(role === 'producer'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: CONNECT_TIMEOUT_MS }
      : { maxRetriesPerRequest: null }),
  }
  const redis = new Redis(url, options)
  redis.on('error', (error: Error) => reportDown(url, redis, log, error))
  // connectTimeout covers TCP only: a server that accepts and never answers (dropped packets, a hung Redis) would
  // leave the connection waiting for its ready check, silently, for good
  let answer: NodeJS.Timeout | undefined
  redis.on('connect', () => {
    clearTimeout(answer)
    answer = setTimeout(() => {
      if (redis.status === 'ready') return
      reportDown(url, redis, log, new Error(`no answer within ${CONNECT_TIMEOUT_MS} ms`))
      redis.disconnect(true)
    }, CONNECT_TIMEOUT_MS)
    answer.unref()
  })
  redis.on('close', () => clearTimeout(answer))
  redis.on('ready', () => {
    clearTimeout(answer)
    reportUp(url, redis, log)
  })
  redis.on('end', () => outages.get(url)?.delete(redis))
  return redis
}

// One line per outage and Redis, however many connections see it (an API holds five: queues, events, workers).
const outages = new Map<string, Set<Redis>>()

function reportDown(url: string, redis: Redis, log: LogLike, error: Error): void {
  const down = outages.get(url) ?? new Set<Redis>()
  outages.set(url, down)
  if (down.has(redis)) return
  down.add(redis)
  if (down.size === 1)
    log.warn(
      { redis: describeRedis(url), err: error.message },
      `Redis at ${describeRedis(url)} is unreachable (${error.message}); bulk deletes answer 503 until it is back`,
    )
}

function reportUp(url: string, redis: Redis, log: LogLike): void {
  const down = outages.get(url)
  if (down?.delete(redis) && down.size === 0)
    log.info({ redis: describeRedis(url) }, `Redis at ${describeRedis(url)} is reachable again`)
}
