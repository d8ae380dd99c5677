/**
 * The only file that listens: config → database (created and migrated) → demo data when empty → app → listen.
 * An unreachable database stops the start with one line within DB_CONNECT_TIMEOUT_MS (Redis may be away: the
 * service serves without it and says so once). SIGINT/SIGTERM: /ready turns 503, the listeners stop accepting,
 * requests in flight finish within SHUTDOWN_TIMEOUT_MS (the drain is logged), then the pool, queues and database
 * close (each plugin closes itself) and the process exits; it exits anyway once the bound has passed.
 */
import { loadConfigOrExit } from './config.ts'
import { createSql, ensureDatabase, describeDatabase, describeConnectError } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { loadDemoIfEmpty } from './db/demo.ts'
import { buildApp } from './app.ts'
import { shutdownOnSignals } from './lifecycle.ts'

const config = loadConfigOrExit()
const connectSeconds = config.dbConnectTimeoutMs / 1000

try {
  await ensureDatabase(config.databaseUrl, connectSeconds)
  // migrations and the demo load may run long: their own pool, without the serving pool's statement timeout
  const setup = createSql(config.databaseUrl, { max: 1, connectTimeoutSeconds: connectSeconds })
  try {
    await migrate(setup)
    if (config.loadDemoData) await loadDemoIfEmpty(setup)
  } finally {
    await setup.end({ timeout: 5 })
  }
} catch (error) {
  console.error(`cannot prepare PostgreSQL at ${describeDatabase(config.databaseUrl)}: ${describeConnectError(error)}`)
  process.exit(1)
}
const sql = createSql(config.databaseUrl, {
  max: Math.max(10, config.pricerThreads * 4),
  timeouts: { connectMs: config.dbConnectTimeoutMs, statementMs: config.dbStatementTimeoutMs },
})

const app = await buildApp({ config, sql, ownsSql: true })
shutdownOnSignals(app, config.shutdownTimeoutMs)
await app.listen({ host: config.host, port: config.port })
