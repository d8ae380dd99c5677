/**
 * A write answers once this process has dropped what the write changed, and only that (src/pricing/change-barrier.ts):
 * so a client that reads the answer to its write never prices on stale data, while a read-only POST (pricing, batch
 * pricing, account risk, a bulk-delete preflight), a write refused with a 4xx, or a write to no table a context
 * reads (a category, a portfolio) leaves the book's terms and market parts cached. Before, each of these emptied every
 * cache, so a risk team's batch or a workbench's new portfolio turned the next requests into a cold start. When the
 * write's notifications do not come back in time, every cache is cleared, as before.
 */
import t from 'tap'
import { build } from '../helpers/app.ts'
import { explicit } from '../bulk/app.ts'

const UST = 'd4037e5c-6e60-5619-b1cd-8b02cccb5792'
const ACCOUNT = '4738aafb-ee10-504f-a54a-f9e9b4ec0527'
const PRICING = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }

t.test(
  'read-only POSTs, refused writes and writes to no pricing table keep the pricing caches; a write drops what it ' +
    'changed before it answers',
  async (t) => {
    const { app, db } = await build(t, { bundle: 'demo', env: { PRICING_PREWARM_TERMS: 'false' } })
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
    const cached = () => ({
      terms: app.pricingContextParts.terms.size,
      markets: app.pricingContextParts.markets.size,
    })

    t.equal((await post(`/api/v1/pricing/assets/${UST}/price/`, PRICING)).statusCode, 200)
    const warm = cached()
    t.ok(warm.terms >= 1 && warm.markets >= 1, `one price fills the caches: ${JSON.stringify(warm)}`)
    const kept = (what: string) => {
      const now = cached()
      t.ok(now.terms >= warm.terms && now.markets >= warm.markets, `${what} keeps them: ${JSON.stringify(now)}`)
    }

    t.equal((await post(`/api/v1/pricing/assets/${UST}/analytics/`, PRICING)).statusCode, 200)
    kept('another pricer operation')
    const batch = await post('/api/v1/pricing/batch/', { ...PRICING, operation: 'price', asset_uids: [UST] })
    t.equal(batch.statusCode, 200, batch.body.slice(0, 200))
    kept('a batch pricing')
    const risk = await post(`/api/v1/pricing/accounts/${ACCOUNT}/risk/`, PRICING)
    t.equal(risk.statusCode, 200, risk.body.slice(0, 200))
    kept('an account risk')
    const [portfolio] = await db.sql<{ uid: string }[]>`select uid::text from portfolios limit 1`
    t.ok(portfolio, 'the demo has a portfolio to preflight')
    t.equal((await post('/api/v1/portfolio/bulk-delete/preflight/', explicit([portfolio.uid]))).statusCode, 200)
    kept('a bulk-delete preflight')
    const refused = await post('/api/v1/asset-category/', { display_name: 'Refused', not_a_field: 1 })
    t.equal(refused.statusCode, 422, 'an unknown field is refused')
    kept('a refused write')

    const generation = app.pricingCaches.current()
    const created = await post('/api/v1/asset-category/', { display_name: 'Written', assets: [UST] })
    t.equal(created.statusCode, 200, created.body.slice(0, 200))
    const category = (JSON.parse(created.body) as { uid: string }).uid
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/v1/asset-category/${category}/`,
      payload: { display_name: 'Written again' },
    })
    t.equal(renamed.statusCode, 200, renamed.body.slice(0, 200))
    kept('a write to tables no context reads (a category, created and renamed)')
    t.equal(app.pricingCaches.current(), generation, 'and nothing was dropped')

    // a write to a table contexts read: its answer leaves once the market parts (with their fixing sets) are dropped
    // (the set's table is market data: the book's terms stay)
    const [set] = await db.sql<
      { uid: string }[]
    >`select uid::text from pricing_market_data_sets where set_key = 'default'`
    const terms = app.pricingContextParts.terms.size
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/pricing/market_data/sets/${set.uid}/`,
      payload: { description: 'written' },
    })
    t.equal(patched.statusCode, 200, patched.body.slice(0, 200))
    t.same(cached(), { terms, markets: 0 }, 'a market-data write drops the market parts before its answer leaves')
    t.equal(app.pricingContextParts.fixingSets.size, 0, 'and the fixing sets')
    t.ok(app.pricingCaches.current() > generation, 'through the one entry point for invalidation')
    t.equal(
      (await post(`/api/v1/pricing/assets/${UST}/price/`, PRICING)).statusCode,
      200,
      'and the next price loads them again',
    )
    t.ok(cached().terms >= 1 && cached().markets >= 1)
  },
)

t.test('a write whose notifications do not come back clears every cache before it answers', async (t) => {
  const { app } = await build(t, { bundle: 'demo', env: { PRICING_PREWARM_TERMS: 'false' } })
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
  t.equal((await post(`/api/v1/pricing/assets/${UST}/price/`, PRICING)).statusCode, 200)
  t.ok(app.pricingContextParts.terms.size >= 1 && app.pricingContextParts.markets.size >= 1)
  // the barrier's notification lost: NOTIFY refused for this process's pool (as when the LISTEN link is down, it never
  // returns)
  const notify = app.sql.notify
  app.sql.notify = (() => Promise.reject(new Error('connection lost'))) as typeof notify
  t.teardown(() => {
    app.sql.notify = notify
  })
  const created = await post('/api/v1/asset-category/', { display_name: 'Unconfirmed' })
  t.equal(created.statusCode, 200, created.body.slice(0, 200))
  t.equal(app.pricingContextParts.markets.size, 0, 'every part emptied: the market parts')
  t.equal(app.pricingContextParts.fixingSets.size, 0, 'the fixing sets')
  t.equal(app.pricingContextParts.terms.size, 0, 'and every term')
})
