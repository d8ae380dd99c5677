/** The values and signal-weights frames a portfolio summary links to. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/portfolio'
const CORE = '4685f896-16e4-57f7-bf37-6fa5de28a903'
const CREDIT = '1c17064b-75a4-59d7-8921-f8beee198bc8'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Frame = {
  status: string
  columns: string[]
  rows: Record<string, unknown>[]
  fields: { key: string; type: string }[]
  source: { id: string; context: Record<string, unknown> }
}

t.test('portfolio values frame', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const frame = async (uid: string, qs = '') =>
    body<Frame>(await app.inject({ url: `${BASE}/${uid}/portfolio_values/${qs}` }))
  const values = await frame(CORE)
  t.equal(values.status, 'ready')
  t.same(values.columns, ['time_index', 'close', 'return', 'calculated_close', 'close_time'])
  t.same(
    values.fields.map((f) => [f.key, f.type]),
    [
      ['time_index', 'datetime'],
      ['close', 'number'],
      ['return', 'number'],
      ['calculated_close', 'number'],
      ['close_time', 'datetime'],
    ],
  )
  t.same(
    values.rows,
    [
      {
        time_index: '2026-11-20T00:00:00.000Z',
        close: 101.35,
        return: 0.0015,
        calculated_close: 101.35,
        close_time: null,
      },
      {
        time_index: '2026-11-19T00:00:00.000Z',
        close: 101.2,
        return: 0.0004,
        calculated_close: 101.2,
        close_time: null,
      },
    ],
    'newest first by default',
  )
  t.same(
    (await frame(CORE, '?order=asc&limit=1')).rows.map((r) => r.time_index),
    ['2026-11-19T00:00:00.000Z'],
  )
  t.match(values.source, {
    id: 'getPortfolioValuesFrame',
    context: { portfolio_uid: CORE, portfolio_identifier: 'CORE-FI' },
  })
  t.notOk('error' in values || 'meta' in values, 'absent error and meta are left out')
  t.same((await frame(CREDIT)).rows, [])
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/portfolio_values/` })).statusCode, 404)
  t.equal((await app.inject({ url: `${BASE}/${CORE}/portfolio_values/?limit=0` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/${CORE}/portfolio_values/?order=up` })).statusCode, 422)
})

t.test("signal weights frame of the portfolio's signal", async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const frame = async (uid: string, qs = '') =>
    body<Frame>(await app.inject({ url: `${BASE}/${uid}/signals_weights/${qs}` }))
  const weights = await frame(CORE)
  t.same(weights.columns, ['time_index', 'signal_uid', 'asset_identifier', 'signal_weight'])
  t.equal(weights.rows.length, 8)
  t.same(weights.rows[0], {
    time_index: '2026-11-20T00:00:00.000Z',
    signal_uid: 'DEMO-CARRY-SIGNAL',
    asset_identifier: 'BANKCO-FRN-SOFR-2029-03-20',
    signal_weight: 0.2,
  })
  t.same(
    (await frame(CORE, '?order=asc&limit=4')).rows.map((r) => r.time_index),
    Array(4).fill('2026-11-19T00:00:00.000Z'),
  )
  t.same((await frame(CREDIT)).rows, [], 'no signal, no rows')
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/signals_weights/` })).statusCode, 404)
})
