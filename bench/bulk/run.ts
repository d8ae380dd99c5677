/**
 * Bulk-delete benchmark (issue 7): deletes 10,000 portfolios (each with weights and values rows) through
 * `POST /api/v1/portfolio/bulk-delete/` (preflight, BullMQ job, one transaction) while a second process prices
 * the demo bundle's bond back to back, and prints the pricing latency during the delete side by side with the
 * same load without it.
 *
 *   npm run bench -- bulk [--portfolios 10000 --series 5 --connections 10 --baseline 8]
 */
import { fork } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createSql, ensureDatabase } from '../../src/db/client.ts'
import { migrate } from '../../src/db/migrate.ts'
import { loadDemoIfEmpty } from '../../src/db/demo.ts'
import type { Sample } from './load.ts'

const { values: args } = parseArgs({
  options: {
    portfolios: { type: 'string', default: '10000' },
    series: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    baseline: { type: 'string', default: '8' },
    asset: { type: 'string', default: 'UST-4.25-2031-11-15' },
    valuation: { type: 'string', default: '2026-11-20T00:00:00Z' },
  },
})
const N = Number(args.portfolios)
const SERIES = Number(args.series)
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fixed_income_bench_bulk'
const LOAD = fileURLToPath(new URL('./load.ts', import.meta.url))

await ensureDatabase(DATABASE_URL)
const sql = createSql(DATABASE_URL, { max: 20 })
await migrate(sql)
await loadDemoIfEmpty(sql)
const prefix = `bench-bulk-${randomBytes(4).toString('hex')}`
const config = loadConfig({
  ...process.env,
  DATABASE_URL,
  LOG_LEVEL: 'warn',
  BULK_QUEUE_PREFIX: prefix,
  BULK_WORKER_IN_PROCESS: 'true',
})
const app = await buildApp({ config, sql, ownsSql: true })
await app.listen({ host: '127.0.0.1', port: 0 })
const address = app.server.address()
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

const [asset] = await sql<{ uid: string }[]>`select uid::text from assets where unique_identifier = ${args.asset}`
if (!asset) throw new Error(`asset ${args.asset} is not in the bench database`)
const priceUrl = `${base}/api/v1/pricing/assets/${asset.uid}/price/`
const pricePayload = JSON.stringify({ valuation_date: args.valuation, market_data_set: 'default' })

async function seed(): Promise<string[]> {
  const uids = Array.from({ length: N }, () => randomUUID())
  const [calendar] = await sql<{ uid: string }[]>`
    insert into calendars (unique_identifier, display_name, calendar_type, valid_from, valid_to)
    values (${`bench-${prefix}`}, 'Bulk bench', 'exchange', '2020-01-01', '2030-12-31') returning uid::text`
  const [holding] = await sql<{ unique_identifier: string }[]>`select unique_identifier from assets limit 1`
  await sql`insert into portfolios (uid, unique_identifier, calendar_uid) select u, 'BENCH-' || u::text,
    ${calendar.uid}::uuid from unnest(${uids}::uuid[]) as u`
  await sql`insert into portfolio_weights (portfolio_identifier, time_index, asset_identifier, weight)
            select 'BENCH-' || u::text, timestamptz '2026-01-01' + (n || ' days')::interval,
              ${holding.unique_identifier}, 0.1
            from unnest(${uids}::uuid[]) as u, generate_series(1, ${SERIES}) as n`
  await sql`insert into portfolio_values (portfolio_identifier, time_index, close)
            select 'BENCH-' || u::text, timestamptz '2026-01-01' + (n || ' days')::interval, 100
            from unnest(${uids}::uuid[]) as u, generate_series(1, ${SERIES}) as n`
  await sql`analyze portfolios, portfolio_weights, portfolio_values`
  return uids
}

interface Load {
  stop(): Promise<Sample[]>
}

async function startLoad(): Promise<Load> {
  const child = fork(LOAD, [priceUrl, pricePayload, args.connections], {
    execArgv: ['--import=tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise<void>((resolve) => child.once('message', () => resolve()))
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('message', (samples) => resolve(samples as Sample[]))
        child.send('stop')
      }),
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
function summary(samples: Sample[], from: number, to: number) {
  const window = samples.filter(([started, latency]) => started >= from && started + latency <= to)
  const ok = window.filter(([, , status]) => status === 200).map(([, latency]) => latency)
  const seconds = (to - from) / 1000
  return {
    requests: window.length,
    errors: window.length - ok.length,
    rps: ok.length / seconds,
    p50: percentile(ok, 50),
    p99: percentile(ok, 99),
    max: Math.max(...ok),
  }
}

const warm = await fetch(priceUrl, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: pricePayload,
})
if (warm.status !== 200) throw new Error(`price is not answering 200: ${await warm.text()}`)

console.log(
  `Bulk-delete benchmark: ${N} portfolios with ${SERIES} weights and ${SERIES} values rows each; pricing load ` +
    `${args.connections} connections on ${args.asset}; PRICER_THREADS=${config.pricerThreads}`,
)
const uids = await seed()

// baseline: the same pricing load, no delete (after a 2 s warm-up)
let load = await startLoad()
await sleep(2_000)
const baselineFrom = Date.now()
await sleep(Number(args.baseline) * 1000)
const baselineTo = Date.now()
const baseline = summary(await load.stop(), baselineFrom, baselineTo)

// the delete under the same load
load = await startLoad()
await sleep(2_000)
const deleteFrom = Date.now()
const response = await fetch(`${base}/api/v1/portfolio/bulk-delete/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ selection: { mode: 'explicit', uids }, options: {} }),
})
const deleteTo = Date.now()
const result = (await response.json()) as Record<string, unknown>
await sleep(500)
const during = summary(await load.stop(), deleteFrom, deleteTo)
if (response.status !== 200) throw new Error(`bulk delete answered ${response.status}: ${JSON.stringify(result)}`)
const [left] = await sql<{ n: number }[]>`select count(*)::int as n from portfolios where uid = any(${uids}::uuid[])`

const metrics = await (await fetch(`${base}/metrics`)).text()
const phase = (name: string) =>
  Number(
    new RegExp(
      `bulk_delete_job_duration_seconds_sum\\{resource="portfolios",state="completed",phase="${name}"\\} ([0-9.e-]+)`,
    ).exec(metrics)?.[1] ?? NaN,
  )
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-')
console.log(
  `\nbulk delete: ${response.status} in ${((deleteTo - deleteFrom) / 1000).toFixed(2)} s — ${result.detail} weights ` +
    `${result.deleted_weights_count}, values ${result.deleted_values_count}; portfolios left ${left.n}`,
)
console.log(
  `  of which: job queued ${fmt(phase('queued') * 1000)} ms, job transaction ${fmt(phase('run') * 1000)} ms (lock, ` +
    `re-check, delete, commit); the rest is HTTP, validation, preflight and the queue round trips`,
)
console.log('\n| pricing (POST …/price/) | window s | requests | req/s | p50 ms | p99 ms | max ms | errors |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
for (const [label, s, from, to] of [
  ['without delete', baseline, baselineFrom, baselineTo],
  ['during the bulk delete', during, deleteFrom, deleteTo],
] as const) {
  console.log(
    `| ${label} | ${((to - from) / 1000).toFixed(2)} | ${s.requests} | ${s.rps.toFixed(0)} | ${fmt(s.p50)} | ` +
      `${fmt(s.p99)} | ${fmt(s.max)} | ${s.errors} |`,
  )
}
await app.bulkQueue.queue.obliterate({ force: true }).catch(() => {})
await app.close()
