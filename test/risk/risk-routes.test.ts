/**
 * Batch pricing equals the single calls, item by item (statuses, bodies and errors included), and account risk
 * totals equal the sums of their priced positions, with unpriceable positions listed and left out.
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { OPERATION_KEYS } from '../../src/pricing/schemas.ts'

const VALUATION = '2026-11-20T00:00:00.000Z'
const ACCOUNT = '4738aafb-ee10-504f-a54a-f9e9b4ec0527'
const MISSING = '00000000-0000-4000-8000-000000000000'
const SWAP = '2d6117cc-cb59-5f03-bc04-2d22e3cadc77' // a VanillaSwap: not registered for the pricer (400)

const PARAMETERS: Record<string, Record<string, unknown>> = {
  duration: { duration_type: 'KeyRate', key_rate_tenors: ['2Y', '5Y', '10Y'] },
  'z-spread': { target_dirty_ccy: 100 },
  'carry-roll-down': { horizon_days: 21 },
  cashflows: { include_paid: true },
}

t.test('a batch answers, item by item, exactly what the single-asset routes answer', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const demo = readDemoBundle() as { assets: { uid: string }[] }
  const uids = [...demo.assets.map((a) => a.uid), MISSING, SWAP, demo.assets[0].uid]
  for (const operation of OPERATION_KEYS) {
    const parameters = PARAMETERS[operation] ?? {}
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/pricing/batch/',
      payload: { valuation_date: '2026-11-20', market_data_set: 'default', operation, parameters, asset_uids: uids },
    })
    t.equal(res.statusCode, 200, `${operation}: batch answers`)
    const batch = body<{
      operation: string
      valuation_date: string
      results: { asset_uid: string; status: number; result?: unknown; detail?: string }[]
    }>(res)
    t.same([batch.operation, batch.valuation_date, batch.results.length], [operation, VALUATION, uids.length])
    const statuses = new Set<number>()
    for (const [i, uid] of uids.entries()) {
      const single = await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${uid}/${operation}/`,
        payload: { valuation_date: VALUATION, market_data_set: 'default', parameters },
      })
      const item = batch.results[i]
      statuses.add(item.status)
      t.equal(item.asset_uid, uid)
      t.equal(item.status, single.statusCode, `${operation} ${uid}: same status`)
      t.same(
        item.status === 200 ? item.result : { detail: item.detail },
        body(single),
        `${operation} ${uid}: same body`,
      )
    }
    t.ok(statuses.has(404) && statuses.has(400), `${operation}: failing assets are items, not a failed batch`)
  }
})

t.test('batch validation: the operation, its parameters and the asset list', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const post = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/pricing/batch/',
      payload: { valuation_date: VALUATION, market_data_set: 'default', ...payload },
    })
  const cases: [object, RegExp][] = [
    [{ operation: 'price', asset_uids: [] }, /asset_uids: must NOT have fewer than 1 items/],
    [
      { operation: 'price', asset_uids: Array.from({ length: 10_001 }, () => MISSING) },
      /asset_uids: must NOT have more than 10000 items/,
    ],
    [{ operation: 'quote', asset_uids: [MISSING] }, /body\.operation: must be one of/],
    [
      { operation: 'price', parameters: { horizon_days: 5 }, asset_uids: [MISSING] },
      /body\.parameters: unknown field 'horizon_days'/,
    ],
    [
      { operation: 'carry-roll-down', parameters: {}, asset_uids: [MISSING] },
      /body\.parameters\.horizon_days: field required/,
    ],
    [{ operation: 'price', asset_uids: ['not-a-uid'] }, /body\.asset_uids\.0: must match format "uuid"/],
  ]
  for (const [payload, detail] of cases) {
    const res = await post(payload)
    t.equal(res.statusCode, 422, JSON.stringify(payload).slice(0, 80))
    t.match(body(res).detail, detail)
  }
})

t.test('account risk: positions priced with NPV, DV01 and key-rate DV01; totals are their sums', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  // one more position the pricer cannot price (a swap): listed, never summed
  const [set] = await db.sql<
    { uid: string; time_index: Date }[]
  >`select uid::text, time_index from account_holdings_sets where account_uid = ${ACCOUNT} order by time_index desc
    limit 1`
  await db.sql`insert into account_holdings (holdings_set_uid, asset_identifier, time_index, account_uid, quantity,
    direction) values (${set.uid}, 'IRS-USD-5Y-DEMO', ${set.time_index}, ${ACCOUNT}, 3, -1)`
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/pricing/accounts/${ACCOUNT}/risk/`,
    payload: {
      valuation_date: '2026-11-20',
      market_data_set: 'default',
      parameters: { key_rate_tenors: ['1Y', '5Y', '10Y', '30Y'] },
    },
  })
  t.equal(res.statusCode, 200, res.body)
  const risk = body<{
    holdings_set_uid: string
    key_rate_tenors: string[]
    positions: {
      asset_uid: string
      asset_identifier: string
      quantity: number
      status: number
      npv?: number
      market_value?: number
      dv01?: number
      key_rate_dv01?: Record<string, number>
      detail?: string
    }[]
    totals: {
      market_value: number
      dv01: number
      key_rate_dv01: Record<string, number>
      priced_positions: number
      unpriced_positions: number
    }
  }>(res)
  t.equal(risk.holdings_set_uid, set.uid, 'the latest snapshot')
  const priced = risk.positions.filter((p) => p.status === 200)
  const swap = risk.positions.find((p) => p.asset_identifier === 'IRS-USD-5Y-DEMO')!
  t.match(
    swap,
    { status: 400, quantity: -3, detail: /not registered/ },
    'an unpriceable position is listed with its status and detail',
  )
  t.notOk('market_value' in swap, 'and has no figures')
  t.same(
    [risk.totals.priced_positions, risk.totals.unpriced_positions],
    [priced.length, risk.positions.length - priced.length],
  )
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)
  t.ok(
    Math.abs(risk.totals.market_value - sum(priced.map((p) => p.market_value!))) <=
      1e-9 * Math.abs(risk.totals.market_value),
    'market value total',
  )
  t.ok(Math.abs(risk.totals.dv01 - sum(priced.map((p) => p.dv01!))) <= 1e-9 * Math.abs(risk.totals.dv01), 'DV01 total')
  for (const tenor of risk.key_rate_tenors) {
    t.ok(
      Math.abs(risk.totals.key_rate_dv01[tenor] - sum(priced.map((p) => p.key_rate_dv01![tenor]))) <=
        1e-9 * Math.max(1, Math.abs(risk.totals.key_rate_dv01[tenor])),
      `key-rate DV01 ${tenor} total`,
    )
  }
  // each position is quantity × the single-asset figures
  for (const p of priced) {
    const price = body<{ price: number }>(
      await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${p.asset_uid}/price/`,
        payload: { valuation_date: VALUATION, market_data_set: 'default' },
      }),
    )
    t.equal(p.npv, price.price, `${p.asset_identifier}: npv is the price of one unit`)
    t.ok(
      Math.abs(p.market_value! - p.quantity * p.npv!) <= 1e-9 * Math.abs(p.market_value!),
      `${p.asset_identifier}: market value`,
    )
    const a = body<{ analytics: { dv01: number } }>(
      await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${p.asset_uid}/analytics/`,
        payload: { valuation_date: VALUATION, market_data_set: 'default' },
      }),
    )
    t.ok(
      Math.abs(p.dv01! - p.quantity * a.analytics.dv01) <= 1e-9 * Math.abs(p.dv01!),
      `${p.asset_identifier}: dv01 = quantity × dv01`,
    )
    const krd = body<{ key_rate_durations: { tenor: string; duration: number }[] }>(
      await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${p.asset_uid}/duration/`,
        payload: {
          valuation_date: VALUATION,
          market_data_set: 'default',
          parameters: { duration_type: 'KeyRate', key_rate_tenors: ['1Y', '5Y', '10Y', '30Y'] },
        },
      }),
    )
    for (const k of krd.key_rate_durations)
      t.ok(
        Math.abs(p.key_rate_dv01![k.tenor] - p.quantity * k.duration * p.npv! * 1e-4) <=
          1e-9 * Math.max(1e-9, Math.abs(p.key_rate_dv01![k.tenor])),
        `${p.asset_identifier}: key-rate DV01 ${k.tenor}`,
      )
  }
})

t.test('account risk: a holdings date picks the latest snapshot at or before it; missing things are 404', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const sets = await db.sql<
    { uid: string; time_index: Date }[]
  >`select uid::text, time_index from account_holdings_sets where account_uid = ${ACCOUNT} order by time_index`
  t.ok(sets.length >= 2, 'the demo account has two snapshots')
  const post = (payload: object, account = ACCOUNT) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/pricing/accounts/${account}/risk/`,
      payload: { valuation_date: VALUATION, market_data_set: 'default', ...payload },
    })
  const at = body<{ holdings_set_uid: string; holdings_date: string }>(
    await post({ holdings_date: new Date(sets[1].time_index.getTime() - 1000).toISOString() }),
  )
  t.equal(at.holdings_set_uid, sets[0].uid, 'the snapshot before the date')
  t.equal(
    (await post({ holdings_date: new Date(sets[0].time_index.getTime() - 1000).toISOString() })).statusCode,
    404,
    'no snapshot that early',
  )
  t.equal((await post({}, MISSING)).statusCode, 404, 'no such account')
  t.equal((await post({ market_data_set: '' })).statusCode, 422)
})

t.test(
  'account risk: quantities beyond 1e15 are refused when written, and a stored one is a 409, never a 500',
  async (t) => {
    const { app, db } = await build(t, { bundle: 'demo' })
    const add = (quantity: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/account/${ACCOUNT}/add-holdings/`,
        payload: {
          holdings_date: '2026-11-23T00:00:00Z',
          overwrite: true,
          positions: [{ asset_identifier: 'UST-4.25-2031-11-15', quantity }],
        },
      })
    for (const quantity of ['1e400', '1e16', '1000000000000001']) {
      const res = await add(quantity)
      t.same(
        [res.statusCode, body(res).detail],
        [422, `body.positions[0].quantity: '${quantity}' is larger than the largest quantity, 1e+15.`],
      )
    }
    t.equal((await add('1e15')).statusCode, 200, 'the bound itself is a quantity')
    // as the loader could store it
    await db.sql`update account_holdings set quantity = '1e400' where account_uid = ${ACCOUNT} and time_index =
      '2026-11-23T00:00:00Z'`
    const risk = await app.inject({
      method: 'POST',
      url: `/api/v1/pricing/accounts/${ACCOUNT}/risk/`,
      payload: { valuation_date: VALUATION, market_data_set: 'default', holdings_date: '2026-11-23T00:00:00Z' },
    })
    t.equal(risk.statusCode, 409)
    t.match(
      body(risk).detail,
      /^Holding 'UST-4\.25-2031-11-15' of snapshot [0-9a-f-]+ has quantity 1000000000000000000000000000000000000000…, beyond 1e\+15: its risk cannot be computed\.$/,
    )
  },
)
