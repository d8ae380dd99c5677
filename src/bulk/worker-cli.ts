/**
 * `npm run worker`: the bulk-delete processor alone, for deployments that scale it apart from the API (run the API
 * with BULK_WORKER_IN_PROCESS=false). Same configuration as the API; applies pending migrations first so a worker
 * started before any API still finds its tables. SIGINT/SIGTERM let running jobs finish, then exit.
 */
import { setPriority } from 'node:os'
import { loadConfigOrExit } from '../config.ts'
import { createSql, describeDatabase, ensureDatabase } from '../db/client.ts'
import { migrate } from '../db/migrate.ts'
import { describeRedis } from './redis.ts'
import { bulkPacing, createBulkWorker } from './worker.ts'

const config = loadConfigOrExit()

// one JSON line per event, as the API logs (pino is only fastify's dependency, not ours)
const LEVELS = { fatal: 60, error: 50, warn: 40, info: 30, debug: 20, trace: 10, silent: Infinity } as const
const threshold = LEVELS[config.logLevel]
const line = (level: 30 | 40 | 50) => (obj: object, msg: string) => {
  if (level >= threshold)
    process.stdout.write(
      `${JSON.stringify({ level, time: Date.now(), pid: process.pid, name: 'bulk-worker', ...obj, msg })}\n`,
    )
}
const log = { info: line(30), warn: line(40), error: line(50) }
// a job's statements may run as long as its request waits (past that it is withdrawn anyway), not the API's bound
const sql = createSql(config.databaseUrl, {
  max: 4,
  timeouts: { connectMs: config.dbConnectTimeoutMs, statementMs: config.bulkWaitTimeoutMs },
})
try {
  await ensureDatabase(config.databaseUrl, config.dbConnectTimeoutMs / 1000)
  await migrate(sql)
} catch (error) {
  log.error({ err: (error as Error).message }, `cannot prepare PostgreSQL at ${describeDatabase(config.databaseUrl)}`)
  process.exit(1)
}

// second to the API among the processes of its session (Linux ranks nice values within a session's autogroup)
if (config.bulkWorkerNice > 0) {
  try {
    setPriority(config.bulkWorkerNice)
  } catch (error) {
    log.warn({ err: (error as Error).message }, 'bulk worker: cannot lower its own CPU priority')
  }
}

const worker = createBulkWorker({
  redisUrl: config.redisUrl,
  prefix: config.bulkQueuePrefix,
  sql,
  log,
  pacing: bulkPacing(config),
  onReady: () =>
    log.info({ redis: describeRedis(config.redisUrl), prefix: config.bulkQueuePrefix }, 'bulk worker ready'),
  onCompleted: (job) => log.info({ job: job.id, resource: job.data.resource }, 'bulk-delete job completed'),
})

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    log.info({ signal }, 'draining bulk worker')
    const timer = setTimeout(() => process.exit(1), 60_000)
    timer.unref()
    worker
      .close()
      .then(() => sql.end({ timeout: 5 }))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'bulk worker shutdown failed')
          process.exit(1)
        },
      )
  })
}
