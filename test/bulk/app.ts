/** A test app whose bulk queue lives under its own BullMQ prefix, so parallel test files never share jobs. */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { build, type BuildOptions, type TestApp } from '../helpers/app.ts'

interface TestContext {
  teardown(fn: () => unknown): void
}

export const queuePrefix = () => `fi-test-${randomBytes(6).toString('hex')}`

export async function buildBulk(t: TestContext, options: BuildOptions = {}): Promise<TestApp & { prefix: string }> {
  const prefix = options.env?.BULK_QUEUE_PREFIX ?? queuePrefix()
  const built = await build(t, {
    ...options,
    env: { BULK_QUEUE_PREFIX: prefix, BULK_WORKER_IN_PROCESS: 'true', ...options.env },
  })
  t.teardown(() => dropKeys(prefix))
  return { ...built, prefix }
}

export const explicit = (uids: string[], options: Record<string, unknown> = {}) => ({
  selection: { mode: 'explicit', uids },
  options,
})

/** Removes the test's queue keys from the shared Redis (a no-op when the test pointed at no Redis). */
async function dropKeys(prefix: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  redis.on('error', () => {})
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500)
      if (keys.length) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } catch {
    // Redis away: nothing was written there
  } finally {
    redis.disconnect()
  }
}
