/** build(t): the whole app over a fresh database, closed when the test ends (style: fastify/demo test/helper.ts). */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { createSql } from '../../src/db/client.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'

interface TestContext {
  teardown(fn: () => unknown): void
}

export interface BuildOptions {
  /** a bundle to load before the app starts; `'demo'` loads the demo bundle */
  bundle?: unknown
  env?: Record<string, string>
  /** the pricing worker entry (fault-injection tests) */
  pricerWorkerUrl?: URL
}

export interface TestApp {
  app: FastifyInstance
  db: TestDatabase
}

export async function build(t: TestContext, options: BuildOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase(t, { demo: options.bundle === 'demo' })
  if (options.bundle !== undefined && options.bundle !== 'demo') await loadBundle(db.sql, options.bundle)
  return { app: await instance(t, db, options, db.sql), db }
}

/** Another app instance on the same database, with its own connection pool, listener and pricing workers. */
export async function buildInstance(
  t: TestContext,
  db: TestDatabase,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  return instance(t, db, options, createSql(db.url, { max: 5 }), true)
}

async function instance(
  t: TestContext,
  db: TestDatabase,
  options: BuildOptions,
  sql: TestDatabase['sql'],
  ownsSql = false,
): Promise<FastifyInstance> {
  // only the tests of queues process jobs: other apps need no worker holding Redis connections; only the test of the
  // start-up warm-up starts pricing threads before a request does
  // a pricing thread's first start (its modules transpiled by tsx) on a machine busy with other test files can take
  // seconds: the queue and task bounds are the tests' own, far from their answers, so no test fails for the machine's
  // speed (the tests of the bounds set theirs)
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    PRICER_THREADS: '1',
    PRICER_QUEUE_TIMEOUT_MS: '120000',
    PRICER_TASK_TIMEOUT_MS: '120000',
    BULK_WORKER_IN_PROCESS: 'false',
    PRICING_WORKER_IN_PROCESS: 'false',
    PRICING_PREWARM_INSTRUMENTS: 'false',
    PRICING_PREWARM_BOOK: 'false',
    ...options.env,
  })
  const app = await buildApp({ config, sql, ownsSql, prespawnPricer: false, pricerWorkerUrl: options.pricerWorkerUrl })
  t.teardown(() => app.close())
  return app
}

/** Parses a JSON response body with a type for the test's convenience. */
export function body<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T
}
