/**
 * examples/todays-market.json (issue 35): it loads beside the demo without a warning; its SONIA gilt FRN (5-day
 * observation shift), collared Euribor floater (shifted-lognormal caplet volatility) and callable (a Hull-White model
 * of its own) answer every operation; each shows the market data it was written for.
 */
import t from 'tap'
import { readFileSync } from 'node:fs'
import { build, body } from '../helpers/app.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import type { BundleIssue } from '../../src/db/bundle/validate.ts'
import { waitFor } from '../helpers/wait.ts'

type Json = Record<string, unknown>
const bundle = JSON.parse(readFileSync(new URL('../../examples/todays-market.json', import.meta.url), 'utf8')) as {
  assets: { uid: string; unique_identifier: string }[]
}
const uid = (prefix: string) => bundle.assets.find((a) => a.unique_identifier.startsWith(prefix))!.uid

t.test("today's market example prices on its own market data", async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const warnings: BundleIssue[] = []
  await loadBundle(db.sql, bundle, { onWarning: (w) => warnings.push(w) })
  t.same(warnings, [], 'no warning')
  const post = async (asset: string, op: string, parameters: Json = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${asset}/${op}/`,
      payload: { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'todays-market', parameters },
    })
    return { status: res.statusCode, body: body<Json>(res) }
  }
  for (const a of bundle.assets) {
    for (const op of ['price', 'analytics', 'yield', 'cashflows', 'curve-preview', 'fixings-availability'])
      t.equal((await post(a.uid, op)).status, 200, `${a.unique_identifier} ${op}`)
    t.equal((await post(a.uid, 'z-spread', { target_dirty_ccy: 100 })).status, 200, `${a.unique_identifier} z-spread`)
    t.equal((await post(a.uid, 'carry-roll-down', { horizon_days: 5 })).status, 200, `${a.unique_identifier} carry`)
  }
  const gilt = (await post(uid('EXAMPLE-UKT-FRN'), 'cashflows')).body.legs as { floating: Json[] }
  t.match(
    gilt.floating[0],
    { accrual_start_date: '2026-09-10', observation_start_date: '2026-09-03', observation_end_date: '2026-12-03' },
    'the gilt FRN observes SONIA five business days before its interest period',
  )
  const collar = (await post(uid('EXAMPLE-EUROBANK'), 'curve-preview')).body.diagnostics as Json
  t.match(collar.optionlet_volatility, { type: 'ShiftedLognormal', volatility: 0.32, shift: 0.02 })
  const callable = (await post(uid('EXAMPLE-INDCO'), 'curve-preview')).body.diagnostics as Json
  t.match(callable.short_rate_model, { a: 0.08, sigma: 0.015, tree_steps: 80, source: 'selection' })

  // the CPI bonds: inflated coupons, an index ratio above 1, a real yield below the nominal one, the inflation curve
  for (const prefix of ['EXAMPLE-TII', 'EXAMPLE-UKTI']) {
    const a = (await post(uid(prefix), 'analytics')).body.analytics as Record<string, number>
    t.ok(a.index_ratio > 1.02 && a.index_ratio < 1.2, `${prefix}: index ratio ${a.index_ratio}`)
    t.ok(a.real_yield < a.yield && a.real_yield > -0.02, `${prefix}: real yield ${a.real_yield} below ${a.yield}`)
    const rows = (await post(uid(prefix), 'cashflows')).body.legs as { floating: Json[]; redemption: Json[] }
    t.ok(
      rows.floating.every((r) => Number(r.index_ratio) > 1 && r.base_cpi !== undefined),
      `${prefix}: CPI coupons`,
    )
    t.ok(Number(rows.redemption[0].amount) > 100, `${prefix}: the redemption is the face grown`)
    const preview = (await post(uid(prefix), 'curve-preview')).body.curves as Json[]
    t.same(
      preview.map((c) => c.role),
      ['discount', 'inflation', 'z_spread_base'],
      `${prefix}: its discount, inflation and benchmark curves`,
    )
    const inflation = await app.inject({
      url: `${preview[1].discount_curve_url}?market_data_set=todays-market&valuation_date=2026-11-20`,
    })
    t.equal(inflation.statusCode, 200, `${prefix}: the inflation curve reads as a curve`)
    t.match((await post(uid(prefix), 'fixings-availability')).body, { status: 'complete' }, `${prefix}: CPI`)
  }

  // a published CPI value the TIPS reads goes missing: a 409 naming it, and fixings-availability says so
  await db.sql`delete from index_fixings where index_identifier = 'EXAMPLE-US-CPI' and fixing_date = '2026-08-01'`
  await waitFor(async () => (await post(uid('EXAMPLE-TII'), 'price')).status !== 200)
  const refused = await post(uid('EXAMPLE-TII'), 'price')
  t.equal(refused.status, 409)
  t.match(refused.body.detail, /EXAMPLE-US-CPI.*2026-08-01/)
  // the one published month it needs: the inflation curve's base, from which the coming months are forecast
  t.match((await post(uid('EXAMPLE-TII'), 'fixings-availability')).body, {
    status: 'missing',
    fixings: [{ index_identifier: 'EXAMPLE-US-CPI', missing_count: 1 }],
  })
})
