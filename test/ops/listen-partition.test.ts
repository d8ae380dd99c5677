/**
 * A partition that silently kills this instance's connections, its LISTEN connection included, while another
 * writer commits: the notification is lost, yet the instance does not price on its stale cached context for
 * long. Its heartbeat (src/pricing/listen-check.ts) misses, clears the cache and renews the subscription; the
 * socket watchdog replaces the dead pool connections. PostgreSQL is reached through a relay this test controls.
 */
import t from 'tap'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createSql } from '../../src/db/client.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { createTestDatabase } from '../helpers/database.ts'
import { buildInstance, body } from '../helpers/app.ts'
import { proxiedDatabase } from '../helpers/tcp-proxy.ts'

const PROXY_PORT = 15437
const FRN = '138fe3e2-b549-5390-868b-7ca3ba030ef3' // on USD-SOFR-OIS
const REQUEST = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }

const db = await createTestDatabase(t, { demo: true })
const { proxy, url } = await proxiedDatabase(t, db.url, PROXY_PORT)
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  DB_CONNECT_TIMEOUT_MS: '1000',
  DB_STATEMENT_TIMEOUT_MS: '1000',
  LOG_LEVEL: 'silent',
  PRICER_THREADS: '1',
  PRICER_QUEUE_TIMEOUT_MS: '120000',
  BULK_WORKER_IN_PROCESS: 'false',
  PRICING_WORKER_IN_PROCESS: 'false',
})
const sql = createSql(config.databaseUrl, { max: 3, timeouts: { connectMs: 1000, statementMs: 1000 } })
const app = await buildApp({ config, sql, ownsSql: true, prespawnPricer: false })
t.teardown(() => app.close())
// teardowns run last registered first: the partition left a query pending in this pool, which sql.end waits for up to
// its timeout (the app's own is 5 s); ended here with a shorter one, the app's close finds it ended
t.teardown(() => sql.end({ timeout: 1 }))

async function price(): Promise<number | null> {
  const r = await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${FRN}/price/`, payload: REQUEST })
  return r.statusCode === 200 ? (body(r).price as number) : null
}

t.test('a commit whose notification the partition swallowed is priced within a few heartbeats', async (t) => {
  const before = await price()
  t.ok(before !== null, 'priced (the context is cached)')

  proxy.freezeExisting()
  const demo = readDemoBundle() as {
    curve_observations: { curve_identifier: string; time_index: string; nodes: { zero: number }[] }[]
  }
  const o = demo.curve_observations.find(
    (x) => x.curve_identifier === 'USD-SOFR-OIS' && x.time_index.startsWith('2026-11-20'),
  )!
  await loadBundle(db.sql, {
    curve_observations: [{ ...o, nodes: o.nodes.map((n) => ({ ...n, zero: n.zero + 0.001 })) }],
  })
  const fresh = await buildInstance(t, db)
  const expected = body(
    await fresh.inject({ method: 'POST', url: `/api/v1/pricing/assets/${FRN}/price/`, payload: REQUEST }),
  ).price as number
  t.not(expected, before, 'the commit changes the price')

  const started = Date.now()
  let now = await price()
  // a heartbeat every 2 s here (twice the statement timeout): a few of them idle, a bound far beyond on a busy machine
  while (now !== expected && Date.now() - started < 60_000) {
    await new Promise((r) => setTimeout(r, 200))
    now = await price()
  }
  t.equal(now, expected, `the instance prices the commit ${Date.now() - started} ms after it`)
})
