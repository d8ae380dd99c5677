/**
 * Request validation (422 before anything is loaded) and strict market-data resolution (409 naming what is missing).
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'

interface Asset {
  uid: string
  unique_identifier: string
}
const demo = readDemoBundle() as { assets: Asset[] }
const uid = (id: string) => demo.assets.find((a) => a.unique_identifier === id)!.uid
const UST = uid('UST-4.25-2031-11-15')
const FRN = uid('BANKCO-FRN-SOFR-2029-03-20')
const V = '2026-11-20T00:00:00Z'

const post = (app: Awaited<ReturnType<typeof build>>['app'], asset: string, op: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${asset}/${op}/`,
    payload: payload as Record<string, unknown>,
  })

t.test('422: request validation before anything is loaded', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const missingAsset = '11111111-1111-4111-8111-111111111111'
  const cases: [string, unknown, RegExp][] = [
    ['price', { valuation_date: V }, /body\.market_data_set: field required/],
    [
      'price',
      { valuation_date: V, market_data_set: '' },
      /body\.market_data_set: must NOT have fewer than 1 characters/,
    ],
    ['price', { valuation_date: V, market_data_set: '   ' }, /body\.market_data_set: must match pattern/],
    ['price', { valuation_date: V, market_data_set: null }, /body\.market_data_set: must be string/],
    ['price', { market_data_set: 'default' }, /body\.valuation_date: field required/],
    [
      'price',
      { valuation_date: 'yesterday', market_data_set: 'default' },
      /body\.valuation_date: expected an RFC 3339 date-time/,
    ],
    ['price', { valuation_date: V, market_data_set: 'default', extra: 1 }, /body: unknown field 'extra'/],
    [
      'price',
      { valuation_date: V, market_data_set: 'default', parameters: { nope: 1 } },
      /body\.parameters: unknown field 'nope'/,
    ],
    [
      'price',
      { valuation_date: V, market_data_set: 'default', parameters: { target_dirty_ccy: 100 } },
      /body\.parameters: unknown field 'target_dirty_ccy'/,
    ],
    [
      'duration',
      { valuation_date: V, market_data_set: 'default', parameters: { duration_type: 'Dollar' } },
      /body\.parameters\.duration_type: must be one of "Simple", "Macaulay", "Modified", "Effective", "KeyRate"/,
    ],
    [
      'duration',
      {
        valuation_date: V,
        market_data_set: 'default',
        parameters: { duration_type: 'KeyRate', key_rate_tenors: ['5Y'] },
      },
      /body\.parameters\.key_rate_tenors: must NOT have fewer than 2 items/,
    ],
    [
      'duration',
      {
        valuation_date: V,
        market_data_set: 'default',
        parameters: { duration_type: 'KeyRate', key_rate_tenors: ['5Y', 'ten years'] },
      },
      /body\.parameters\.key_rate_tenors\.1: must match pattern/,
    ],
    [
      'analytics',
      { valuation_date: V, market_data_set: 'default', parameters: { bump_bp: 0 } },
      /body\.parameters\.bump_bp: must be > 0/,
    ],
    [
      'z-spread',
      { valuation_date: V, market_data_set: 'default', parameters: {} },
      /body\.parameters\.target_dirty_ccy: field required/,
    ],
    [
      'z-spread',
      { valuation_date: V, market_data_set: 'default', parameters: { target_dirty_ccy: 100, tol: 0 } },
      /body\.parameters\.tol: must be > 0/,
    ],
    [
      'z-spread',
      { valuation_date: V, market_data_set: 'default', parameters: { target_dirty_ccy: 100, max_iter: 1.5 } },
      /body\.parameters\.max_iter: must be integer/,
    ],
    [
      'z-spread',
      {
        valuation_date: V,
        market_data_set: 'default',
        parameters: { target_dirty_ccy: 100, benchmark_curve_uid: 'x' },
      },
      /body\.parameters\.benchmark_curve_uid: must match format "uuid"/,
    ],
    [
      'carry-roll-down',
      { valuation_date: V, market_data_set: 'default', parameters: {} },
      /body\.parameters\.horizon_days: field required/,
    ],
    [
      'carry-roll-down',
      { valuation_date: V, market_data_set: 'default', parameters: { horizon_days: '30' } },
      /body\.parameters\.horizon_days: must be integer/,
    ],
    [
      'price',
      { valuation_date: V, market_data_set: 'default', parameters: { flat_compounding: 'Daily' } },
      /body\.parameters\.flat_compounding: must be one of/,
    ],
    [
      'yield',
      { valuation_date: V, market_data_set: 'default', parameters: { with_yield: 0.05 } },
      /body\.parameters: unknown field 'with_yield'/,
    ],
  ]
  for (const [op, payload, detail] of cases) {
    // a missing asset proves validation happens before the asset is loaded (otherwise 404)
    const res = await post(app, missingAsset, op, payload)
    t.equal(res.statusCode, 422, `${op} ${JSON.stringify(payload)}`)
    t.match(body(res).detail, detail)
  }
  t.equal((await post(app, 'not-a-uid', 'price', { valuation_date: V, market_data_set: 'default' })).statusCode, 422)
})

t.test('404: asset and pricing details; 400: operation not supported for the type', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const missing = '11111111-1111-4111-8111-111111111111'
  const a = await post(app, missing, 'price', { valuation_date: V, market_data_set: 'default' })
  t.equal(a.statusCode, 404)
  t.same(body(a), { detail: `Asset '${missing}' was not found.` })
  const future = uid('SR3-2027-03')
  const b = await post(app, future, 'analytics', { valuation_date: V, market_data_set: 'default' })
  t.equal(b.statusCode, 404)
  t.same(body(b), { detail: `Pricing details for asset '${future}' were not found.` })
  const swap = uid('IRS-USD-5Y-DEMO')
  const c = await post(app, swap, 'price', { valuation_date: V, market_data_set: 'default' })
  t.equal(c.statusCode, 400)
  t.match(body(c).detail, /not supported for instrument type 'VanillaSwap'/)
})

t.test('409: each kind of missing market data is named', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const ok = { valuation_date: V, market_data_set: 'default' }
  const expect409 = async (asset: string, op: string, payload: unknown, detail: RegExp, what: string) => {
    const res = await post(app, asset, op, payload)
    t.equal(res.statusCode, 409, what)
    t.match(body(res).detail, detail, what)
  }
  // these writes bypass the app: drop the context parts now instead of racing the NOTIFY (pool.test covers that path)
  const write = async (query: Promise<unknown>) => {
    await query
    app.pricingCaches.clear()
  }
  await expect409(
    UST,
    'price',
    { ...ok, market_data_set: 'no-such-set' },
    /Pricing market-data set 'no-such-set' was not found/,
    'missing set',
  )
  await expect409(
    UST,
    'price',
    { ...ok, parameters: { curve_quote_side: 'offer' } },
    /no active curve selection for binding 'discount:index:[0-9a-f-]+:offer' \(role discount, index [0-9a-f-]+, quote side offer\)/,
    'missing selection for a quote side',
  )
  await expect409(
    UST,
    'price',
    { ...ok, valuation_date: '2026-08-20T00:00:00Z' },
    /Curve 'USD-UST-ZERO' .* has no observation at or before 2026-08-20T00:00:00.000Z in market-data set 'default'/,
    'no observation at that date',
  )
  await expect409(
    UST,
    'z-spread',
    { ...ok, parameters: { target_dirty_ccy: 100, benchmark_curve_role_key: 'other_role' } },
    /binding 'other_role:index:[0-9a-f-]+:mid'/,
    'missing z-spread benchmark binding, no fallback',
  )
  await expect409(
    UST,
    'z-spread',
    { ...ok, parameters: { target_dirty_ccy: 100, benchmark_expected_curve_type: 'projection' } },
    /Benchmark curve 'USD-UST-ZERO' has curve_type 'discount', expected 'projection'/,
    'benchmark curve type asserted',
  )
  await expect409(
    UST,
    'z-spread',
    { ...ok, parameters: { target_dirty_ccy: 100, benchmark_curve_unique_identifier: 'NOPE' } },
    /Benchmark curve 'NOPE' does not exist/,
    'explicit benchmark missing',
  )

  // a floater has no mono-curve fallback: without its projection selection it cannot be priced
  await write(
    db.sql`delete from pricing_curve_selections where role_key = 'projection' and curve_uid = (select uid from
      pricing_curves where unique_identifier = 'USD-TERM-SOFR-3M-PROJ')`,
  )
  await expect409(
    FRN,
    'price',
    ok,
    /no active curve selection for binding 'projection:index:/,
    'missing projection curve',
  )
  await expect409(FRN, 'cashflows', ok, /projection/, 'cashflows of a floater need its projection curve')

  await write(db.sql`delete from pricing_market_data_bindings where concept_key = 'fixing_rates'`)
  await expect409(
    uid('EIB-FRN-EURIBOR-2031-04-15'),
    'fixings-availability',
    ok,
    /has no 'fixing_rates' binding/,
    'missing fixings binding',
  )
  await write(
    db.sql`delete from index_convention_details where index_uid = (select uid from indexes where unique_identifier =
      'EUR-EURIBOR-6M')`,
  )
  await expect409(
    uid('EIB-FRN-EURIBOR-2031-04-15'),
    'price',
    ok,
    /Index 'EUR-EURIBOR-6M' has no convention details/,
    'missing index conventions',
  )

  await write(
    db.sql`delete from curve_building_details where curve_uid = (select uid from pricing_curves where
      unique_identifier = 'EUR-BUND-ZERO')`,
  )
  await expect409(
    uid('DBR-2.5-2035-02-15'),
    'price',
    ok,
    /Curve 'EUR-BUND-ZERO' selected for .* has no curve building details/,
    'missing building details',
  )

  await write(db.sql`delete from pricing_market_data_bindings where concept_key = 'discount_curves'`)
  await expect409(UST, 'price', ok, /has no 'discount_curves' binding/, 'missing discount curves binding')
})

t.test('fixed-rate instruments need no fixings', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const res = await post(app, UST, 'fixings-availability', { valuation_date: V, market_data_set: 'default' })
  t.equal(res.statusCode, 200)
  t.same(body(res), {
    asset_uid: UST,
    instrument_type: 'FixedRateBond',
    operation: 'fixings-availability',
    valuation_date: '2026-11-20T00:00:00.000Z',
    market_data_set: 'default',
    status: 'not_required',
    fixings: [],
  })
})
