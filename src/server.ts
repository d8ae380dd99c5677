/**
 * The only file that listens: config → database (created and migrated) → demo data when empty → app → listen
 * (and the ops listener when OPS_PORT is set, src/http/ops-surface.ts).
 * An unreachable database stops the start with one line within DB_CONNECT_TIMEOUT_MS (Redis may be away: the
 * service serves without it and says so once). SIGINT/SIGTERM: /ready turns 503, the listeners stop accepting,
 * requests in flight finish within SHUTDOWN_TIMEOUT_MS (the drain is logged), then the pool, queues and database
 * close (each plugin closes itself) and the process exits; it exits anyway once the bound has passed.
 */
import { setFlagsFromString } from 'node:v8'
import { loadConfigOrExit } from './config.ts'
import { createSql, ensureDatabase, describeDatabase, describeConnectError } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { loadDemoIfEmpty } from './db/demo.ts'
import { buildApp } from './app.ts'
import { shutdownOnSignals } from './lifecycle.ts'
import { createLogStream } from './log-stream.ts'
import { createOpsServer } from './http/ops-surface.ts'
import { isLoopback } from './auth/loopback.ts'
import { BOOTSTRAP_KEY_NAME, bootstrapAdminKey } from './auth/api-keys.ts'
import { readFileSync } from 'node:fs'

const config = loadConfigOrExit()
// open to the network only with authentication, or when the deployment says so in as many words
if (config.authMode === 'none' && !isLoopback(config.host) && !config.allowUnauthenticated) {
  console.error(
    `HOST ${config.host} is not a loopback address and AUTH_MODE is none: set AUTH_MODE (api-keys or jwt), or ` +
      'ALLOW_UNAUTHENTICATED=true to serve it without authentication',
  )
  process.exit(1)
}
// A book's caches keep a large heap live (~150 MB for 50,000 bonds on the main thread); V8 lets the old generation grow
// to two or three times its live size under load before it collects again, so a busy process's memory rises by a few
// hundred MB whatever it holds. HEAP_GROWTH_PERCENT (default 50) bounds that growth, at a price in marking, which fell
// once the pricing threads stopped promoting each request's garbage (bench/README.md, "Garbage that lived in the old
// generation"). Set before the pricing threads start: their heaps too. 0 keeps V8's own.
if (config.heapGrowthPercent > 0) setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`)
// A scavenge shared with V8's helper threads waits for them when every core already runs a JavaScript thread (the main
// thread and one pricing thread per core, by default): on two cores a pricing thread's scavenge during a distinct
// pass took 1.6-2.4 ms shared against 1.2-1.3 alone (bench/README.md, "Each pass beside its own hot rate"). V8 reads
// the flag at each scavenge, in every thread.
if (!config.gcParallelScavenge) setFlagsFromString('--no-parallel-scavenge')
const connectSeconds = config.dbConnectTimeoutMs / 1000

// what the preparation did, said once in the log when the app has one
const prepared: string[] = []
try {
  if (await ensureDatabase(config.databaseUrl, connectSeconds))
    prepared.push(`created database ${describeDatabase(config.databaseUrl)}`)
  // migrations and the demo load may run long: their own pool, without the serving pool's statement timeout
  const setup = createSql(config.databaseUrl, { max: 1, connectTimeoutSeconds: connectSeconds })
  try {
    const applied = await migrate(setup)
    if (applied.length) prepared.push(`applied ${applied.length} migration(s): ${applied.join(', ')}`)
    if (
      config.authBootstrapKeyFile &&
      (await bootstrapAdminKey(setup, readFileSync(config.authBootstrapKeyFile, 'utf8')))
    )
      prepared.push(`stored the bootstrap admin key of ${config.authBootstrapKeyFile} as '${BOOTSTRAP_KEY_NAME}'`)
    if (config.loadDemoData && (await loadDemoIfEmpty(setup)))
      prepared.push('loaded the demo bundle into the empty database (LOAD_DEMO_DATA=false to start empty)')
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

const logs = createLogStream()
const app = await buildApp({ config, sql, ownsSql: true, logger: { level: config.logLevel, stream: logs.stream } })
for (const step of prepared) app.log.info(step)
const ops = config.opsPort !== null ? createOpsServer(app) : null
shutdownOnSignals(app, config.shutdownTimeoutMs, ops ? [ops] : [], logs)
await app.listen({ host: config.host, port: config.port })
if (ops && config.opsPort !== null) {
  const port = config.opsPort
  await new Promise<void>((resolve, reject) => ops.once('error', reject).listen(port, config.opsHost, resolve))
  app.log.info({ address: ops.address() }, 'ops listener (/metrics, /ops/queues) ready')
}
