/**
 * Caches never change an answer (design §6): a running app, warmed on a floater so that every cache holds it
 * (pricing contexts, decoded and built curves, rebuilt instruments in the worker), sees each input change — curve
 * nodes, curve building details, index conventions, instrument terms, fixings, curve selections and set
 * bindings — through the loader or the API, and then prices exactly as a freshly started app. So does a second
 * instance on the same database that did not write.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, buildInstance, body, type TestApp } from '../helpers/app.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { waitFor } from '../helpers/wait.ts'

const FRN = '138fe3e2-b549-5390-868b-7ca3ba030ef3' // BANKCO-FRN-SOFR-2029-03-20 on USD-TERM-SOFR-3M
const SOFR_INDEX = 'e992839e-b2d4-52a5-a22c-593390feefa1'
const OIS_CURVE = '8065a979-b48c-5809-b69d-b12758889be7' // USD-SOFR-OIS, the FRN's discount curve
const UST_CURVE = '3f307e10-b307-50a5-8447-84b70001e1f2'
const CURVE_NODE = '1ce4b99c-a2b9-57b1-ba4b-dc2e76ce956e'
const CURVES_BINDING = 'bc47668f-18f0-5ea7-9e40-a66835c5e3a1'
const SHADOW_NODE = '0a6f3b5e-5a7c-4d8e-9f10-2b3c4d5e6f70'
const REQUEST = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }

interface Demo {
  indexes: { uid: string; convention?: { convention_dump: Record<string, unknown> } }[]
  curves: { uid: string; unique_identifier: string; building_details: Record<string, unknown> }[]
  curve_observations: {
    curve_identifier: string
    time_index: string
    nodes: { days_to_maturity: number; zero: number }[]
    data_node_uid: string
  }[]
  fixings: { index_identifier: string; data_node_uid: string; fixings: { date: string; rate: number }[] }[]
  assets: { uid: string; pricing_details?: { instrument_dump: Record<string, unknown> } }[]
  market_data_sets: { curve_selections: { role_key: string; selector_key: string; curve_uid: string }[] }[]
}
const demo = () => readDemoBundle() as unknown as Demo

/** What a client reads: the price and the cash flows (built from the worker's cached instrument). */
async function answer(app: FastifyInstance): Promise<string> {
  const price = await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${FRN}/price/`, payload: REQUEST })
  const flows = await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${FRN}/cashflows/`, payload: REQUEST })
  if (price.statusCode !== 200 || flows.statusCode !== 200)
    throw new Error(`pricing failed: ${price.body} ${flows.body}`)
  return JSON.stringify([body(price).price, body(flows).legs])
}

/** Until the instance has dropped its cached context parts after another writer's commit (PostgreSQL NOTIFY). */
async function invalidated(app: FastifyInstance, generation: number): Promise<void> {
  await waitFor(() => app.pricingCaches.current() !== generation, { intervalMs: 10 })
}

const load = (ctx: TestApp, bundle: unknown) => loadBundle(ctx.db.sql, bundle)

const changes: { input: string; via: string; apply: (ctx: TestApp, a: FastifyInstance) => Promise<unknown> }[] = [
  {
    input: 'curve nodes',
    via: 'loader (republished observation)',
    apply: (ctx) => {
      const o = demo().curve_observations.find(
        (x) => x.curve_identifier === 'USD-SOFR-OIS' && x.time_index.startsWith('2026-11-20'),
      )!
      return load(ctx, { curve_observations: [{ ...o, nodes: o.nodes.map((n) => ({ ...n, zero: n.zero + 0.001 })) }] })
    },
  },
  {
    input: 'curve building details',
    via: 'loader',
    apply: (ctx) => {
      const c = demo().curves.find((x) => x.uid === OIS_CURVE)!
      return load(ctx, {
        curves: [
          {
            ...c,
            building_details: { ...c.building_details, interpolation_method: 'linear_zero', day_counter: 'Actual360' },
          },
        ],
      })
    },
  },
  {
    input: 'index conventions',
    via: 'loader',
    apply: (ctx) => {
      const i = demo().indexes.find((x) => x.uid === SOFR_INDEX)!
      return load(ctx, {
        indexes: [
          {
            ...i,
            convention: {
              ...i.convention!,
              convention_dump: { ...i.convention!.convention_dump, day_count: 'Actual365Fixed' },
            },
          },
        ],
      })
    },
  },
  {
    input: 'instrument terms',
    via: 'loader',
    apply: (ctx) => {
      const a = demo().assets.find((x) => x.uid === FRN)!
      a.pricing_details!.instrument_dump.spread = Number(a.pricing_details!.instrument_dump.spread) + 0.0025
      return load(ctx, { assets: [a] })
    },
  },
  {
    input: 'fixings',
    via: 'loader',
    apply: (ctx) => {
      const f = demo().fixings.find((x) => x.index_identifier === 'USD-TERM-SOFR-3M')!
      return load(ctx, { fixings: [{ ...f, fixings: [{ date: '2026-09-17', rate: 0.05 }] }] })
    },
  },
  {
    input: 'curve selections',
    via: 'loader',
    apply: (ctx) => {
      const d = demo()
      const set = d.market_data_sets[0] as unknown as Record<string, unknown> & Demo['market_data_sets'][number]
      const selection = set.curve_selections.find((s) => s.role_key === 'discount' && s.selector_key === SOFR_INDEX)!
      selection.curve_uid = UST_CURVE
      return load(ctx, { market_data_sets: [set] })
    },
  },
  {
    input: 'set bindings',
    via: 'API (PATCH binding to a node with other observations)',
    apply: (_ctx, a) =>
      a.inject({
        method: 'PATCH',
        url: `/api/v1/pricing/market_data/bindings/${CURVES_BINDING}/`,
        payload: { data_node_uid: SHADOW_NODE },
      }),
  },
]

t.test('every input change is seen by the writing instance and by another one, as a fresh start sees it', async (t) => {
  const ctx = await build(t, { bundle: 'demo' })
  // a second curve node with the same curves a little higher, unbound until the binding change points at it
  const d = demo()
  await load(ctx, {
    data_nodes: [{ uid: SHADOW_NODE, storage_table_identifier: 'discount_curves_shadow', kind: 'discount_curves' }],
    curve_observations: d.curve_observations
      // the yield curves (an inflation curve's nodes are dated rates)
      .filter((o) => o.data_node_uid === CURVE_NODE && 'days_to_maturity' in o.nodes[0])
      .map((o) => ({ ...o, data_node_uid: SHADOW_NODE, nodes: o.nodes.map((n) => ({ ...n, zero: n.zero + 0.002 })) })),
  })
  const a = ctx.app
  const b = await buildInstance(t, ctx.db)
  for (const change of changes) {
    const before = await answer(a)
    t.equal(await answer(b), before, `${change.input}: both instances agree before`)
    const [genA, genB] = [a.pricingCaches.current(), b.pricingCaches.current()]
    const result = (await change.apply(ctx, a)) as { statusCode?: number } | undefined
    if (result?.statusCode !== undefined) t.equal(result.statusCode, 200, `${change.input}: the API write succeeds`)
    await invalidated(a, genA)
    await invalidated(b, genB)
    const fresh = await buildInstance(t, ctx.db)
    const expected = await answer(fresh)
    await fresh.close()
    t.not(expected, before, `${change.input} changes the answer`)
    t.equal(await answer(a), expected, `${change.input} via ${change.via}: the writing side prices as a fresh app`)
    t.equal(await answer(b), expected, `${change.input} via ${change.via}: the other instance prices as a fresh app`)
  }
})
