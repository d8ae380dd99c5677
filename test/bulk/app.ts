/** A test app whose bulk queue lives under its own BullMQ prefix, so parallel test files never share jobs. */
import { randomBytes } from 'node:crypto'
import { build, type BuildOptions, type TestApp } from '../helpers/app.ts'

interface TestContext {
  teardown(fn: () => unknown): void
}

export const queuePrefix = () => `fi-test-${randomBytes(6).toString('hex')}`

export async function buildBulk(t: TestContext, options: BuildOptions = {}): Promise<TestApp & { prefix: string }> {
  const prefix = options.env?.BULK_QUEUE_PREFIX ?? queuePrefix()
  const built = await build(t, { ...options, env: { BULK_QUEUE_PREFIX: prefix, ...options.env } })
  return { ...built, prefix }
}

export const explicit = (uids: string[], options: Record<string, unknown> = {}) => ({ selection: { mode: 'explicit', uids }, options })
