/**
 * The scenarios route: a single parallel shock gives effective risk's P(+h) on every priced demo bond; totals are the
 * sums of their items; a flat key-rate shock is the parallel one, a twist its three-tenor key-rate shock; inflation,
 * optionlet-volatility and short-rate-model shocks move the bonds that read them (and only those); accounts weigh by
 * quantity and list what cannot be priced; bad shocks are 422s that name the field.
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { DEMO, DEMO_SET_KEY, DEMO_VALUATION_DATE } from '../../src/db/demo/demo-ids.ts'

const BASE = { valuation_date: DEMO_VALUATION_DATE, market_data_set: DEMO_SET_KEY }
const BONDS = Object.entries(DEMO.assets).filter(([k]) => k !== 'future' && k !== 'swap')
const UIDS = BONDS.map(([, uid]) => uid)

interface Item {
  asset_uid: string | null
  asset_identifier: string
  quantity: number
  status: number
  base_value?: number
  scenario_value?: number
  change?: number
  detail?: string
}
interface Answer {
  target: { asset_count: number; account_uid?: string }
  scenarios: {
    name: string
    totals: { base_value: number; scenario_value: number; change: number; priced_items: number; unpriced_items: number }
    items: Item[]
  }[]
}

const close = (a: number, b: number, rel: number) => Math.abs(a - b) <= rel * Math.max(1, Math.abs(b))

t.test('a parallel scenario is effective risk P(+h); totals are the sums of their items', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const h = 25
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/pricing/scenarios/',
    payload: {
      ...BASE,
      target: { asset_uids: [...UIDS, DEMO.assets.swap] },
      scenarios: [
        { name: 'up', shocks: [{ parallel: h }] },
        { name: 'typed', shocks: [{ type: 'parallel', bp: h }] },
        { name: 'flat key rates', shocks: [{ key_rate: { '1Y': h, '10Y': h } }] },
        { name: 'none', shocks: [] },
      ],
    },
  })
  t.equal(res.statusCode, 200, res.body.slice(0, 300))
  const answer = body<Answer>(res)
  t.equal(answer.target.asset_count, UIDS.length + 1)
  const [up, typed, flat, none] = answer.scenarios
  t.same(typed.items, up.items, 'type: parallel with bp is the same shock')
  for (const s of answer.scenarios) {
    const priced = s.items.filter((i) => i.status === 200)
    t.equal(s.totals.priced_items, priced.length)
    t.equal(s.totals.unpriced_items, s.items.length - priced.length)
    t.ok(
      close(
        s.totals.base_value,
        priced.reduce((x, i) => x + i.base_value!, 0),
        1e-12,
      ),
      `${s.name}: base total`,
    )
    t.ok(
      close(
        s.totals.change,
        priced.reduce((x, i) => x + i.change!, 0),
        1e-12,
      ),
      `${s.name}: change total`,
    )
    t.ok(
      close(
        s.totals.scenario_value,
        priced.reduce((x, i) => x + i.scenario_value!, 0),
        1e-12,
      ),
      `${s.name}: scenario total`,
    )
  }
  const swap = up.items[up.items.length - 1]
  t.equal(swap.status, 400, 'an unpriceable asset is an item with its status')
  t.match(swap.detail, /not supported/)
  t.ok(
    none.items.every((i) => i.status !== 200 || i.change === 0),
    'an empty scenario changes nothing',
  )

  for (const [i, [name, uid]] of BONDS.entries()) {
    const item = up.items[i]
    t.equal(item.status, 200, `${name} priced`)
    const a = await app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${uid}/analytics/`,
      payload: { ...BASE, parameters: { bump_bp: h } },
    })
    const r = body<{ analytics: Record<string, number> }>(a).analytics
    const p0 = r.npv
    const d = r.effective_duration
    const c = r.effective_convexity
    const hh = h * 1e-4
    // effective risk's P(+h) from its own duration and convexity: (down − up) = 2h·P0·D, down + up − 2P0 = h²·P0·C
    const pUp = p0 + (hh * hh * p0 * c) / 2 - hh * p0 * d
    t.ok(close(item.base_value!, p0, 1e-13), `${name}: base value is the NPV`)
    t.ok(close(item.scenario_value!, pUp, 1e-11), `${name}: P(+${h}bp) ${item.scenario_value} vs ${pUp}`)
    if (name !== 'callable' && name !== 'modelCallable')
      t.ok(close(flat.items[i].scenario_value!, item.scenario_value!, 1e-13), `${name}: flat key rates = parallel`)
    else t.ok(close(flat.items[i].scenario_value!, item.scenario_value!, 1e-7), `${name}: refitted tree ≈ moved tree`)
  }
})

t.test('twists, roles, indexes and model shocks move what they name', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const run = async (assets: string[], scenarios: object[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/pricing/scenarios/',
      payload: { ...BASE, target: { asset_uids: assets }, scenarios },
    })
    t.equal(res.statusCode, 200, res.body.slice(0, 300))
    return body<Answer>(res).scenarios
  }
  const [twist, keyRates] = await run(UIDS, [
    { name: 'twist', shocks: [{ twist: { pivot: '5Y', short_bp: -20, long_bp: 30 } }] },
    { name: 'key rates', shocks: [{ key_rate: { '30Y': 30, '3M': -20, '5Y': 0 } }] },
  ])
  t.same(twist.items, keyRates.items, 'a twist is its three-tenor key-rate shock')
  t.ok(twist.items.some((i) => (i.change ?? 0) !== 0))

  const { tips, ust, collaredFrn, modelCallable, sofrFrn } = DEMO.assets
  const [infl, projOnly, ustIndex, vol, model, par] = await run(
    [tips, ust, collaredFrn, modelCallable, sofrFrn],
    [
      { name: 'inflation', shocks: [{ parallel: 50, roles: ['inflation'] }] },
      { name: 'projection', shocks: [{ parallel: 50, roles: ['projection'] }] },
      { name: 'ust index', shocks: [{ parallel: 50, indexes: ['USD-UST-BENCHMARK'] }] },
      { name: 'vol', shocks: [{ optionlet_vol: 0.005 }] },
      { name: 'model', shocks: [{ short_rate_model: { sigma: 0.005 } }] },
      { name: 'parallel', shocks: [{ parallel: 50 }] },
    ],
  )
  const change = (s: Answer['scenarios'][number], i: number) => s.items[i].change!
  t.ok(change(infl, 0) > 0, 'higher inflation raises a TIPS')
  t.same(
    [1, 2, 3, 4].map((i) => change(infl, i)),
    [0, 0, 0, 0],
    'and moves nothing else',
  )
  t.ok(change(par, 0) < 0, 'a parallel move of nominal rates leaves the inflation curve alone')
  t.equal(change(projOnly, 1), 0, 'a projection shock leaves a fixed bond')
  t.ok(change(projOnly, 4) > 0, "and raises a floater's forecasts")
  t.ok(change(ustIndex, 1) < 0, 'the named index moves')
  t.equal(change(ustIndex, 4), 0, 'other indexes do not')
  t.not(change(vol, 2), 0, "an optionlet-volatility shock moves a collared floater's value")
  t.same(
    [0, 1, 3, 4].map((i) => change(vol, i)),
    [0, 0, 0, 0],
    'and nothing else',
  )
  t.ok(change(model, 3) < 0, "a higher sigma makes the issuer's call worth more")
  t.same(
    [0, 1, 2, 4].map((i) => change(model, i)),
    [0, 0, 0, 0],
    'and moves nothing else',
  )
})

t.test('an account target weighs by quantity and lists what cannot be priced', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/pricing/scenarios/',
    payload: {
      ...BASE,
      target: { account_uid: DEMO.account },
      scenarios: [{ name: 'up', shocks: [{ parallel: 10 }] }],
    },
  })
  t.equal(res.statusCode, 200, res.body.slice(0, 300))
  const answer = body<Answer>(res)
  t.equal(answer.target.account_uid, DEMO.account)
  const risk = body<{
    positions: { asset_identifier: string; quantity: number; market_value?: number; status: number }[]
  }>(await app.inject({ method: 'POST', url: `/api/v1/pricing/accounts/${DEMO.account}/risk/`, payload: BASE }))
  const items = answer.scenarios[0].items
  t.same(
    items.map((i) => [i.asset_identifier, i.quantity, i.status]),
    risk.positions.map((p) => [p.asset_identifier, p.quantity, p.status]),
    'the positions of account risk',
  )
  for (const [i, p] of risk.positions.entries())
    if (p.status === 200) t.ok(close(items[i].base_value!, p.market_value!, 1e-13), `${p.asset_identifier}: base value`)
})

t.test('scenario validation names the one real problem', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const post = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/pricing/scenarios/',
      payload: { ...BASE, target: { asset_uids: [DEMO.assets.ust] }, ...payload },
    })
  const one = (shock: object) => ({ scenarios: [{ name: 's', shocks: [shock] }] })
  const cases: [object, number, RegExp][] = [
    [{ scenarios: [] }, 422, /scenarios: must NOT have fewer than 1 items/],
    [
      one({ parallel: 5, twist: { pivot: '5Y', short_bp: 1, long_bp: 2 } }),
      422,
      /exactly one of .*got parallel, twist/,
    ],
    [one({ type: 'parallel', key_rate: { '5Y': 1 } }), 422, /'parallel' shock does not take key_rate/],
    [one({}), 422, /give exactly one of parallel/],
    [
      one({ twist: { pivot: '40Y', short_bp: 1, long_bp: 2 } }),
      422,
      /pivot: '40Y' must lie strictly between 3M and 30Y/,
    ],
    [one({ key_rate: { '12M': 1, '1Y': 2 } }), 422, /tenors 12M and 1Y are the same/],
    [one({ parallel: 5, indexes: ['NO-SUCH-INDEX'] }), 422, /indexes\[0\]: index 'NO-SUCH-INDEX' does not exist/],
    [one({ optionlet_vol: 0.01, roles: ['discount'] }), 422, /moves a model, not curves/],
    [one({ parallel: 5, roles: ['nominal'] }), 422, /roles/],
    [
      {
        scenarios: [
          { name: 'a', shocks: [] },
          { name: 'a', shocks: [] },
        ],
      },
      422,
      /scenarios\[1\]\.name: 'a' is used twice/,
    ],
    [
      { target: { asset_uids: [DEMO.assets.ust], account_uid: DEMO.account }, ...one({ parallel: 1 }) },
      422,
      /either asset_uids or account_uid/,
    ],
    [{ target: { account_uid: '00000000-0000-4000-8000-000000000000' }, ...one({ parallel: 1 }) }, 404, /not found/],
    [one({ optionlet_vol: -5 }), 200, /./],
  ]
  for (const [payload, status, detail] of cases) {
    const res = await post(payload)
    t.equal(res.statusCode, status, JSON.stringify(payload))
    if (status !== 200) t.match(body<{ detail: string }>(res).detail, detail)
  }
  const negative = await app.inject({
    method: 'POST',
    url: '/api/v1/pricing/scenarios/',
    payload: { ...BASE, target: { asset_uids: [DEMO.assets.collaredFrn] }, ...one({ optionlet_vol: -5 }) },
  })
  const item = body<Answer>(negative).scenarios[0].items[0]
  t.equal(item.status, 422, 'a volatility shocked below zero fails the item')
  t.match(item.detail, /optionlet volatility shocked to .* non-negative/)
})
