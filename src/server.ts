/**
 * The only file that listens: config → database (created and migrated) → demo data when empty → app → listen.
 * SIGINT/SIGTERM close the HTTP server first, then the pool, queue and database (each plugin closes itself).
 */
import { loadConfigOrExit } from './config.ts'
import { createSql, ensureDatabase, describeDatabase } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { loadDemoIfEmpty } from './db/demo.ts'
import { buildApp } from './app.ts'

const config = loadConfigOrExit()

try {
  await ensureDatabase(config.databaseUrl)
} catch (error) {
  console.error(`cannot reach PostgreSQL at ${describeDatabase(config.databaseUrl)}: ${(error as Error).message}`)
  process.exit(1)
}
const sql = createSql(config.databaseUrl, { max: Math.max(10, config.pricerThreads * 4) })
await migrate(sql)
if (config.loadDemoData) await loadDemoIfEmpty(sql)

const app = await buildApp({ config, sql, ownsSql: true })

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), 15_000)
    timer.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  })
}

await app.listen({ host: config.host, port: config.port })
