/**
 * examples/real-bonds.json, the README's "Real bonds" table: it loads beside the demo without a warning, every bond
 * answers every operation, and each shows the convention it was written for.
 */
import t from 'tap'
import { readFileSync } from 'node:fs'
import { build, body } from '../helpers/app.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import type { BundleIssue } from '../../src/db/bundle/validate.ts'

type Json = Record<string, unknown>
const bundle = JSON.parse(readFileSync(new URL('../../examples/real-bonds.json', import.meta.url), 'utf8')) as {
  assets: { uid: string; unique_identifier: string; pricing_details: { instrument_type: string } }[]
}
const uid = (id: string) => bundle.assets.find((a) => a.unique_identifier === id)!.uid

t.test('the real bonds of the example price as their markets write them', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const warnings: BundleIssue[] = []
  await loadBundle(db.sql, bundle, { onWarning: (w) => warnings.push(w) })
  t.same(warnings, [], 'no warning')
  const post = async (asset: string, op: string, parameters: Json = {}, valuation = '2026-11-20T00:00:00Z') => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${asset}/${op}/`,
      payload: { valuation_date: valuation, market_data_set: 'real-bonds', parameters },
    })
    return { status: res.statusCode, body: body<Json>(res) }
  }
  for (const a of bundle.assets) {
    for (const op of ['price', 'analytics', 'yield', 'cashflows', 'curve-preview'])
      t.equal((await post(a.uid, op)).status, 200, `${a.unique_identifier} ${op}`)
    t.equal((await post(a.uid, 'z-spread', { target_dirty_ccy: 100 })).status, 200, `${a.unique_identifier} z-spread`)
  }
  const rows = async (id: string) =>
    (
      (await post(uid(id), 'cashflows', { include_paid: true })).body.legs as {
        fixed: { payment_date: string; amount: number; accrual_start_date: string; accrual_end_date: string }[]
      }
    ).fixed

  const ust = await rows('EXAMPLE-UST-3.625-2030-08-31')
  t.same(
    ust.slice(0, 3).map((r) => r.accrual_end_date),
    ['2026-02-28', '2026-08-31', '2027-02-28'],
    'the Treasury keeps to month ends',
  )
  t.ok(
    ust.every((r) => Math.abs(r.amount - 1.8125) < 1e-12),
    'every coupon is half of 3.625%',
  )
  t.equal(ust[1].payment_date, '2026-08-31', 'paid on its date when a business day')

  const bund = await rows('EXAMPLE-DBR-2.6-2035-08-15')
  t.same([bund[0].accrual_start_date, bund[0].accrual_end_date], ['2025-01-08', '2026-08-15'], 'a long first coupon')
  t.ok(
    Math.abs(bund[0].amount - 2.6 * (1 + 219 / 365)) < 1e-9,
    `of ${bund[0].amount}: a year and 219 days of 2.6% on its reference periods`,
  )

  const gilt = async (valuation: string) =>
    (
      (await post(uid('EXAMPLE-UKT-4.25-2040-12-07'), 'analytics', {}, valuation)).body.analytics as Record<
        string,
        number
      >
    ).accrued_amount
  t.ok((await gilt('2026-11-20T00:00:00Z')) > 0, 'the gilt settling on 23 November accrues its coupon')
  t.ok(
    (await gilt('2026-11-27T00:00:00Z')) < 0,
    'settling on 30 November, seven business days before 7 December, it trades ex-coupon: negative accrued',
  )

  const step = await rows('EXAMPLE-EURCORP-STEPUP-2031-06-30')
  t.same(
    step.map((r) => Math.round(r.amount * 1e6) / 1e6),
    [30, 30, 35, 35, 40, 40, 40],
    'the step-up: one rate a year, the last repeated',
  )

  const jgb = await post(uid('EXAMPLE-JGB-1.5-2035-09-20'), 'yield', { yield_compounding: 'Simple' })
  t.equal(jgb.status, 200, 'a JGB quoted on a simple yield')

  const callable = await post(uid('EXAMPLE-CORP-5.125-2034-03-15-CALL'), 'yield')
  t.same(
    (callable.body.yields_to_call as { date: string }[]).map((r) => r.date),
    ['2031-03-15', '2032-03-15', '2033-03-15', '2034-03-15'],
    'yields to each call and to maturity',
  )
  t.type(callable.body.yield_to_worst, 'number')
})
