/**
 * Prices over time: each point equals the single-asset route on that day; days without market data are listed with
 * the route's 409; the days are the business days of the asset's discount curve calendar.
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { DEMO, DEMO_SET_KEY } from '../../src/db/demo/demo-ids.ts'

interface Series {
  asset_uid: string
  status: number
  detail?: string
  calendar?: string
  points: { date: string; result: Record<string, unknown> }[]
  missing: { date: string; status: number; detail: string }[]
}

t.test('series points equal single calls; days without data are listed', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const { ust, bund, frn, tips } = DEMO.assets
  for (const [operation, parameters] of [
    ['price', {}],
    ['analytics', {}],
    ['z-spread', { target_dirty_ccy: 100 }],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/pricing/series/',
      payload: {
        market_data_set: DEMO_SET_KEY,
        from_date: '2026-08-17',
        to_date: '2026-11-20',
        operation,
        parameters,
        asset_uids: [ust, bund, frn, tips, '00000000-0000-4000-8000-000000000000'],
      },
    })
    t.equal(res.statusCode, 200, res.body.slice(0, 300))
    const series = body<{ series: Series[] }>(res).series
    t.equal(series.length, 5)
    t.match(series[4], { status: 404, detail: /was not found/, points: [], missing: [] })
    const [ustSeries, bundSeries] = series
    const days = (s: Series) => [...s.points.map((p) => p.date), ...s.missing.map((m) => m.date)].sort()
    t.notOk(days(ustSeries).includes('2026-11-11'), "Veterans Day is not a business day of the UST curve's calendar")
    t.ok(days(bundSeries).includes('2026-11-11'), 'but is one of TARGET')
    t.notOk(days(bundSeries).includes('2026-11-14'), 'weekends are not priced')
    for (const s of series.slice(0, 4)) {
      // the demo's curve history starts on Monday 24 August
      t.same(
        s.missing.map((m) => m.date),
        ['2026-08-17', '2026-08-18', '2026-08-19', '2026-08-20', '2026-08-21'],
        `${operation} ${s.asset_uid}: the week before the history has no curves`,
      )
      t.ok(s.points.length > 55 && s.points[0].date === '2026-08-24', 'then every business day is priced')
      for (const m of s.missing) {
        t.equal(m.status, 409)
        t.match(m.detail, /observation/)
      }
      // a sample of the days (each week's and the last), and every missing one
      const sample = s.points.filter((_, i) => i % 5 === 0 || i === s.points.length - 1)
      for (const p of [...sample, ...s.missing.map((m) => ({ date: m.date, result: undefined }))]) {
        const single = await app.inject({
          method: 'POST',
          url: `/api/v1/pricing/assets/${s.asset_uid}/${operation}/`,
          payload: { valuation_date: p.date, market_data_set: DEMO_SET_KEY, parameters },
        })
        if (p.result) t.same(p.result, body(single), `${operation} ${s.asset_uid} ${p.date}: the single route's body`)
        else t.equal(single.statusCode, 409, `${s.asset_uid} ${p.date}: the single route has no market data either`)
      }
    }
  }
})

t.test('series validation', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const post = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/pricing/series/',
      payload: {
        market_data_set: DEMO_SET_KEY,
        from_date: '2026-11-01',
        to_date: '2026-11-20',
        operation: 'price',
        asset_uids: [DEMO.assets.ust],
        ...payload,
      },
    })
  const cases: [object, RegExp][] = [
    [{ from_date: '2026-12-01' }, /from_date 2026-12-01 is after to_date 2026-11-20/],
    [{ from_date: '2000-01-01' }, /spans more than/],
    [{ operation: 'z-spread' }, /target_dirty_ccy/],
    [{ parameters: { horizon_days: 3 } }, /unknown field 'horizon_days'/],
    [
      { asset_uids: Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) },
      /more than 100/,
    ],
  ]
  for (const [payload, detail] of cases) {
    const res = await post(payload)
    t.equal(res.statusCode, 422, JSON.stringify(payload).slice(0, 100))
    t.match(body<{ detail: string }>(res).detail, detail)
  }
})
