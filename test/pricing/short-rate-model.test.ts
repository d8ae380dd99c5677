/**
 * A callable's Hull-White model as market data (issue 35, design §5.1), end to end on the demo: without a selection
 * the defaults (a 0.03, sigma 0.01, 40 steps) and curve-preview says so; a `short_rate_model` selection on the bond's
 * discount index, loaded while the service runs, reaches every operation that values the tree (price, analytics,
 * z-spread's OAS, duration) and curve-preview names it; the defaults selected explicitly price exactly as none; and
 * the loader refuses what pricing would ignore or misread.
 */
import t from 'tap'
import { build, body, type TestApp } from '../helpers/app.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { BundleValidationError } from '../../src/db/bundle/validate.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { DEMO } from '../../src/db/demo/demo-ids.ts'
import { waitFor } from '../helpers/wait.ts'

const CALLABLE = DEMO.assets.callable
type Json = Record<string, unknown>

async function post(ctx: TestApp, op: string, parameters: Json = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${CALLABLE}/${op}/`,
    payload: { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default', parameters },
  })
  return { status: res.statusCode, body: body<Json>(res) }
}

const demo = readDemoBundle() as { market_data_sets: Json[]; assets: Json[] }
const defaultSet = demo.market_data_sets.find((s) => s.uid === DEMO.set)!
const callableTerms = (demo.assets.find((a) => a.uid === CALLABLE) as { pricing_details: { instrument_dump: Json } })
  .pricing_details.instrument_dump
const discountIndex = callableTerms.benchmark_rate_index_uid as string

const PARAMETERS = {
  defaults: '6f1d2a60-35b0-4c1e-9a55-000000000001',
  fast: '6f1d2a60-35b0-4c1e-9a55-000000000002',
}
const parameter = (uid: string, identifier: string, model: Json) => ({
  uid,
  unique_identifier: identifier,
  display_name: identifier,
  kind: 'short_rate_model',
  parameters: { model: 'HullWhite', ...model },
})
/** The demo's default set with its mid short-rate model on the callable's discount index set to `parameterUid`. */
const selecting = (parameterUid: string, extra: Json = {}) => ({
  market_parameters: [
    parameter(PARAMETERS.defaults, 'HW-DEFAULTS', { a: 0.03, sigma: 0.01, tree_steps: 40 }),
    parameter(PARAMETERS.fast, 'HW-FAST-MEAN-REVERSION', { a: 0.1, sigma: 0.02, tree_steps: 60 }),
  ],
  market_data_sets: [
    {
      ...defaultSet,
      parameter_selections: [
        { role_key: 'short_rate_model', selector_key: discountIndex, quote_side: 'mid', parameter_uid: parameterUid },
      ],
    },
  ],
  ...extra,
})

const modelOf = async (ctx: TestApp) => {
  const preview = await post(ctx, 'curve-preview')
  return (preview.body.diagnostics as Json).short_rate_model as Json
}

t.test('a selected model reaches every valuation of the tree, and curve-preview names it', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  t.same(
    await modelOf(ctx),
    {
      model: 'HullWhite',
      a: 0.03,
      sigma: 0.01,
      tree_steps: 40,
      source: 'default',
      parameter_uid: null,
      parameter_identifier: null,
    },
    'no selection: the defaults, said so',
  )
  // a target near the bond's own value: a small spread, at which the call is worth something
  const target = Number((await post(ctx, 'price')).body.price)
  const ops = {
    price: () => post(ctx, 'price'),
    analytics: () => post(ctx, 'analytics'),
    duration: () => post(ctx, 'duration'),
    'z-spread': () => post(ctx, 'z-spread', { target_dirty_ccy: target }),
  }
  const before: Record<string, Json> = {}
  for (const [op, ask] of Object.entries(ops)) {
    const r = await ask()
    t.equal(r.status, 200, `${op} at the defaults: ${JSON.stringify(r.body).slice(0, 300)}`)
    before[op] = r.body
  }

  // the defaults selected explicitly: the same numbers
  await loadBundle(ctx.db.sql, selecting(PARAMETERS.defaults))
  await waitFor(async () => (await modelOf(ctx)).source === 'selection')
  t.match(await modelOf(ctx), { parameter_identifier: 'HW-DEFAULTS', a: 0.03, sigma: 0.01, tree_steps: 40 })
  for (const [op, ask] of Object.entries(ops)) t.same((await ask()).body, before[op], `${op}: unchanged`)

  // another model: every tree valuation moves
  await loadBundle(ctx.db.sql, selecting(PARAMETERS.fast))
  await waitFor(async () => (await modelOf(ctx)).parameter_identifier === 'HW-FAST-MEAN-REVERSION')
  t.match(await modelOf(ctx), { a: 0.1, sigma: 0.02, tree_steps: 60, source: 'selection' })
  const after = {
    price: (await ops.price()).body,
    analytics: (await ops.analytics()).body,
    duration: (await ops.duration()).body,
    'z-spread': (await ops['z-spread']()).body,
  }
  t.not(after.price.price, before.price.price, 'price')
  t.notSame(after.analytics, before.analytics, 'analytics')
  t.notSame(after.duration, before.duration, 'duration')
  t.not(after['z-spread'].oas, before['z-spread'].oas, "z-spread's OAS")
  t.equal(after['z-spread'].z_spread, before['z-spread'].z_spread, 'the z-spread of the bare flows has no tree')

  // the index's delete-impact counts the selection that keys on it
  const impact = body<{ relationships: { key: string; count: number; blocks_delete: boolean }[] }>(
    await ctx.app.inject({ url: `/api/v1/index/${discountIndex}/delete-impact/` }),
  )
  t.match(
    impact.relationships.find((r) => r.key === 'pricing_parameter_selections'),
    { count: 1, blocks_delete: true },
    "the index's delete-impact lists the selection",
  )
})

t.test('the loader refuses what pricing would ignore or misread', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  const refusal = async (bundle: Json) => {
    const error = await loadBundle(ctx.db.sql, bundle).catch((e: unknown) => e)
    t.ok(error instanceof BundleValidationError, 'refused')
    return (error as BundleValidationError).issues
  }
  const vol = {
    uid: '6f1d2a60-35b0-4c1e-9a55-000000000003',
    unique_identifier: 'EURIBOR-VOL',
    display_name: 'Euribor optionlet vol',
    kind: 'optionlet_vol',
    parameters: { type: 'Normal', volatility: 0.006 },
  }
  const badVol = { ...vol, parameters: { type: 'Lognormal', volatility: 0.006 } }
  t.match(await refusal({ market_parameters: [badVol] }), [
    { path: '$.market_parameters[0].parameters.type', message: /Normal, ShiftedLognormal/ },
  ])
  const negative = selecting(PARAMETERS.fast)
  ;(negative.market_parameters[1].parameters as Json).sigma = -0.01
  t.match(await refusal(negative), [{ path: /market_parameters\/1\/parameters\/sigma|\$\.market_parameters\[1\]/ }])
  const wrongRole = selecting(PARAMETERS.fast)
  wrongRole.market_parameters[1].kind = 'short_rate_model'
  ;(wrongRole.market_data_sets[0].parameter_selections as Json[])[0].parameter_uid = vol.uid
  const issues = await refusal({ ...wrongRole, market_parameters: [...wrongRole.market_parameters, vol] })
  t.ok(
    issues.some((i) => /role must be the parameter's kind/.test(i.message)),
    'a selection whose role is not its parameter kind',
  )
  const unknown = selecting('6f1d2a60-35b0-4c1e-9a55-0000000000ff')
  t.ok(
    (await refusal(unknown)).some((i) => /parameter_selections\[0\]\.parameter_uid/.test(i.path)),
    'a selection of a parameter that does not exist',
  )
  const after = await post(ctx, 'price')
  t.equal(after.status, 200, 'nothing was written: the defaults still price')
})
