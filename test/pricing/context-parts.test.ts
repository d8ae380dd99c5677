/**
 * Pricing contexts are put together from two halves cached apart (src/pricing/repository.ts): the terms of each
 * asset and the market parts the book shares. A writer's notification names its table, and each half is
 * cleared by the tables it reads: market data leaves the terms cached, new terms leave the market parts; either
 * way the next price answers the new data. The terms of the priced assets are loaded at start (prewarm).
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, body } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import {
  cachedPricingContext,
  latestObservationDate,
  loadFloatingIndexes,
  loadPricingContexts,
  type AssetTerms,
  type PricingContextQuery,
} from '../../src/pricing/repository.ts'
import { contextQuery, pricingRequest } from '../../src/pricing/price.ts'
import { ContextCache } from '../../src/pricing/context-cache.ts'
import type { MarketPart } from '../../src/pricing/market-parts.ts'
import { sleep, waitFor } from '../helpers/wait.ts'

const demo = readDemoBundle() as {
  assets: { uid: string; unique_identifier: string; pricing_details?: { unpriced?: boolean } }[]
}
const uid = (id: string) => demo.assets.find((a) => a.unique_identifier === id)!.uid
const UST = uid('UST-4.25-2031-11-15')
const FRN = uid('BANKCO-FRN-SOFR-2029-03-20')
const VALUATION = '2026-11-20T00:00:00.000Z'
const request = { valuation_date: VALUATION, market_data_set: 'default' }
const query = (assetUid: string): PricingContextQuery => ({
  assetUid,
  marketDataSet: 'default',
  valuation: VALUATION,
  side: 'mid',
  benchmarkRole: 'z_spread_base',
  benchmarkSide: 'mid',
})

async function until(check: () => boolean, what: string): Promise<void> {
  if (!(await waitFor(check))) throw new Error(`timed out waiting for ${what}`)
}

/** The halves' hits and misses (a context is assembled from them for each request: no context itself is cached). */
function partStats(app: FastifyInstance) {
  const terms = app.pricingContextParts.terms.stats()
  const markets = app.pricingContextParts.markets.stats()
  return { termsHits: terms.hits, termsMisses: terms.misses, marketHits: markets.hits, marketMisses: markets.misses }
}

/** Counts the contexts loaded through the turn batch (a context whose halves are both cached loads nothing). */
function countLoads(app: FastifyInstance): () => number {
  const add = app.pricingContextBatch.add.bind(app.pricingContextBatch)
  let loads = 0
  app.pricingContextBatch.add = (q) => {
    loads++
    return add(q)
  }
  return () => loads
}

