/**
 * Overnight-compounded floaters end to end on the demo (issue 35, design §4.2): the SOFR FRN with a 2-day lookback
 * and the €STR FRN with a 5-day observation shift answer every operation from their daily fixings and the projection
 * curve; their cash-flow rows say how each coupon observes; fixings-availability lists the daily fixings the live
 * coupon needs; a missing one is a 409 naming its date; and the batch answers as the single routes. The demo's
 * collared Euribor floater and its callable on a model of its own name their market parameters in curve-preview.
 * The demo's CPI bonds answer with their index ratio and real yield. The numbers against QuantLib and the design
 * formula: test/operations/overnight.test.ts and cpi.test.ts.
 */
import t from 'tap'
import { build, body, type TestApp } from '../helpers/app.ts'
import { DEMO } from '../../src/db/demo/demo-ids.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { validateBundle, BundleValidationError } from '../../src/db/bundle/validate.ts'
import { waitFor } from '../helpers/wait.ts'

const VALUATION = '2026-11-20T00:00:00Z'
type Json = Record<string, unknown>

async function post(ctx: TestApp, asset: string, op: string, parameters: Json = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${asset}/${op}/`,
    payload: { valuation_date: VALUATION, market_data_set: 'default', parameters },
  })
  return { status: res.statusCode, body: body<Json>(res) }
}

const OPERATIONS: [string, Json][] = [
  ['price', {}],
  ['analytics', {}],
  ['duration', {}],
  ['yield', { override_clean_price: 99.5 }],
  ['z-spread', { target_dirty_ccy: 1000 }],
  ['cashflows', {}],
  ['net-cashflows', {}],
  ['carry-roll-down', { horizon_days: 21 }],
  ['curve-preview', {}],
  ['fixings-availability', {}],
]

t.test('the overnight FRNs answer every operation from their daily fixings', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  for (const [asset, name, observation] of [
    [
      DEMO.assets.sofrFrn,
      'SOFR',
      {
        observation_start_date: '2026-09-16',
        observation_end_date: '2026-12-16',
        // 2 business days before the last observed day, 15 Dec
        last_fixing_date: '2026-12-11',
      },
    ],
    [DEMO.assets.estrFrn, '€STR', { observation_start_date: '2026-11-04', observation_end_date: '2027-02-04' }],
  ] as const) {
    for (const [op, parameters] of OPERATIONS) {
      const r = await post(ctx, asset, op, parameters)
      t.equal(r.status, 200, `${name} ${op}: ${JSON.stringify(r.body).slice(0, 300)}`)
    }
    const flows = (await post(ctx, asset, 'cashflows')).body.legs as { floating: Json[] }
    t.match(flows.floating[0], { averaging: 'Compound', ...observation }, `${name}: the live coupon's observation`)
    t.ok(Number(flows.floating[0].observed_days) > 55, `${name}: ~63 observed days`)
    const availability = (await post(ctx, asset, 'fixings-availability')).body
    t.equal(availability.status, 'complete', `${name}: every daily fixing is there`)
  }
})

t.test('a missing daily fixing is a 409 naming its date', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  await ctx.db.sql`delete from index_fixings where index_identifier = 'USD-SOFR-1D' and fixing_date = '2026-10-14'`
  await waitFor(async () => (await post(ctx, DEMO.assets.sofrFrn, 'price')).status !== 200)
  const refused = await post(ctx, DEMO.assets.sofrFrn, 'price')
  t.equal(refused.status, 409)
  t.match(refused.body.detail, /USD-SOFR-1D.*2026-10-14/)
  const availability = (await post(ctx, DEMO.assets.sofrFrn, 'fixings-availability')).body
  t.equal(availability.status, 'partial')
})

t.test('the batch answers as the single routes; curve-preview names the market parameters', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const assets = [
    DEMO.assets.sofrFrn,
    DEMO.assets.estrFrn,
    DEMO.assets.collaredFrn,
    DEMO.assets.modelCallable,
    DEMO.assets.tips,
    DEMO.assets.linker,
  ]
  for (const operation of ['price', 'analytics', 'cashflows']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pricing/batch/',
      payload: { valuation_date: VALUATION, market_data_set: 'default', operation, asset_uids: assets },
    })
    const items = body<{ results: { status: number; result: Json }[] }>(res).results
    for (const [i, asset] of assets.entries()) {
      const single = await post(ctx, asset, operation)
      t.same([items[i].status, items[i].result], [200, single.body], `${operation} ${asset}`)
    }
  }
  const collared = (await post(ctx, DEMO.assets.collaredFrn, 'curve-preview')).body.diagnostics as Json
  t.match(collared.optionlet_volatility, { type: 'Normal', volatility: 0.0065 })
  const callable = (await post(ctx, DEMO.assets.modelCallable, 'curve-preview')).body.diagnostics as Json
  t.match(callable.short_rate_model, { a: 0.05, sigma: 0.012, tree_steps: 60, source: 'selection' })
  for (const cpi of [DEMO.assets.tips, DEMO.assets.linker]) {
    const analytics = (await post(ctx, cpi, 'analytics')).body.analytics as Record<string, number>
    t.ok(analytics.index_ratio > 1 && Number.isFinite(analytics.real_yield), `CPI bond ${cpi}: ratio and real yield`)
  }
  const floored = (await post(ctx, DEMO.assets.amortizingFrn, 'curve-preview')).body.diagnostics as Json
  t.equal(floored.optionlet_volatility, 'none', 'the other floaters: no volatility')
})

