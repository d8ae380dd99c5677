/**
 * What the pricer refuses instead of guessing (issue 33, design §6.1), end to end on the demo: a curve older than the
 * set's max_curve_age_days, a matured bond, a floater on an overnight index, rates written as percentages, and
 * schema errors that name the one real problem; and what it shows instead: the observation a price used.
 */
import t from 'tap'
import { build, body, type TestApp } from '../helpers/app.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { validateBundle, BundleValidationError } from '../../src/db/bundle/validate.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { DEMO } from '../../src/db/demo/demo-ids.ts'
import { waitFor } from '../helpers/wait.ts'

const UST = DEMO.assets.ust
const CALLABLE = DEMO.assets.callable
const FRN = DEMO.assets.frn
type Json = Record<string, unknown>

async function post(
  ctx: TestApp,
  asset: string,
  op: string,
  parameters: Json = {},
  valuation = '2026-11-20T00:00:00Z',
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${asset}/${op}/`,
    payload: { valuation_date: valuation, market_data_set: 'default', parameters },
  })
  return { status: res.statusCode, body: body<Json>(res) }
}

/**
 * A write by another connection reaches the caches by notification: ask again until the answer changes (within a
 * minute).
 */
async function eventually<T extends { status: number }>(ask: () => Promise<T>, status: number): Promise<T> {
  let answer = await ask()
  await waitFor(async () => (answer = await ask()).status === status)
  return answer
}

const demoAsset = (uid: string) =>
  structuredClone((readDemoBundle() as { assets: Json[] }).assets.find((a) => a.uid === uid)!) as Json & {
    pricing_details: { instrument_dump: Json }
  }

t.test(
  'a curve older than max_curve_age_days is a 409 naming it; within the bound, or unbounded, it prices',
  async (t) => {
    const ctx = await build(t, { bundle: 'demo' })
    const fresh = await post(ctx, UST, 'price', {}, '2026-11-27T00:00:00Z')
    t.equal(fresh.status, 200, 'seven days after the observation of 2026-11-20')
    for (const op of ['price', 'analytics', 'yield', 'curve-preview', 'carry-roll-down']) {
      const stale = await post(
        ctx,
        UST,
        op,
        op === 'carry-roll-down' ? { horizon_days: 5 } : {},
        '2026-11-28T00:00:00Z',
      )
      t.equal(stale.status, 409, `${op}: eight days after it`)
      t.match(
        stale.body.detail,
        /Curve 'USD-UST-ZERO'.*last observed on 2026-11-20, 8 days before the valuation date 2026-11-28.*up to 7 days old \(max_curve_age_days\)/,
        `${op}: names the curve, the dates and the bound`,
      )
    }
    const later = await post(ctx, UST, 'price', {}, '2032-01-01T00:00:00Z')
    t.equal(later.status, 409, 'a valuation date years after the latest observation is never priced on it')
    const z = await post(
      ctx,
      UST,
      'z-spread',
      { target_dirty_ccy: 100, benchmark_curve_unique_identifier: 'USD-UST-ZERO' },
      '2026-12-15T00:00:00Z',
    )
    t.equal(z.status, 409, 'an explicitly named benchmark curve is bounded too')
    t.equal(
      (await post(ctx, UST, 'price', { with_yield: 0.04 }, '2027-06-01T00:00:00Z')).status,
      200,
      'a flat with_yield curve has no observation to be stale',
    )

    await ctx.db.sql`update pricing_market_data_sets set max_curve_age_days = 30 where set_key = 'default'`
    t.equal(
      (await eventually(() => post(ctx, UST, 'price', {}, '2026-12-15T00:00:00Z'), 200)).status,
      200,
      'a wider bound',
    )
    t.equal((await post(ctx, UST, 'price', {}, '2026-12-21T00:00:00Z')).status, 409, 'and its end')
    await ctx.db.sql`update pricing_market_data_sets set max_curve_age_days = null where set_key = 'default'`
    const unbounded = await eventually(() => post(ctx, UST, 'price', {}, '2027-06-01T00:00:00Z'), 200)
    t.same(
      [unbounded.status, unbounded.body.price],
      [200, fresh.body.price],
      'null: no bound (the NPV at the curve reference date, as QuantLib)',
    )
  },
)

t.test('curve-preview says which observation priced each curve', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const preview = await post(ctx, FRN, 'curve-preview', {}, '2026-11-22T00:00:00Z')
  t.equal(preview.status, 200)
  const curves = preview.body.curves as { role: string; observation_date: string }[]
  t.ok(curves.length >= 2, 'discount and projection')
  for (const c of curves)
    t.equal(c.observation_date, '2026-11-20', `${c.role}: the latest observation at or before the valuation date`)
})

t.test('a matured bond is a 409 for every operation but its cash-flow lists and fixings availability', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const matured = demoAsset(UST)
  Object.assign(matured, { uid: 'aa000000-0000-4000-8000-000000000001', unique_identifier: 'UST-1.5-2026-11-15' })
  Object.assign(matured.pricing_details.instrument_dump, {
    issue_date: '2021-11-15',
    maturity_date: '2026-11-15',
    coupon_rate: 0.015,
  })
  const onSettlement = demoAsset(UST)
  Object.assign(onSettlement, { uid: 'aa000000-0000-4000-8000-000000000002', unique_identifier: 'UST-1.5-2026-11-23' })
  Object.assign(onSettlement.pricing_details.instrument_dump, {
    issue_date: '2021-11-23',
    maturity_date: '2026-11-23',
    coupon_rate: 0.015,
  })
  await loadBundle(ctx.db.sql, { assets: [matured, onSettlement] })
  for (const op of ['price', 'analytics', 'duration', 'yield', 'curve-preview']) {
    const r = await post(ctx, matured.uid as string, op)
    t.equal(r.status, 409, op)
    t.match(r.body.detail, /matured on 2026-11-16/, `${op}: says when (its last flow, adjusted)`)
  }
  t.equal((await post(ctx, matured.uid as string, 'z-spread', { target_dirty_ccy: 100 })).status, 409, 'z-spread')
  t.equal(
    (await post(ctx, matured.uid as string, 'carry-roll-down', { horizon_days: 5 })).status,
    409,
    'carry-roll-down',
  )
  t.equal(
    (await post(ctx, matured.uid as string, 'yield', { override_clean_price: 100 })).status,
    409,
    'a yield from a given price',
  )
  t.equal(
    (await post(ctx, matured.uid as string, 'analytics', { quoted_yield: 0.04 })).status,
    409,
    'analytics from a quoted yield',
  )
  const listed = await post(ctx, matured.uid as string, 'cashflows')
  t.same(
    [listed.status, (listed.body.legs as Json).fixed, (listed.body.legs as Json).redemption],
    [200, [], []],
    'no flow left to list',
  )
  const paid = await post(ctx, matured.uid as string, 'cashflows', { include_paid: true })
  t.equal(((paid.body.legs as Json).fixed as unknown[]).length, 10, 'include_paid lists the paid flows')
  t.equal((await post(ctx, matured.uid as string, 'net-cashflows')).status, 200)
  t.equal((await post(ctx, matured.uid as string, 'fixings-availability')).status, 200)
  // settles on 2026-11-23 (one business day after 2026-11-20... the 23rd is a Monday): its last flow on that day is
  // excluded
  const last = await post(ctx, onSettlement.uid as string, 'price')
  t.equal(last.status, 409, 'a last flow on the settlement date is not after it')
  t.equal(
    (await post(ctx, onSettlement.uid as string, 'price', {}, '2026-11-19T00:00:00Z')).status,
    200,
    'the day before, it still has a flow to price',
  )
})

t.test('a floater on an index shorter than a week is refused at load and at pricing', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const sofr = (readDemoBundle() as { indexes: Json[] }).indexes.find((i) => i.uid === DEMO.indexes.sofr3m) as Json & {
    convention: { convention_dump: Json }
  }
  const overnight = structuredClone(sofr)
  Object.assign(overnight, { uid: 'bb000000-0000-4000-8000-000000000001', unique_identifier: 'USD-SOFR-ON' })
  overnight.convention.convention_dump.tenor = '1D'
  const floater = demoAsset(FRN)
  Object.assign(floater, { uid: 'bb000000-0000-4000-8000-000000000002', unique_identifier: 'FRN-ON-TEST' })
  floater.pricing_details.instrument_dump.floating_rate_index_uid = overnight.uid
  const refused = await loadBundle(ctx.db.sql, { indexes: [overnight], assets: [floater] }).catch((e: unknown) => e)
  t.ok(refused instanceof BundleValidationError, 'the bundle is refused')
  t.match((refused as BundleValidationError).issues, [
    {
      path: '$.assets[0].pricing_details.instrument_dump.floating_rate_index_uid',
      message: /USD-SOFR-ON' has tenor 1D: an index shorter than one week is an overnight index, not an Ibor index/,
    },
  ])
  // the index alone loads (a discount curve may be selected on it); a floater stored before this check is a 409
  await loadBundle(ctx.db.sql, { indexes: [overnight] })
  const checked = await validateBundle({ assets: [floater] }, ctx.db.sql).catch((e: unknown) => e)
  t.match(
    (checked as BundleValidationError).issues,
    [{ path: '$.assets[0].pricing_details.instrument_dump.floating_rate_index_uid' }],
    'the index found in the database',
  )
  t.equal((await post(ctx, FRN, 'price')).status, 200, 'priced on its 3M index')
  await ctx.db
    .sql`update index_convention_details set convention_dump = jsonb_set(convention_dump, '{tenor}', '"1D"') where
      index_uid = ${DEMO.indexes.sofr3m}`
  const priced = await eventually(() => post(ctx, FRN, 'price'), 409)
  t.equal(priced.status, 409)
  t.match(priced.body.detail, /tenor 1D.*index_kind": "overnight"/)
})

t.test('rates written as percentages are refused, naming the field', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const withYield = await post(ctx, UST, 'price', { with_yield: 4.5 })
  t.same(
    [withYield.status, withYield.body.detail],
    [422, 'body.parameters.with_yield: 4.5 would be a rate of 450%: rates are decimals (4.5% is 0.045)'],
  )
  const quoted = await post(ctx, UST, 'analytics', { quoted_yield: -1.5 })
  t.same(
    [quoted.status, quoted.body.detail],
    [422, 'body.parameters.quoted_yield: -1.5 would be a rate of -150%: rates are decimals (4.5% is 0.045)'],
  )
  t.equal((await post(ctx, UST, 'price', { with_yield: 1 })).status, 200, '100% is a rate')
  const negative = await post(ctx, UST, 'price', { with_yield: -4.5 })
  t.same(
    [negative.status, negative.body.detail],
    [422, 'body.parameters.with_yield: -4.5 would be a rate of -450%: rates are decimals (4.5% is 0.045)'],
    'the percentage, not the bound',
  )
  t.same(
    (await post(ctx, UST, 'price', { with_yield: -1 })).body.detail,
    'body.parameters.with_yield: must be >= -0.99',
    "a flat curve's bound",
  )
  const both = await post(ctx, UST, 'analytics', { with_yield: 0.04, quoted_yield: 0.04 })
  t.same(
    [both.status, both.body.detail],
    [
      422,
      'parameters.quoted_yield: give either quoted_yield (prices from that yield) or with_yield (a flat discount ' +
        'curve), not both (parameters.quoted_yield)',
    ],
  )

  const demo = readDemoBundle() as {
    curve_observations: { curve_identifier: string; nodes: { zero: number }[] }[]
    curves: Json[]
  }
  const observation = structuredClone(
    demo.curve_observations.find((o) => o.curve_identifier === 'USD-UST-ZERO')!,
  ) as Json & { nodes: { zero: number }[] }
  observation.time_index = '2026-11-21T00:00:00Z'
  observation.nodes[3].zero = 1.95
  const refused = await loadBundle(ctx.db.sql, { curve_observations: [observation] }).catch((e: unknown) => e)
  t.ok(refused instanceof BundleValidationError)
  t.match((refused as BundleValidationError).issues, [
    {
      path: '$.curve_observations[0].nodes[3].zero',
      message: /^1\.95 is a zero rate of 195%: rates are decimals .*--allow-large-rates$/,
    },
  ])
  t.same(
    await loadBundle(ctx.db.sql, { curve_observations: [observation] }, { allowLargeRates: true }),
    { curve_observations: 1 },
    '--allow-large-rates loads it',
  )
  // a curve quoted in percent may hold 4.5
  const percent = structuredClone(demo.curves.find((c) => c.unique_identifier === 'USD-UST-ZERO')!) as Json & {
    building_details: Json
  }
  Object.assign(percent, { uid: 'cc000000-0000-4000-8000-000000000001', unique_identifier: 'USD-UST-ZERO-PCT' })
  percent.building_details.rate_unit = 'percent'
  const inPercent = {
    ...observation,
    curve_identifier: 'USD-UST-ZERO-PCT',
    nodes: observation.nodes.map((n) => ({ ...n, zero: 4.5 })),
  }
  t.same(
    await loadBundle(ctx.db.sql, { curves: [percent], curve_observations: [inPercent] }),
    { curves: 1, curve_observations: 1 },
    'percent units: 4.5 is 4.5%',
  )
})

t.test('schema errors name the one real problem, without the branches of nullable fields', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const duration = await post(ctx, UST, 'duration', { duration_type: 'Fancy' })
  t.same(
    [duration.status, duration.body.detail],
    [422, 'body.parameters.duration_type: must be one of "Simple", "Macaulay", "Modified", "Effective", "KeyRate"'],
  )
  const side = await post(ctx, UST, 'price', { curve_quote_side: 7 })
  t.same([side.status, side.body.detail], [422, 'body.parameters.curve_quote_side: must be string'])
  const compounding = await post(ctx, UST, 'yield', { yield_compounding: 'Daily' })
  t.match(compounding.body.detail, /^body\.parameters\.yield_compounding: must be one of "Simple"/)
  t.notMatch(JSON.stringify([duration.body, side.body, compounding.body]), /must be null/)

  const dump = demoAsset(UST)
  dump.pricing_details.instrument_dump.coupon_rate = 'four'
  dump.pricing_details.instrument_dump.schedule = { rule: 'Sideways' }
  const refused = (await validateBundle({ assets: [dump] }, ctx.db.sql).catch(
    (e: BundleValidationError) => e,
  )) as BundleValidationError
  t.same(refused.issues.map((i) => `${i.path}: ${i.message}`).sort(), [
    '$.assets[0].pricing_details.instrument_dump.coupon_rate: must be number or array',
    '$.assets[0].pricing_details.instrument_dump.schedule.rule: must be one of Backward, Forward, Zero, ' +
      'ThirdWednesday, ThirdWednesdayInclusive, Twentieth, TwentiethIMM, OldCDS, CDS, CDS2015',
  ])
  dump.pricing_details.instrument_dump.coupon_rate = [0.01, 12]
  dump.pricing_details.instrument_dump.schedule = null
  const large = (await validateBundle({ assets: [dump] }, ctx.db.sql).catch(
    (e: BundleValidationError) => e,
  )) as BundleValidationError
  t.same(
    large.issues.map((i) => `${i.path}: ${i.message}`),
    ['$.assets[0].pricing_details.instrument_dump.coupon_rate[1]: must be <= 10'],
  )
})

t.test("yields in other conventions, from a quoted yield, and a callable's yields to call", async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const base = await post(ctx, UST, 'yield')
  const same = await post(ctx, UST, 'yield', {
    yield_compounding: 'Compounded',
    yield_frequency: 'Semiannual',
    yield_day_count: 'ActualActual_Bond',
  })
  t.equal(same.body.yield, base.body.yield, "the bond's own conventions spelled out")
  const continuous = await post(ctx, UST, 'yield', { yield_compounding: 'Continuous' })
  t.ok(
    Math.abs((continuous.body.yield as number) - 2 * Math.log(1 + (base.body.yield as number) / 2)) < 1e-6,
    'a continuous yield is the equivalent rate',
  )
  const annual = await post(ctx, UST, 'analytics', { yield_frequency: '1Y' })
  t.ok((annual.body.analytics as Json).macaulay_duration !== undefined, 'annual compounding has a Macaulay duration')
  const simple = await post(ctx, UST, 'analytics', { yield_compounding: 'Simple' })
  t.equal((simple.body.analytics as Json).macaulay_duration, undefined, 'a simple yield has none (QuantLib refuses it)')
  t.equal(
    (await post(ctx, UST, 'yield', { yield_frequency: 'Once' })).status,
    422,
    'a compounded yield needs a frequency',
  )
  t.equal((await post(ctx, UST, 'yield', { yield_day_count: 'Actual/999' })).status, 422, 'an unknown day count')

  const quoted = await post(ctx, UST, 'analytics', { quoted_yield: base.body.yield })
  const model = await post(ctx, UST, 'analytics')
  const q = quoted.body.analytics as Record<string, number>
  const m = model.body.analytics as Record<string, number>
  t.ok(Math.abs(q.clean_price - m.clean_price) < 1e-8, 'the model yield quoted back gives the model clean price')
  t.equal(q.yield, base.body.yield)
  t.equal(q.npv, undefined, 'no curve, no NPV')

  const callable = await post(ctx, CALLABLE, 'yield')
  t.equal(callable.status, 200)
  const rows = callable.body.yields_to_call as { date: string; price: number; yield: number }[]
  t.ok(rows.length >= 2, `${rows.length} yields: the calls ahead and the maturity`)
  t.equal(rows.at(-1)!.date, '2034-06-01', 'the maturity last')
  t.equal(rows.at(-1)!.yield, callable.body.yield, 'its yield is the yield to maturity')
  t.equal(callable.body.yield_to_worst, Math.min(...rows.map((r) => r.yield)))
  t.equal(callable.body.workout_date, rows.find((r) => r.yield === callable.body.yield_to_worst)!.date)
  const analytics = await post(ctx, CALLABLE, 'analytics')
  t.same(analytics.body.yields_to_call, rows, 'analytics gives the same')
  t.equal((await post(ctx, UST, 'yield')).body.yields_to_call, undefined, 'only callables have them')
})