t.test('the terms of every priced asset are loaded at start, and a price then reads no terms', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from asset_pricing_details`
  await until(() => app.pricingContextParts.terms.size === n, 'the prewarm')
  t.equal(app.pricingContextParts.terms.size, n, `${n} terms cached`)
  const terms = app.pricingContextParts.terms.stats()
  const markets = app.pricingContextParts.markets.stats()
  const res = await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${UST}/price/`, payload: request })
  t.equal(res.statusCode, 200)
  t.equal(app.pricingContextParts.terms.stats().misses, terms.misses, 'the terms came from the cache')
  t.equal(app.pricingContextParts.markets.size, 1, 'the market part was loaded')
  // each half counted once: the cached terms one hit, the loaded market part one miss
  t.equal(app.pricingContextParts.terms.stats().hits, terms.hits + 1, 'one terms hit')
  t.equal(app.pricingContextParts.markets.stats().misses, markets.misses + 1, 'one market-part miss')

  // another bond on the same market part: put together from the caches, no round trip at all
  const add = app.pricingContextBatch.add.bind(app.pricingContextBatch)
  let loads = 0
  app.pricingContextBatch.add = (q) => {
    loads++
    return add(q)
  }
  const strip = await app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${uid('UST-STRIP-2036-02-15')}/price/`,
    payload: request,
  })
  t.equal(strip.statusCode, 200, 'the strip is priced')
  t.equal(loads, 0, 'a cold context whose halves are cached loads nothing')
  t.equal(app.pricingContextParts.markets.size, 1)
  const missing = await app.inject({
    method: 'POST',
    url: '/api/v1/pricing/assets/00000000-0000-4000-8000-000000000000/price/',
    payload: request,
  })
  t.equal(missing.statusCode, 404)
  t.equal(loads, 1, 'an asset the caches do not know is loaded')
})

t.test(
  "the fixed-coupon bonds' instruments are rebuilt at start in their pricing thread, and priced from there as " +
    'without it',
  async (t) => {
    const { app, db } = await build(t, {
      bundle: 'demo',
      env: { PRICING_PREWARM_INSTRUMENTS: 'true', PRICER_THREADS: '2' },
    })
    const running = async () =>
      /^pricing_prewarm_running (\d)/m.exec((await app.inject({ method: 'GET', url: '/metrics' })).body)?.[1]
    await waitFor(async () => (await running()) === '0')
    t.equal(await running(), '0', 'the warm-up ends')
    const [{ n }] = await db.sql<{ n: number }[]>`
    select count(*)::int as n from asset_pricing_details where instrument_type not in ('FloatingRateBond',
      'AmortizingFloatingRateBond', 'CPIBond')`
    const stats = async () => {
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body
      const g = (name: string) => Number(new RegExp(`${name}\\{cache="worker_instruments"\\} (\\d+)`).exec(text)?.[1])
      return { entries: g('pricing_cache_entries'), misses: g('pricing_cache_misses') }
    }
    // a thread reports its caches after a message, at most every 500 ms, so the warm-up's last messages may be
    // unreported: after a pause, a request to each bond's home thread (its key's) reports what the warm-up left
    await sleep(600)
    const fixedCoupon = await db.sql<{ uid: string }[]>`
      select asset_uid::text as uid from asset_pricing_details where instrument_type in ('FixedRateBond',
        'AmortizingFixedRateBond', 'ZeroCouponBond', 'CallableFixedRateBond')`
    for (const { uid: asset } of fixedCoupon)
      await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${asset}/price/`, payload: request })
    let before = await stats()
    await waitFor(async () => (before = await stats()).entries >= n - 1, { intervalMs: 50 })
    t.equal(before.misses, n, 'the warm-up rebuilt each once (the swap failing), the requests none')
    // the demo's unpriced swap has details but no bond terms: it fails its rebuild and is not cached (a CPI bond, whose
    // instrument depends on its date and curve, is not warmed)
    t.ok(
      before.entries >= n - 1 && before.entries <= n,
      `${before.entries} instruments cached for ${n} fixed-coupon details`,
    )
    // and each floater's plan, which its first request forecasts on its curve instead of planning
    const [{ floaters }] = await db.sql<{ floaters: number }[]>`
    select count(*)::int as floaters from asset_pricing_details where instrument_type in ('FloatingRateBond',
      'AmortizingFloatingRateBond')`
    const plans = async () => {
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body
      const g = (name: string) => Number(new RegExp(`${name}\\{cache="worker_floater_plans"\\} (\\d+)`).exec(text)?.[1])
      return { entries: g('pricing_cache_entries'), hits: g('pricing_cache_hits'), misses: g('pricing_cache_misses') }
    }
    const plansBefore = await plans()
    t.ok(
      floaters > 0 && plansBefore.entries === floaters,
      `${plansBefore.entries} floater plans for ${floaters} floaters`,
    )
    const ids = [
      'UST-4.25-2031-11-15',
      'DBR-2.5-2035-02-15',
      'UST-STRIP-2036-02-15',
      'MUNI-4.5-2030-06-15-SINK',
      'ACME-5.0-2034-06-01-CALL',
      'BANKCO-FRN-SOFR-2029-03-20',
    ]
    const answers = []
    for (const id of ids) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${uid(id)}/analytics/`,
        payload: request,
      })
      t.equal(res.statusCode, 200, `${id} priced`)
      answers.push(body<Record<string, unknown>>(res))
    }
    // a thread reports its caches after a message, at most every 500 ms: the floater again, from its cached instrument
    await sleep(600)
    const looked = async () => {
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body
      return ['hits', 'misses'].reduce(
        (n, kind) =>
          n + Number(new RegExp(`pricing_cache_${kind}\\{cache="worker_instruments"\\} (\\d+)`).exec(text)?.[1]),
        0,
      )
    }
    const lookups = await looked()
    t.equal(
      (await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${FRN}/analytics/`, payload: request }))
        .statusCode,
      200,
    )
    // until the report of that message has arrived (it counts the floater's instrument looked up once more)
    await waitFor(async () => (await looked()) > lookups)
    t.equal(
      (await stats()).misses,
      before.misses + 1,
      "no fixed-coupon instrument was rebuilt for them (the floater's depends on its curve)",
    )
    const plansAfter = await plans()
    t.equal(plansAfter.hits, plansBefore.hits + 1, 'the floater read its plan')
    t.equal(plansAfter.misses, plansBefore.misses, 'and planned nothing')

    const { app: plain } = await build(t, { bundle: 'demo', env: { PRICING_PREWARM_TERMS: 'false' } })
    for (const [i, id] of ids.entries()) {
      const res = await plain.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${uid(id)}/analytics/`,
        payload: request,
      })
      t.same(body(res), answers[i], `${id}: the answer of a service that did not warm up`)
    }
  },
)

t.test(
  'a restarted service prices its book at its latest market data: the first pass finds its contexts cached, and ' +
    'answers as without it',
  async (t) => {
    const { app, db } = await build(t, {
      bundle: 'demo',
      env: { PRICING_PREWARM_INSTRUMENTS: 'true', PRICING_PREWARM_BOOK: 'true', PRICER_THREADS: '2' },
    })
    const running = async () =>
      /^pricing_prewarm_running (\d)/m.exec((await app.inject({ method: 'GET', url: '/metrics' })).body)?.[1]
    await waitFor(async () => (await running()) === '0')
    t.equal(await running(), '0', 'the warm-up ends')
    const [{ day }] = await db.sql<
      { day: string }[]
    >`select to_char(max(time_index) at time zone 'UTC', 'YYYY-MM-DD') as day from discount_curve_observations where
      time_index <= now()`
    t.equal(day, VALUATION.slice(0, 10), "the demo's market data is for the benchmark's date")
    const priced = [...app.pricingContextParts.terms.peekEntries()].filter(([, terms]) => terms.instrument_type != null)
    const req = pricingRequest({ key: 'price' }, request)
    const assembled = priced.filter(
      ([asset]) => cachedPricingContext(contextQuery(req, asset), app.pricingContextParts) !== undefined,
    ).length
    t.equal(assembled, priced.length, `the ${priced.length} contexts of that date are assembled from cached halves`)

    const before = partStats(app)
    const loads = countLoads(app)
    const ids = [
      'UST-4.25-2031-11-15',
      'DBR-2.5-2035-02-15',
      'UST-STRIP-2036-02-15',
      'MUNI-4.5-2030-06-15-SINK',
      'BANKCO-FRN-SOFR-2029-03-20',
    ]
    const answers = []
    for (const id of ids) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${uid(id)}/price/`,
        payload: request,
      })
      t.equal(res.statusCode, 200, `${id} priced`)
      answers.push(body<Record<string, unknown>>(res))
    }
    // (the floaters' instruments of that date are cached in the threads too: bench/README.md, the first pass's CPU)
    const after = partStats(app)
    t.equal(loads(), 0, 'no context was loaded')
    t.same(
      [after.termsMisses, after.marketMisses],
      [before.termsMisses, before.marketMisses],
      'every context was put together from cached halves',
    )
    t.same([after.termsHits, after.marketHits], [before.termsHits + ids.length, before.marketHits + ids.length])

    const { app: plain } = await build(t, { bundle: 'demo', env: { PRICING_PREWARM_TERMS: 'false' } })
    for (const [i, id] of ids.entries()) {
      const res = await plain.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${uid(id)}/price/`,
        payload: request,
      })
      t.same(body(res), answers[i], `${id}: the answer of a service that did not warm up`)
    }
  },
)

t.test(
  "the book's date is its market-data set's: a curve the set does not select, observed later, does not move it",
  async (t) => {
    const { db } = await build(t, { bundle: 'demo', env: { PRICING_PREWARM_TERMS: 'false' } })
    const now = new Date()
    t.equal(
      await latestObservationDate(db.sql, now, 'default'),
      VALUATION.slice(0, 10),
      "the default set's curves are observed on the benchmark's date",
    )
    // a curve no set selects, published an hour ago (on the default set's own node)
    await db.sql`insert into pricing_curves (unique_identifier, display_name, curve_type) values ('RESEARCH-CURVE',
      'research', 'zero')`
    await db.sql`
    insert into discount_curve_observations (data_node_uid, curve_identifier, time_index, curve)
    select data_node_uid, 'RESEARCH-CURVE', ${new Date(now.getTime() - 3_600_000)}, curve from
      discount_curve_observations limit 1`
    const later = new Date(now.getTime() - 3_600_000).toISOString().slice(0, 10)
    t.not(later, VALUATION.slice(0, 10), 'the research curve is observed on a later day')
    t.equal(
      await latestObservationDate(db.sql, now, 'default'),
      VALUATION.slice(0, 10),
      'the default set still prices at its own date',
    )
    t.equal(
      await latestObservationDate(db.sql, now, 'no-such-set'),
      later,
      'a set that selects nothing: the latest observation of any curve',
    )
    t.equal(
      await latestObservationDate(db.sql, new Date('2020-01-01T00:00:00Z'), 'default'),
      undefined,
      'nothing observed before then',
    )
  },
)

t.test(
  "PRICING_PREWARM_BOOK_DATE picks the warm-up's date: today's contexts are cached, not the market data's",
  async (t) => {
    // priced today on the demo's curves of 2026-11-20: a set that accepts old observations
    const bundle = readDemoBundle() as { market_data_sets: Record<string, unknown>[] }
    bundle.market_data_sets[0].max_curve_age_days = null
    const { app } = await build(t, {
      bundle,
      env: { PRICING_PREWARM_INSTRUMENTS: 'true', PRICING_PREWARM_BOOK: 'true', PRICING_PREWARM_BOOK_DATE: 'today' },
    })
    const running = async () =>
      /^pricing_prewarm_running (\d)/m.exec((await app.inject({ method: 'GET', url: '/metrics' })).body)?.[1]
    await waitFor(async () => (await running()) === '0')
    t.equal(await running(), '0', 'the warm-up ends')
    const markets = app.pricingContextParts.markets.size
    t.ok(markets > 0, `${markets} market parts cached`)
    const today = { ...request, valuation_date: `${new Date().toISOString().slice(0, 10)}T00:00:00Z` }
    const before = partStats(app)
    const loads = countLoads(app)
    t.equal(
      (await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${UST}/price/`, payload: today })).statusCode,
      200,
    )
    const after = partStats(app)
    t.equal(loads(), 0, "today's context loaded nothing")
    t.same(
      [after.termsHits, after.termsMisses, after.marketHits, after.marketMisses],
      [before.termsHits + 1, before.termsMisses, before.marketHits + 1, before.marketMisses],
      "today's context was put together from cached halves",
    )
    t.equal(
      (await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${UST}/price/`, payload: request })).statusCode,
      200,
    )
    t.equal(loads(), 1, "the market data's date was loaded")
    t.equal(partStats(app).marketMisses, before.marketMisses + 1, 'its market part was not cached')
  },
)

t.test('without the prewarm, terms load on demand', async (t) => {
  const { app } = await build(t, { bundle: 'demo', env: { PRICING_PREWARM_TERMS: 'false' } })
  await new Promise((r) => setTimeout(r, 200))
  t.equal(app.pricingContextParts.terms.size, 0)
  t.equal(
    (await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${UST}/price/`, payload: request })).statusCode,
    200,
  )
  t.equal(app.pricingContextParts.terms.size, 1)
})

