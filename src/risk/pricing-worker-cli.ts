/**
 * `npm run pricing-worker`: a process that prices parts of large batches from the `pricing-batches` queue
 * (src/risk/jobs.ts), on one machine or several, beside API instances that split their batches
 * (PRICING_BATCH_JOB_SIZE). It is the API without a listener: the same pricing stack (pool, caches invalidated by
 * PostgreSQL NOTIFY), so its items equal what any instance answers. SIGINT/SIGTERM let running parts finish.
 */
import { loadConfigOrExit } from '../config.ts'
import { createSql, describeDatabase, ensureDatabase } from '../db/client.ts'
import { migrate } from '../db/migrate.ts'
import { describeRedis } from '../bulk/redis.ts'
import { buildApp } from '../app.ts'

// a pricing worker processes pricing jobs and nothing else: bulk deletes stay with their own workers
const config = { ...loadConfigOrExit(), pricingWorkerInProcess: true, bulkWorkerInProcess: false }
const sql = createSql(config.databaseUrl, {
  max: Math.max(4, config.pricerThreads * 2),
  timeouts: { connectMs: config.dbConnectTimeoutMs, statementMs: config.dbStatementTimeoutMs },
})
try {
  await ensureDatabase(config.databaseUrl, config.dbConnectTimeoutMs / 1000)
  await migrate(sql)
} catch (error) {
  console.error(`cannot prepare PostgreSQL at ${describeDatabase(config.databaseUrl)}: ${(error as Error).message}`)
  process.exit(1)
}
const app = await buildApp({ config, sql, ownsSql: true })
app.log.info(
  { redis: describeRedis(config.redisUrl), prefix: config.bulkQueuePrefix, threads: config.pricerThreads },
  'pricing worker ready',
)

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'draining pricing worker')
    const timer = setTimeout(() => process.exit(1), 60_000)
    timer.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'pricing worker shutdown failed')
        process.exit(1)
      },
    )
  })
}
