/**
 * PostgreSQL lost and back under load, through a TCP relay this test controls (test/helpers/tcp-proxy.ts; the
 * shared server is never touched): stopped (connections cut, new ones refused) and blackholed (packets dropped,
 * nothing closed). Meanwhile every answer is 200 or a 503 with Retry-After whose detail names no host, port or
 * database, none is held beyond the outage bounds, /ready says 503 and /health 200; back up, the same app serves
 * again without a restart.
 */
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createSql, WATCHDOG_GRACE_MS } from '../../src/db/client.ts'
import { createTestDatabase } from '../helpers/database.ts'
import { proxiedDatabase, type ProxyMode } from '../helpers/tcp-proxy.ts'

const PROXY_PORT = 15410
const CONNECT_MS = 1000
const STATEMENT_MS = 1000
// one query: a connection wait (CONNECT_MS) or an answer wait (STATEMENT_MS + grace); a route runs at most two
// in sequence before one fails; plus slack for a loaded machine
const BOUND_MS = 2 * (STATEMENT_MS + WATCHDOG_GRACE_MS) + CONNECT_MS + 2_000

interface Outcome {
  status: number
  ms: number
  body: string
  retryAfter: string | undefined
}

const db = await createTestDatabase(t, { demo: true })
const { proxy, url } = await proxiedDatabase(t, db.url, PROXY_PORT)

const env = {
  ...process.env,
  DATABASE_URL: url,
  DB_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
  DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
  LOG_LEVEL: 'silent',
  PRICER_THREADS: '1',
  // a first pricing thread's start on a busy machine is not what this test bounds
  PRICER_QUEUE_TIMEOUT_MS: '120000',
  // the assets priced in an outage must be uncached: the start-up warm-up, when it finished before the outage (on an
  // idle machine), had priced them already
  PRICING_PREWARM_INSTRUMENTS: 'false',
  PRICING_PREWARM_BOOK: 'false',
  BULK_WORKER_IN_PROCESS: 'false',
  PRICING_WORKER_IN_PROCESS: 'false',
}
const config = loadConfig(env)
const sql = createSql(config.databaseUrl, { max: 4, timeouts: { connectMs: CONNECT_MS, statementMs: STATEMENT_MS } })
const app: FastifyInstance = await buildApp({ config, sql, ownsSql: true, prespawnPricer: false })
t.teardown(() => app.close())

const URLS = ['/api/v1/asset/?limit=5', '/api/v1/asset-category/', '/api/v1/portfolio/']
const PRICING = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }
// one asset per outage, never priced before it: its pricing context is not cached
const priced = await db.sql<
  { uid: string }[]
>`select asset_uid::text as uid from asset_pricing_details order by asset_uid limit 2`
const uncached = { down: priced[0].uid, blackhole: priced[1].uid }

async function request(path: string): Promise<Outcome> {
  const started = performance.now()
  const r = await app.inject({ method: 'GET', url: path })
  const header = r.headers['retry-after']
  return {
    status: r.statusCode,
    ms: performance.now() - started,
    body: r.body,
    retryAfter: typeof header === 'string' ? header : undefined,
  }
}

/** `clients` loops of requests for `ms`. */
async function load(ms: number, clients = 6): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  const until = Date.now() + ms
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      for (let n = i; Date.now() < until; n++) outcomes.push(await request(URLS[n % URLS.length]))
    }),
  )
  return outcomes
}

/** Milliseconds until a request succeeds again. */
async function recovery(): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < 15_000) {
    if ((await request(URLS[0])).status === 200) return Date.now() - started
    await new Promise((r) => setTimeout(r, 50))
  }
  return Infinity
}

/** Milliseconds until a round of load answers 200 only. */
async function steadyAgain(): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < 15_000) {
    if ((await load(300)).every((o) => o.status === 200)) return Date.now() - started
  }
  return Infinity
}

function checkOutage(t: Test, outcomes: Outcome[], mode: ProxyMode): void {
  const statuses = new Set(outcomes.map((o) => o.status))
  t.ok(outcomes.length > 0)
  t.same(
    [...statuses].filter((s) => s !== 200 && s !== 503),
    [],
    `${mode}: only 200 or 503, never 500`,
  )
  const unavailable = outcomes.filter((o) => o.status === 503)
  t.ok(unavailable.length > 0, `${mode}: ${unavailable.length} of ${outcomes.length} answered 503`)
  const slowest = Math.max(...outcomes.map((o) => o.ms))
  t.ok(slowest <= BOUND_MS, `${mode}: slowest answer ${Math.round(slowest)} ms (bound ${BOUND_MS} ms)`)
  for (const o of unavailable) {
    if (!o.retryAfter || !/^\d+$/.test(o.retryAfter)) t.fail(`503 without Retry-After: ${o.body}`)
    const { detail } = JSON.parse(o.body) as { detail?: string }
    if (!detail || !/database/i.test(detail)) t.fail(`503 detail does not say the database is away: ${o.body}`)
    if (/postgres|127\.0\.0\.1|localhost|fi_test|15410|5432|select |stack/i.test(o.body))
      t.fail(`503 body leaks: ${o.body}`)
  }
}

async function ready(): Promise<{ status: number; database: string }> {
  const r = await app.inject({ method: 'GET', url: '/ready' })
  return {
    status: r.statusCode,
    database: (JSON.parse(r.body) as { checks: { database: { status: string } } }).checks.database.status,
  }
}

t.test('up: every request answers 200', async (t) => {
  const outcomes = await load(800)
  t.same([...new Set(outcomes.map((o) => o.status))], [200])
  t.same(await ready(), { status: 200, database: 'ok' })
})

for (const mode of ['down', 'blackhole'] as const) {
  t.test(`${mode}: 503 within the bounds, /ready 503, /health 200; back up, serving again`, async (t) => {
    await proxy.set(mode)
    // blackholed, a query fails on its connection wait or on the watchdog: a few seconds show both
    checkOutage(t, await load(mode === 'down' ? 2_000 : CONNECT_MS + STATEMENT_MS + WATCHDOG_GRACE_MS + 1_000), mode)
    t.same(await ready(), { status: 503, database: 'down' })
    t.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
    // pricing needs its context from the database unless cached: an uncached asset answers 503 too, alone or in a batch
    const price = await app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${uncached[mode]}/price/`,
      payload: PRICING,
    })
    t.equal(price.statusCode, 503, `pricing: ${price.body}`)
    const batch = await app.inject({
      method: 'POST',
      url: '/api/v1/pricing/batch/',
      payload: { ...PRICING, operation: 'price', asset_uids: [uncached[mode]] },
    })
    t.equal(batch.statusCode, 503, `batch: ${batch.body}`)

    await proxy.set('up')
    const ms = await recovery()
    t.ok(ms < 5_000, `${mode}: a first request served ${ms} ms after PostgreSQL came back`)
    // the pool's other connections reopen as their attempts (reconnect backoff, connect timeout) come round
    const steady = await steadyAgain()
    t.ok(steady < 5_000, `${mode}: every request served again ${ms + steady} ms after PostgreSQL came back`)
    t.same(await ready(), { status: 200, database: 'ok' })
  })
}
