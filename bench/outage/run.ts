/**
 * Outage benchmark (issue 12): how long requests wait for their 503 while PostgreSQL is lost, and how long the
 * service takes to serve again once it is back, with the default outage bounds (DB_CONNECT_TIMEOUT_MS 3000,
 * DB_STATEMENT_TIMEOUT_MS 5000) unless overridden. PostgreSQL is reached through a TCP relay on 127.0.0.1:15411
 * (test/helpers/tcp-proxy.ts) that the benchmark stops (connections cut, new ones refused) and blackholes (packets
 * dropped, nothing closed); the shared server is never touched. Load: 8 clients in a loop over three list routes,
 * through app.inject. Prints answer times in each phase beside the healthy baseline of the same run.
 *
 *   npm run bench -- outage [--outage-seconds 10] [--connect-ms 3000] [--statement-ms 5000]
 */
import { parseArgs } from 'node:util'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createSql, ensureDatabase } from '../../src/db/client.ts'
import { migrate } from '../../src/db/migrate.ts'
import { loadDemoIfEmpty } from '../../src/db/demo.ts'
import { TcpProxy, type ProxyMode } from '../../test/helpers/tcp-proxy.ts'

const { values: args } = parseArgs({
  options: {
    'outage-seconds': { type: 'string', default: '10' },
    'connect-ms': { type: 'string', default: '3000' },
    'statement-ms': { type: 'string', default: '5000' },
    clients: { type: 'string', default: '8' },
  },
})
const OUTAGE_MS = Number(args['outage-seconds']) * 1000
const CONNECT_MS = Number(args['connect-ms'])
const STATEMENT_MS = Number(args['statement-ms'])
const CLIENTS = Number(args.clients)
const PROXY_PORT = 15411
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fixed_income_bench'
const URLS = ['/api/v1/asset/?limit=5', '/api/v1/asset-category/', '/api/v1/portfolio/']

await ensureDatabase(DATABASE_URL)
const setup = createSql(DATABASE_URL, { max: 2 })
await migrate(setup)
await loadDemoIfEmpty(setup)
await setup.end()

const upstream = new URL(DATABASE_URL)
const proxy = await new TcpProxy(PROXY_PORT, { host: upstream.hostname, port: Number(upstream.port || 5432) }).start()
const viaProxy = new URL(DATABASE_URL)
viaProxy.port = String(PROXY_PORT)
const config = loadConfig({
  ...process.env,
  DATABASE_URL: viaProxy.toString(),
  DB_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
  DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
  LOG_LEVEL: 'silent',
  BULK_WORKER_IN_PROCESS: 'false',
  PRICING_WORKER_IN_PROCESS: 'false',
})
const sql = createSql(config.databaseUrl, {
  max: Math.max(10, config.pricerThreads * 4),
  timeouts: { connectMs: CONNECT_MS, statementMs: STATEMENT_MS },
})
const app = await buildApp({ config, sql, ownsSql: true, prespawnPricer: false })

interface Outcome {
  at: number
  status: number
  ms: number
}

let outcomes: Outcome[] = []
let running = true
const clients = Array.from({ length: CLIENTS }, async (_, i) => {
  for (let n = i; running; n++) {
    const started = performance.now()
    const r = await app.inject({ method: 'GET', url: URLS[n % URLS.length] })
    outcomes.push({ at: Date.now(), status: r.statusCode, ms: performance.now() - started })
  }
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN
const ms = (x: number) => (Number.isNaN(x) ? '-' : `${Math.round(x)} ms`)

function summary(name: string, xs: Outcome[]): string {
  const times = xs.map((o) => o.ms)
  const statuses = Object.entries(
    xs.reduce<Record<number, number>>((acc, o) => ((acc[o.status] = (acc[o.status] ?? 0) + 1), acc), {}),
  )
    .map(([s, c]) => `${s}×${c}`)
    .join(' ')
  return (
    `${name.padEnd(22)} ${String(xs.length).padStart(6)}  p50 ${ms(pct(times, 50)).padStart(8)}  p99 ` +
    `${ms(pct(times, 99)).padStart(8)}  max ${ms(Math.max(...times)).padStart(8)}  ${statuses}`
  )
}

async function phase(ms: number): Promise<Outcome[]> {
  outcomes = []
  await sleep(ms)
  return outcomes
}

/** From the moment PostgreSQL is back: the first 200, and the start of a 1 s window with nothing but 200. */
async function recovery(): Promise<{ first: number; steady: number }> {
  const back = Date.now()
  outcomes = []
  let first = NaN
  for (;;) {
    await sleep(100)
    if (Number.isNaN(first)) first = outcomes.find((o) => o.status === 200)?.at ?? NaN
    const lastBad = Math.max(back, ...outcomes.filter((o) => o.status !== 200).map((o) => o.at))
    if (Date.now() - lastBad >= 1_000 && !Number.isNaN(first)) return { first: first - back, steady: lastBad - back }
    if (Date.now() - back > 60_000) return { first: first - back, steady: Infinity }
  }
}

console.log(
  `outage bench: ${CLIENTS} clients, DB_CONNECT_TIMEOUT_MS ${CONNECT_MS}, DB_STATEMENT_TIMEOUT_MS ${STATEMENT_MS}, ` +
    `outages of ${OUTAGE_MS / 1000} s`,
)
console.log(`${'phase'.padEnd(22)} ${'answers'.padStart(6)}`)
await phase(2_000)
console.log(summary('healthy (baseline)', await phase(3_000)))
const figures: string[] = []
for (const mode of ['down', 'blackhole'] as ProxyMode[]) {
  await proxy.set(mode)
  const during = await phase(OUTAGE_MS)
  console.log(summary(`${mode}`, during))
  console.log(
    summary(
      `${mode}: 503 only`,
      during.filter((o) => o.status === 503),
    ),
  )
  await proxy.set('up')
  const { first, steady } = await recovery()
  figures.push(`${mode}: first 200 ${ms(first)} after PostgreSQL is back, only 200 from ${ms(steady)}`)
  await phase(2_000)
}
for (const line of figures) console.log(line)
console.log(summary('healthy again', await phase(3_000)))

running = false
await Promise.all(clients)
await app.close()
await proxy.close()
