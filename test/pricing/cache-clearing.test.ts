/**
 * The process clears its pricing caches after a request that may have written (so that a client reading the answer
 * to its write never prices on stale data), and only then: a read-only POST (pricing, batch pricing, account risk,
 * a bulk-delete preflight) or a write refused with a 4xx leaves the book's terms and contexts cached. Before, each
 * of these emptied every cache, so a risk team's batch turned the next requests into a cold start.
 */
import t from 'tap'
import { build } from '../helpers/app.ts'
import { explicit } from '../bulk/app.ts'

const UST = 'd4037e5c-6e60-5619-b1cd-8b02cccb5792'
const ACCOUNT = '4738aafb-ee10-504f-a54a-f9e9b4ec0527'
const PRICING = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }

t.test('read-only POSTs and refused writes keep the pricing caches; a write clears them', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo', env: { PRICING_PREWARM_TERMS: 'false' } })
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
  const cached = () => ({ contexts: app.pricingContexts.size, terms: app.pricingContextParts.terms.size, markets: app.pricingContextParts.markets.size })

  t.equal((await post(`/api/v1/pricing/assets/${UST}/price/`, PRICING)).statusCode, 200)
  const warm = cached()
  t.ok(warm.contexts >= 1 && warm.terms >= 1 && warm.markets >= 1, `one price fills the caches: ${JSON.stringify(warm)}`)
  const kept = (what: string) => {
    const now = cached()
    t.ok(now.contexts >= warm.contexts && now.terms >= warm.terms && now.markets >= warm.markets, `${what} keeps them: ${JSON.stringify(now)}`)
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

  const created = await post('/api/v1/asset-category/', { display_name: 'Written', assets: [UST] })
  t.equal(created.statusCode, 200, created.body.slice(0, 200))
  t.same(cached(), { contexts: 0, terms: 0, markets: 0 }, 'a write clears them before its answer leaves')
  t.equal((await post(`/api/v1/pricing/assets/${UST}/price/`, PRICING)).statusCode, 200, 'and the next price loads them again')
  t.ok(cached().terms >= 1)
})