t.test(
  'a market-data write clears the market parts, not the terms; a terms write the terms, not the market parts',
  async (t) => {
    const { app, db } = await build(t, { bundle: 'demo', env: { PRICING_PREWARM_TERMS: 'false' } })
    const price = async (asset: string) => {
      const res = await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${asset}/price/`, payload: request })
      t.equal(res.statusCode, 200, `${asset} answered 200`)
      return body<{ price: number }>(res).price
    }
    // the floater's first coupon (fixed on 2024-03-18, paid): its amount is its fixing's
    const firstCoupon = async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${FRN}/cashflows/`,
        payload: { ...request, parameters: { include_paid: true } },
      })
      t.equal(res.statusCode, 200, "the floater's cash flows answered 200")
      return body<{ legs: { floating: { fixing_date: string; amount: number }[] } }>(res).legs.floating.find(
        (r) => r.fixing_date === '2024-03-18',
      )!.amount
    }
    const frn = await firstCoupon()
    const ust = await price(UST)
    const parts = app.pricingContextParts
    t.equal(parts.terms.size, 2)
    t.ok(parts.markets.size >= 1)

    // another writer moves that fixing
    let generation = app.pricingCaches.current()
    await db.sql`update index_fixings set rate = rate + 0.01 where index_identifier = 'USD-TERM-SOFR-3M' and
      fixing_date = '2024-03-18'`
    await until(() => app.pricingCaches.current() !== generation, 'the index_fixings notification')
    t.equal(parts.markets.size, 0, 'market parts cleared')
    t.equal(parts.fixingSets.size, 0, 'fixing sets cleared')
    t.equal(parts.terms.size, 2, 'terms kept')
    t.ok((await firstCoupon()) > frn, "the floater's coupon follows the new fixing")
    t.equal(await price(UST), ust, 'the treasury does not move')
    const markets = parts.markets.size
    t.ok(markets >= 1)

    // another writer changes the treasury's coupon: its terms are read again
    generation = app.pricingCaches.current()
    await db.sql`update asset_pricing_details set instrument_dump = jsonb_set(instrument_dump, '{coupon_rate}',
      '0.05') where asset_uid = ${UST}`
    await until(() => app.pricingCaches.current() !== generation, 'the asset_pricing_details notification')
    t.equal(parts.terms.size, 0, 'terms cleared')
    t.equal(parts.markets.size, markets, 'market parts kept')
    t.ok((await price(UST)) > ust, 'the higher coupon is priced')
  },
)

