/**
 * Pricing semantics a client relies on (design §6), end to end on the demo data: cash flows not yet paid (a
 * floater without its historic fixings still prices, lists and carries), include_paid, every accepted form of
 * a date-time and the 422s for the rest, dates pushed past 2199 by the request, fixings availability before the
 * first fixing, and a 30E/360 ISDA bond maturing at the end of February answering every operation consistently.
 */
import t from 'tap'
import { build, body, type TestApp } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'

const FRN = '138fe3e2-b549-5390-868b-7ca3ba030ef3' // BANKCO-FRN-SOFR-2029-03-20, quarterly on USD-TERM-SOFR-3M
const UST = 'd4037e5c-6e60-5619-b1cd-8b02cccb5792' // UST-4.25-2031-11-15
const VALUATION = '2026-11-20T00:00:00.000Z'

async function post(
  t: TestApp,
  asset: string,
  op: string,
  parameters: Record<string, unknown> = {},
  valuation: unknown = VALUATION,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${asset}/${op}/`,
    payload: { valuation_date: valuation, market_data_set: 'default', parameters },
  })
  return { status: res.statusCode, body: body<Record<string, unknown>>(res) }
}

type Row = { payment_date: string; amount: number; fixing_date?: string; rate?: number; spread?: number }

t.test('a floater without the fixings of its paid coupons prices, lists its future flows and carries', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  // keep only the fixing of the current coupon (fixed on 2026-09-17): every earlier coupon has been paid
  const deleted = await ctx.db
    .sql`delete from index_fixings where index_identifier = 'USD-TERM-SOFR-3M' and fixing_date < '2026-09-17'`
  t.ok(deleted.count > 100, 'historic fixings removed')

  const price = await post(ctx, FRN, 'price')
  t.equal(price.status, 200, 'price')
  const cashflows = await post(ctx, FRN, 'cashflows')
  t.equal(cashflows.status, 200, 'cashflows')
  const floating = (cashflows.body.legs as Record<string, Row[]>).floating
  t.ok(
    floating.length > 0 && floating.every((r) => r.payment_date > '2026-11-20'),
    'only flows after the valuation date',
  )
  t.equal(floating[0].fixing_date, '2026-09-17', 'the first listed coupon is the current one')
  for (const key of ['payment_date', 'fixing_date', 'rate', 'spread', 'amount'])
    t.ok(key in floating[0], `floating rows carry ${key}`)
  t.equal((await post(ctx, FRN, 'net-cashflows')).status, 200, 'net cash flows')
  t.equal((await post(ctx, FRN, 'cashflows/frame')).status, 200, 'cash-flow frame')
  const carry = await post(ctx, FRN, 'carry-roll-down', { horizon_days: 21 })
  t.equal(carry.status, 200, 'carry-roll-down')

  const all = await post(ctx, FRN, 'cashflows', { include_paid: true })
  t.equal(all.status, 409, 'include_paid needs the historic fixings')
  t.match(
    all.body.detail,
    /^Missing USD-TERM-SOFR-3M fixing for 2024-03-18$/,
    "and names the first missing one, the first coupon's",
  )
})

t.test(
  'include_paid lists the paid flows too; a flow paid on the valuation date is not listed by default',
  async (t) => {
    const ctx = await build(t, { bundle: 'demo' })
    const coupon = '2026-11-16' // UST-4.25-2031-11-15 pays on 2026-11-16 (15 November is a Sunday)
    const shown = (r: { body: Record<string, unknown> }) =>
      Object.values(r.body.legs as Record<string, Row[]>)
        .flat()
        .map((x) => x.payment_date)
        .sort()
    const onTheDay = shown(await post(ctx, UST, 'cashflows', {}, `${coupon}T15:00:00Z`))
    t.notOk(onTheDay.includes(coupon), 'the coupon paid on the valuation date is not listed')
    const dayBefore = shown(await post(ctx, UST, 'cashflows', {}, '2026-11-13'))
    t.equal(dayBefore[0], coupon, 'the day before, it is the first listed flow')
    const everything = shown(await post(ctx, UST, 'cashflows', { include_paid: true }))
    t.equal(everything[0], '2022-05-16', 'include_paid starts at the first coupon')
    t.equal(
      everything.length,
      shown(await post(ctx, UST, 'cashflows')).length + 10,
      'ten coupons paid by the valuation date',
    )
    const net = body<{ cashflows: { payment_date: string }[] }>(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${UST}/net-cashflows/`,
        payload: { valuation_date: VALUATION, market_data_set: 'default' },
      }),
    )
    t.ok(
      net.cashflows.every((r) => r.payment_date > '2026-11-20'),
      'net cash flows follow the same rule',
    )
  },
)

