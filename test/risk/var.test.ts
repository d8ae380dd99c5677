/**
 * Historical VaR: on a demo market given seven weeks of curve history, each scenario's P&L of a bond equals its price
 * on a market-data set whose curves were shifted by hand by that scenario's observed changes and loaded (a
 * differential test, one per class that reads discount, projection and inflation curves); VaR and ES follow from the
 * returned P&L vector; dates lacking an observation of a needed curve are skipped and say which.
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { END, GAP, market, START } from './history.ts'
import { DEMO, DEMO_SET_KEY, DEMO_VALUATION_DATE } from '../../src/db/demo/demo-ids.ts'

interface VarAnswer {
  scenario_dates: string[]
  start_dates: string[]
  pnl: number[]
  base_value: number
  var: {
    confidence: number
    rank: number
    var: number
    expected_shortfall: number
    scenario_date: string
    items: { asset_uid: string; pnl: number }[]
  }[]
  skipped: { date: string; reason: string }[]
  skipped_count: number
  items: { asset_uid: string; status: number; base_value?: number; detail?: string }[]
}

t.test('a historical scenario prices as a set shifted by hand; VaR and ES follow from the P&L vector', async (t) => {
  const { app } = await build(t, { bundle: market() })
  const varOf = async (payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/pricing/var/',
      payload: { valuation_date: DEMO_VALUATION_DATE, market_data_set: DEMO_SET_KEY, ...payload },
    })
    t.equal(res.statusCode, 200, res.body.slice(0, 400))
    return body<VarAnswer>(res)
  }
  const price = async (uid: string, set: string) =>
    body<{ price: number }>(
      await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${uid}/price/`,
        payload: { valuation_date: DEMO_VALUATION_DATE, market_data_set: set },
      }),
    ).price
  const { ust, frn, tips, callable, collaredFrn, sofrFrn } = DEMO.assets
  for (const [name, uid] of Object.entries({ ust, frn, tips, callable, collaredFrn, sofrFrn })) {
    const v = await varOf({ target: { asset_uids: [uid] }, lookback_days: 20 })
    const k = v.scenario_dates.indexOf(END)
    t.ok(k >= 0, `${name}: ${END} is a scenario`)
    t.equal(v.start_dates[k], START)
    const expected = (await price(uid, 'shifted')) - (await price(uid, DEMO_SET_KEY))
    t.ok(
      Math.abs(v.pnl[k] - expected) <= 1e-10 * Math.max(1, Math.abs(v.base_value)),
      `${name}: scenario ${END} P&L ${v.pnl[k]} = the shifted set's ${expected}`,
    )
    t.not(v.pnl[k], 0, `${name}: the scenario moves it`)
  }

  const v = await varOf({ target: { account_uid: DEMO.account }, lookback_days: 30, confidence: [0.9, 0.95, 0.99] })
  const n = v.pnl.length
  t.equal(n, v.scenario_dates.length)
  t.equal(n + v.skipped_count, 30, 'every window date is a scenario or skipped')
  t.equal(v.skipped.length, v.skipped_count)
  for (const s of v.skipped) t.match(s.reason, /has no observation on/)
  t.ok(
    v.skipped.some((s) => s.date === GAP.day && s.reason.includes(GAP.curve)),
    'a curve missing on a date skips it',
  )
  const sorted = [...v.pnl].sort((a, b) => a - b)
  for (const r of v.var) {
    const m = Math.ceil(n * (1 - r.confidence))
    t.equal(r.rank, m)
    t.equal(r.var, -sorted[m - 1], `VaR ${r.confidence}`)
    const tail = sorted.filter((x) => x <= sorted[m - 1])
    t.ok(Math.abs(r.expected_shortfall + tail.reduce((a, b) => a + b, 0) / tail.length) < 1e-9, `ES ${r.confidence}`)
    t.equal(v.pnl[v.scenario_dates.indexOf(r.scenario_date)], sorted[m - 1], 'the VaR scenario is the m-th worst')
    const sum = r.items.reduce((a, i) => a + i.pnl, 0)
    t.ok(
      Math.abs(sum + r.var) <= 1e-9 * Math.max(1, Math.abs(v.base_value)),
      "the items' P&L sum to the VaR scenario's",
    )
  }
  t.ok(
    v.items.every((i) => i.status === 200),
    "the account's positions all price",
  )

  const five = await varOf({
    target: { asset_uids: [ust, DEMO.assets.swap] },
    lookback_days: 10,
    horizon_days: 5,
    confidence: [0.5],
  })
  t.match(five.items[1], { status: 400, detail: /not supported/ }, 'an unpriceable item is listed with its detail')
  t.equal(five.var[0].items.length, 1, 'and left out of the P&L')
  t.equal(five.start_dates[five.scenario_dates.indexOf('2026-11-20')], '2026-11-13', 'a 5-day horizon')
})

t.test('VaR refusals', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const post = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/pricing/var/',
      payload: { valuation_date: DEMO_VALUATION_DATE, market_data_set: DEMO_SET_KEY, ...payload },
    })
  // the demo's curve history starts on 24 August
  const noHistory = await post({
    valuation_date: '2026-08-27T00:00:00Z',
    target: { asset_uids: [DEMO.assets.ust] },
    lookback_days: 5,
    horizon_days: 5,
  })
  t.equal(noHistory.statusCode, 409)
  t.match(body<{ detail: string }>(noHistory).detail, /No historical scenario .* has no observation on/)
  const bad = await post({ target: { asset_uids: [DEMO.assets.ust] }, confidence: [1] })
  t.equal(bad.statusCode, 422)
  const one = await post({ target: { asset_uids: [DEMO.assets.ust] }, lookback_days: 1 })
  t.equal(one.statusCode, 200)
  t.same(body<VarAnswer>(one).scenario_dates, ['2026-11-20'], 'the one-day window ends on the valuation date')
  const all = await post({ target: { asset_uids: [DEMO.assets.ust] } })
  t.equal(all.statusCode, 200)
  const v = body<VarAnswer>(all)
  t.equal(v.pnl.length + v.skipped_count, 250, 'a 250-day window by default')
  t.ok(v.pnl.length > 55, 'the demo history gives the days since 24 August')
})