t.test('the halves put together give the context the single round trip gave', async (t) => {
  const { db } = await build(t, { bundle: 'demo' })
  const assets = demo.assets.map((a) => a.uid)
  const plain = await loadPricingContexts(db.sql, [...assets.map(query), query('00000000-0000-4000-8000-000000000000')])
  const caches = { terms: new ContextCache<AssetTerms>(1000), markets: new ContextCache<MarketPart>(100) }
  await loadPricingContexts(db.sql, assets.map(query), caches)
  t.equal(caches.terms.size, assets.length, "every asset's terms cached")
  const cached = await loadPricingContexts(
    db.sql,
    [...assets.map(query), query('00000000-0000-4000-8000-000000000000')],
    caches,
  )
  t.same(cached, plain, 'the same contexts from the caches as from PostgreSQL')
  t.equal(plain.at(-1), undefined, 'a missing asset has no context')
  t.ok(
    plain.some((c) => c && c.instrument_type === null),
    'an asset without pricing details has its context (a 404 for the routes)',
  )
  t.ok(
    plain.some((c) => c?.fixings),
    'floaters carry their fixing set',
  )
})

t.test(
  "the warm-up reads a floater's index as its market part holds it; a stored uid that is not a UUID selects nothing",
  async (t) => {
    const { db } = await build(t, { bundle: 'demo', env: { PRICING_PREWARM_TERMS: 'false' } })
    const [{ index }] = await db.sql<
      { index: string }[]
    >`select instrument_dump ->> 'floating_rate_index_uid' as index from asset_pricing_details where asset_uid = ${FRN}`
    const rows = await loadFloatingIndexes(db.sql, [index, 'not-a-uuid', index])
    t.same([...rows.keys()], [index], 'one row, by uid')
    const [ctx] = await loadPricingContexts(db.sql, [
      {
        assetUid: FRN,
        marketDataSet: 'default',
        valuation: '2026-11-20T00:00:00.000Z',
        side: 'mid',
        benchmarkRole: 'z_spread_base',
        benchmarkSide: 'mid',
      },
    ])
    t.same(rows.get(index), ctx?.floating_index, 'the row of the market part')
    t.equal((await loadFloatingIndexes(db.sql, ['not-a-uuid'])).size, 0, 'a text that is not a UUID: no row, no error')
  },
)
