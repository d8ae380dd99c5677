/** Redis unreachable (REDIS_URL at a closed port; the shared Redis is never stopped): only bulk execution suffers. */
import t from 'tap'
import { freePort } from '../helpers/tcp-proxy.ts'
import { body } from '../helpers/app.ts'
import { buildBulk, explicit } from './app.ts'
import * as fx from './fixtures.ts'

const port = await freePort()
const started = Date.now()
const { app, db } = await buildBulk(t, { bundle: 'demo', env: { REDIS_URL: `redis://127.0.0.1:${port}` } })

t.test('the app starts and serves without Redis', async (t) => {
  t.ok(Date.now() - started < 30_000)
  t.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/api/v1/portfolio/discovery/' })).statusCode, 200)
  const metrics = await app.inject({ method: 'GET', url: '/metrics' })
  t.equal(metrics.statusCode, 200)
  t.notMatch(metrics.body, /bulk_delete_jobs\{/, 'no job counts while Redis is away, and no failure either')
  const [asset] = await db.sql<
    { uid: string }[]
  >`select uid::text from assets a join asset_pricing_details d on d.asset_uid = a.uid limit 1`
  const [set] = await db.sql<{ set_key: string }[]>`select set_key from pricing_market_data_sets limit 1`
  const price = await app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${asset.uid}/price/`,
    payload: { valuation_date: '2026-11-20T00:00:00Z', market_data_set: set.set_key },
  })
  t.equal(price.statusCode, 200, 'pricing unaffected')
})

t.test('bulk preflight works; execution answers 503 at once and deletes nothing', async (t) => {
  const uids = await fx.portfolios(db.sql, 2, 1)
  const pre = await app.inject({
    method: 'POST',
    url: '/api/v1/portfolio/bulk-delete/preflight/',
    payload: explicit(uids),
  })
  t.equal(pre.statusCode, 200)
  t.equal(body(pre).allowed, true)
  const t0 = Date.now()
  const r = await app.inject({ method: 'POST', url: '/api/v1/portfolio/bulk-delete/', payload: explicit(uids) })
  t.equal(r.statusCode, 503)
  t.equal(
    body(r).detail,
    `The bulk-delete queue is unavailable: Redis at 127.0.0.1:${port} cannot be reached. Nothing was deleted; retry ` +
      `when the queue is back.`,
  )
  t.ok(Date.now() - t0 < 2_000, 'no long hang')
  t.equal(await fx.count(db.sql, 'portfolios', uids), 2)
  const blocked = await app.inject({
    method: 'POST',
    url: '/api/v1/portfolio/bulk-delete/',
    payload: explicit(['00000000-0000-4000-8000-000000000001']),
  })
  t.equal(blocked.statusCode, 409, 'a blocked selection is still 409: the preflight runs first')
})

t.test('closing does not wait for Redis', async (t) => {
  const t0 = Date.now()
  await app.close()
  t.ok(Date.now() - t0 < 3_000, `closed in ${Date.now() - t0} ms`)
})