t.test(
  'date-times: RFC 3339 with an offset, naive (UTC) or a date; anything else is a 422 naming the field',
  async (t) => {
    const ctx = await build(t, { bundle: 'demo' })
    const reference = await post(ctx, UST, 'price')
    t.equal(reference.status, 200)
    for (const form of [
      '2026-11-20',
      '2026-11-20T00:00:00',
      '2026-11-20T00:00:00Z',
      '2026-11-20T05:30:00+05:30',
      '2026-11-19T19:00:00-05:00',
      '2026-11-20t00:00:00.000z',
      '2026-11-20 00:00',
    ]) {
      const r = await post(ctx, UST, 'price', {}, form)
      t.equal(r.status, 200, `${form} is accepted`)
      t.equal(r.body.valuation_date, VALUATION, `${form} is read as ${VALUATION}`)
      t.equal(r.body.price, reference.body.price, `${form} prices as the UTC date-time`)
    }
    const refused: [string, RegExp][] = [
      ['2016-12-31T23:59:60Z', /leap second/],
      ['2026-11-20T00:00:00+14', /offset/],
      ['2026-11-20T00:00:00+1400', /offset/],
      ['2026-11-20T24:00:00Z', /time of day/],
      ['2026-02-30', /not in 2026-02/],
      ['1900-12-31', /1901-2199/],
      ['2200-01-01T00:00:00Z', /1901-2199/],
      ['2199-12-31T23:00:00-05:00', /1901-2199/],
      ['0099-01-01', /1901-2199/],
      ['20261120', /RFC 3339/],
      ['', /RFC 3339/],
    ]
    for (const [form, why] of refused) {
      const r = await post(ctx, UST, 'price', {}, form)
      t.equal(r.status, 422, `${JSON.stringify(form)} is refused`)
      t.match(r.body.detail, /body\.valuation_date/, 'naming the field')
      t.match(r.body.detail, why, `saying why (${why})`)
    }
    // every date-time input follows the same rule: a query parameter, and a write
    const curve = await ctx.app.inject({
      method: 'GET',
      url:
        '/api/v1/pricing/curves/3f307e10-b307-50a5-8447-84b70001e1f2/discount-curve/?market_data_set=default&' +
        'valuation_date=2026-11-19',
    })
    t.equal(curve.statusCode, 200, 'a date is a valuation_date query parameter')
    t.equal(body(curve).valuation_date, '2026-11-19T00:00:00.000Z')
    const leap = await ctx.app.inject({
      method: 'GET',
      url:
        '/api/v1/pricing/curves/3f307e10-b307-50a5-8447-84b70001e1f2/discount-curve/?market_data_set=default&' +
        'valuation_date=2016-12-31T23:59:60Z',
    })
    t.equal(leap.statusCode, 422, 'a leap second in a query parameter is a 422')
    t.match(body(leap).detail, /query\.valuation_date/)
  },
)

t.test('a request that pushes a date past 2199 is a 422 naming what pushed it', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const horizon = await post(ctx, UST, 'carry-roll-down', { horizon_days: 36_500 })
  t.equal(horizon.status, 422, 'a huge horizon')
  t.match(horizon.body.detail, /parameters\.horizon_days/)
  t.match(horizon.body.detail, /1901-01-01\.\.2199-12-31/)
  const far = await post(ctx, UST, 'price', { with_yield: 0.04 }, '2199-12-31T12:00:00Z')
  t.equal(far.status, 422, 'a valuation date whose settlement falls past 2199')
  t.match(far.body.detail, /valuation_date/)
})

t.test('fixings availability of a floater valued before its first fixing reports its index', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  // EIB-FRN-EURIBOR-2031-04-15 was issued 2025-04-15: value it a month before issue, before its first fixing
  const r = await post(ctx, '9e64cb8d-7f52-530d-977f-0f600418ae57', 'fixings-availability', {}, '2025-03-14')
  t.equal(r.status, 200)
  const rows = r.body.fixings as Record<string, unknown>[]
  t.equal(rows.length, 1, 'one row for its index')
  t.match(rows[0], {
    index_uid: '32379d0b-f163-5d3a-a990-29f66d02f45b',
    index_identifier: 'EUR-EURIBOR-6M',
    required_start_date: '2024-03-14',
    required_end_date: '2025-03-14',
    missing_count: 0,
    status: 'complete',
  })
  t.equal(r.body.status, 'complete')
  const fixed = await post(ctx, UST, 'fixings-availability')
  t.same([fixed.body.status, fixed.body.fixings], ['not_required', []], 'an empty list only with not_required')
  // a floater missing every fixing it needs says so
  await ctx.db.sql`delete from index_fixings where index_identifier = 'EUR-EURIBOR-6M'`
  const missing = await post(ctx, '9e64cb8d-7f52-530d-977f-0f600418ae57', 'fixings-availability')
  t.equal(missing.body.status, 'missing')
  t.match((missing.body.fixings as Record<string, unknown>[])[0], {
    missing_count: 1,
    status: 'missing',
    available_start_date: null,
  })
})

t.test('30E/360 ISDA maturing on the last day of February: analytics, yield, duration and carry agree', async (t) => {
  const bundle = readDemoBundle() as {
    assets: { uid: string; pricing_details?: { instrument_dump: Record<string, unknown> } }[]
    market_data_sets: Record<string, unknown>[]
  }
  const ust = bundle.assets.find((a) => a.uid === UST)!
  Object.assign(ust.pricing_details!.instrument_dump, {
    day_count: 'Thirty360_ISDA',
    issue_date: '2024-02-29',
    maturity_date: '2030-02-28',
    schedule: null,
  })
  // priced in 2030 on the demo's 2026 curves: the set accepts old observations
  bundle.market_data_sets[0].max_curve_age_days = null
  const ctx = await build(t, { bundle })
  for (const valuation of ['2026-11-20', '2030-02-20']) {
    const a = await post(ctx, UST, 'analytics', {}, valuation)
    const y = await post(ctx, UST, 'yield', {}, valuation)
    const d = await post(ctx, UST, 'duration', {}, valuation)
    const c = await post(ctx, UST, 'carry-roll-down', { horizon_days: 5 }, valuation)
    t.same([a.status, y.status, d.status, c.status], [200, 200, 200, 200], `${valuation}: every operation answers`)
    const analytics = a.body.analytics as Record<string, number>
    t.equal(analytics.yield, y.body.yield, `${valuation}: the same yield`)
    t.equal(analytics.modified_duration, d.body.duration, `${valuation}: the same duration`)
    t.equal(
      (c.body.metrics as Record<string, number>).p0_dirty_per100,
      analytics.dirty_price,
      `${valuation}: carry starts at the same price`,
    )
  }
})