t.test('the loader refuses what an overnight coupon cannot honour, naming the field', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const demo = readDemoBundle() as { assets: (Json & { uid: string })[]; indexes: (Json & { uid: string })[] }
  const asset = (uid: string) =>
    structuredClone(demo.assets.find((a) => a.uid === uid)!) as unknown as Json & {
      pricing_details: { instrument_dump: Json }
    }
  const refusal = async (bundle: Json) => {
    const error = await validateBundle(bundle, ctx.db.sql).catch((e: unknown) => e)
    t.ok(error instanceof BundleValidationError, 'refused')
    return (error as BundleValidationError).issues
  }
  const capped = asset(DEMO.assets.sofrFrn)
  capped.pricing_details.instrument_dump.caps = [0.06]
  t.match(await refusal({ assets: [capped] }), [
    { path: '$.assets[0].pricing_details.instrument_dump.caps', message: /overnight-compounded coupon.*takes no caps/ },
  ])
  const onIbor = asset(DEMO.assets.frn)
  onIbor.pricing_details.instrument_dump.overnight = { lookback_days: 2 }
  t.match(await refusal({ assets: [onIbor] }), [
    { path: '$.assets[0].pricing_details.instrument_dump.overnight', message: /not an overnight index/ },
  ])
  const sofr = structuredClone(demo.indexes.find((i) => i.uid === DEMO.indexes.sofr)!) as unknown as Json & {
    convention: { convention_dump: Json }
  }
  sofr.convention.convention_dump.tenor = '3M'
  t.ok((await refusal({ indexes: [sofr] })).length > 0, 'an overnight index of tenor 3M')
  const lockout = asset(DEMO.assets.sofrFrn)
  lockout.pricing_details.instrument_dump.overnight = { lockout_days: 80 }
  t.ok((await refusal({ assets: [lockout] })).length > 0, 'a lockout beyond 30 days')

  // the market data a daily or monthly index cannot price without
  const newIndex = (uid: string, id: string, from: string) => ({
    ...structuredClone(demo.indexes.find((i) => i.uid === from)!),
    uid,
    unique_identifier: id,
  })
  const bareOvernight = newIndex('cc000000-0000-4000-8000-000000000001', 'USD-SOFR-NEW', DEMO.indexes.sofr)
  const onBare = asset(DEMO.assets.sofrFrn)
  onBare.pricing_details.instrument_dump.floating_rate_index_uid = bareOvernight.uid
  t.match(await refusal({ indexes: [bareOvernight], assets: [onBare] }), [
    { path: /floating_rate_index_uid$/, message: /overnight index 'USD-SOFR-NEW' has no fixings/ },
  ])
  const late = asset(DEMO.assets.tips)
  late.pricing_details.instrument_dump.issue_date = '2015-04-15'
  t.match(await refusal({ assets: [late] }), [
    { path: /inflation_index_uid$/, message: /'USD-CPI-U' has no CPI value at or before 2015-01-01/ },
  ])
  const bareCpi = newIndex('cc000000-0000-4000-8000-000000000002', 'USD-CPI-NEW', DEMO.indexes.usCpi)
  const onBareCpi = asset(DEMO.assets.tips)
  onBareCpi.pricing_details.instrument_dump.inflation_index_uid = bareCpi.uid
  const issues = await refusal({ indexes: [bareCpi], assets: [onBareCpi] })
  t.ok(
    issues.some((i) => /no market-data set selects an inflation curve for 'USD-CPI-NEW'/.test(i.message)) &&
      issues.some((i) => /'USD-CPI-NEW' has no CPI value/.test(i.message)),
    'a CPI index without a curve selection or values',
  )
})

t.test("account risk prices the new classes' positions", async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const [set] = await ctx.db.sql<{ uid: string; time_index: Date }[]>`
    select uid::text, time_index from account_holdings_sets where account_uid = ${DEMO.account}
    order by time_index desc limit 1`
  const ids = [
    'FINCO-FRN-SOFR-2029-06-15',
    'KFWX-FRN-ESTR-2030-02-11',
    'EUROCORP-FRN-E3M-COLLAR-2031-09-15',
    'UTILCO-5.25-2036-03-01-CALL',
    'TII-1.625-2035-04-15',
    'UKTI-0.625-2032-03-22',
  ]
  for (const id of ids)
    await ctx.db.sql`insert into account_holdings (holdings_set_uid, asset_identifier, time_index, account_uid,
      quantity, direction) values (${set.uid}, ${id}, ${set.time_index}, ${DEMO.account}, 1000, 1)`
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/pricing/accounts/${DEMO.account}/risk/`,
    payload: {
      valuation_date: '2026-11-20',
      market_data_set: 'default',
      parameters: { key_rate_tenors: ['2Y', '10Y'] },
    },
  })
  t.equal(res.statusCode, 200, res.body.slice(0, 300))
  const positions = body<{ positions: { asset_identifier: string; status: number; dv01?: number }[] }>(res).positions
  for (const id of ids) {
    const p = positions.find((x) => x.asset_identifier === id)
    t.match(p, { status: 200 }, `${id} priced`)
    t.ok(Number.isFinite(p?.dv01), `${id}: a DV01`)
  }
})
