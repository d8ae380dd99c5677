/**
 * An Ibor floater's optionlet volatility as market data (issue 35, design §5.1), end to end on the demo's floored
 * Euribor floater: without a selection its floor is priced at zero volatility and curve-preview says `none`; an
 * `optionlet_vol` selection on its index, loaded while the service runs, reaches every operation (the floor gains
 * time value, so the price rises), the batch route answers as the single one, curve-preview names it; a shifted
 * lognormal volatility whose shift cannot carry the floor's strike is a 409 naming the volatility; and a zero
 * volatility prices as none. The pricer's numbers against QuantLib: test/operations/optionlet-vol.test.ts.
 */
import t from 'tap'
import { build, body, type TestApp } from '../helpers/app.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { DEMO, demoUid } from '../../src/db/demo/demo-ids.ts'
import { waitFor } from '../helpers/wait.ts'

const FLOORED = demoUid('asset:EIB-FRN-EURIBOR-2031-04-15')
const VALUATION = '2026-11-20T00:00:00Z'
type Json = Record<string, unknown>

async function post(ctx: TestApp, op: string, parameters: Json = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${FLOORED}/${op}/`,
    payload: { valuation_date: VALUATION, market_data_set: 'default', parameters },
  })
  return { status: res.statusCode, body: body<Json>(res) }
}

const demo = readDemoBundle() as { market_data_sets: Json[] }
const defaultSet = demo.market_data_sets.find((s) => s.uid === DEMO.set)!
const VOL_UID = '6f1d2a60-35b0-4c1e-9a55-000000000010'

/** The demo's default set with its mid optionlet volatility on Euribor 6M set to `parameters`. */
const selecting = (identifier: string, parameters: Json) => ({
  market_parameters: [
    { uid: VOL_UID, unique_identifier: identifier, display_name: identifier, kind: 'optionlet_vol', parameters },
  ],
  market_data_sets: [
    {
      ...defaultSet,
      parameter_selections: [
        { role_key: 'optionlet_vol', selector_key: DEMO.indexes.euribor6m, quote_side: 'mid', parameter_uid: VOL_UID },
      ],
    },
  ],
})

const volOf = async (ctx: TestApp) => {
  const preview = await post(ctx, 'curve-preview')
  return (preview.body.diagnostics as Json | undefined)?.optionlet_volatility
}

t.test("a selected volatility prices the floater's floor, and curve-preview names it", async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  t.equal(await volOf(ctx), 'none', 'no selection: zero volatility, said so')
  const ops: Record<string, Json> = {
    price: {},
    analytics: {},
    duration: {},
    'carry-roll-down': { horizon_days: 21 },
    cashflows: {},
  }
  const before: Record<string, Json> = {}
  for (const [op, parameters] of Object.entries(ops)) {
    const r = await post(ctx, op, parameters)
    t.equal(r.status, 200, `${op} at zero volatility`)
    before[op] = r.body
  }

  await loadBundle(ctx.db.sql, selecting('EURIBOR6M-NORMAL-100BP', { type: 'Normal', volatility: 0.01 }))
  await waitFor(async () => (await volOf(ctx)) !== 'none')
  t.same(await volOf(ctx), {
    type: 'Normal',
    volatility: 0.01,
    shift: 0,
    parameter_uid: VOL_UID,
    parameter_identifier: 'EURIBOR6M-NORMAL-100BP',
  })
  const after: Record<string, Json> = {}
  for (const [op, parameters] of Object.entries(ops)) {
    const r = await post(ctx, op, parameters)
    t.equal(r.status, 200, `${op} with a volatility`)
    after[op] = r.body
    t.notSame(r.body, before[op], `${op} moved`)
  }
  t.ok(Number(after.price.price) > Number(before.price.price), 'the floor is worth more with time value')

  const batch = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/pricing/batch/',
    payload: { valuation_date: VALUATION, market_data_set: 'default', operation: 'price', asset_uids: [FLOORED] },
  })
  t.same(body<{ results: { result: Json }[] }>(batch).results[0].result, after.price, 'batch answers as single')

  // a shifted-lognormal vol with no shift cannot price a floor struck below zero: refused, naming it
  await loadBundle(ctx.db.sql, selecting('EURIBOR6M-LN', { type: 'ShiftedLognormal', volatility: 0.3 }))
  await waitFor(async () => (await post(ctx, 'price')).status !== 200)
  const refused = await post(ctx, 'price')
  t.equal(refused.status, 409, JSON.stringify(refused.body))
  t.match(refused.body.detail, /strike \+ displacement/)

  // zero volatility: the same numbers as none, within rounding (the pricer's formula, not the clamp)
  await loadBundle(ctx.db.sql, selecting('EURIBOR6M-ZERO', { type: 'Normal', volatility: 0 }))
  await waitFor(async () => ((await volOf(ctx)) as Json | undefined)?.volatility === 0)
  const zero = await post(ctx, 'price')
  t.ok(Math.abs(Number(zero.body.price) - Number(before.price.price)) < 1e-9, `${zero.body.price} as none`)
})
