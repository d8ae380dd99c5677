/**
 * Pricing-curve registry routes on the demo bundle: list, get, summary, selections, delete-impact, delete, discount
 * curve.
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { encodeCurve } from '../../src/db/curve-payload.ts'

const UST = '3f307e10-b307-50a5-8447-84b70001e1f2'
const NODE = '1ce4b99c-a2b9-57b1-ba4b-dc2e76ce956e'
const NOBODY = '00000000-0000-4000-8000-000000000000'
const BASE = '/api/v1/pricing/curves'
type Json = Record<string, unknown>

t.test('list: envelope, filters, paging limits', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const get = async (qs: string) => app.inject({ url: `${BASE}/${qs}` })
  const all = body<{ items: Json[]; pageInfo: Json }>(await get(''))
  t.equal(all.items.length, 9)
  t.same(all.pageInfo, { pageIndex: 0, pageSize: 25, totalItems: 9, hasNextPage: false, hasPreviousPage: false })
  t.same(Object.keys(all.items[0]).sort(), [
    'compounding',
    'currency_code',
    'curve_type',
    'display_name',
    'interpolation_method',
    'metadata_json',
    'quote_side',
    'source',
    'status',
    'uid',
    'unique_identifier',
  ])
  t.same(
    body<{ items: Json[] }>(await get('?search=sofr')).items.map((c) => c.unique_identifier),
    ['USD-SOFR-OIS', 'USD-TERM-SOFR-3M-PROJ'],
    'case-insensitive contains on unique_identifier',
  )
  t.same(body<{ items: Json[] }>(await get('?search=%25')).items, [], 'a % is literal')
  t.same(
    body<{ items: Json[] }>(await get('?curve_type=projection')).items.map((c) => c.unique_identifier),
    ['EUR-EURIBOR-6M-PROJ', 'USD-TERM-SOFR-3M-PROJ'],
  )
  t.equal(body<{ items: Json[] }>(await get('?source=nope')).items.length, 0)
  const page = body<{ items: Json[]; pageInfo: Json }>(await get('?limit=2&offset=8'))
  t.same(page.pageInfo, { pageIndex: 4, pageSize: 2, totalItems: 9, hasNextPage: false, hasPreviousPage: true })
  t.equal((await get('?limit=501')).statusCode, 422, 'limit above 500')
  t.equal((await get('?limit=0')).statusCode, 422)
  t.equal((await get('?limit=2&offset=3')).statusCode, 400, 'offset must align with limit')
  const unknown = await get('?colour=red')
  t.equal(unknown.statusCode, 422)
  t.match(body(unknown).detail, /colour/)
})

t.test('discovery', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const doc = body<Json & { resource: Json; bulk_actions: unknown[] }>(await app.inject({ url: `${BASE}/discovery/` }))
  t.equal(doc.contract, 'workspace.resource_discovery@v1')
  t.equal(doc.resource.id, 'pricing-curves')
  t.same(doc.bulk_actions, [])
  t.equal((await app.inject({ url: `${BASE}/discovery/?limit=5` })).statusCode, 400)
  t.equal((await app.inject({ url: `${BASE}/discovery/?curve_type=discount` })).statusCode, 200)
})

t.test('get and summary', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const curve = body(await app.inject({ url: `${BASE}/${UST}/` }))
  t.match(curve, { uid: UST, unique_identifier: 'USD-UST-ZERO', curve_type: 'discount', status: 'ACTIVE' })
  const missing = await app.inject({ url: `${BASE}/${NOBODY}/` })
  t.equal(missing.statusCode, 404)
  t.same(body(missing), { detail: `Pricing curve '${NOBODY}' was not found.` })
  t.equal((await app.inject({ url: `${BASE}/not-a-uuid/` })).statusCode, 422)

  const summary = body<
    Json & { entity: Json; inline_fields: Json[]; highlight_fields: Json[]; badges: Json[]; extensions: Json }
  >(await app.inject({ url: `${BASE}/${UST}/summary/` }))
  t.same(summary.entity, { id: UST, type: 'pricing_curve', title: curve.display_name })
  t.same(
    summary.inline_fields.map((f) => f.key),
    ['uid', 'unique_identifier', 'curve_selection_count'],
  )
  t.match(summary.inline_fields[2], { value: 2, kind: 'number', link_url: `${BASE}/${UST}/curve-selections/` })
  t.same(
    summary.highlight_fields.slice(0, 2).map((f) => f.key),
    ['display_name', 'curve_type'],
  )
  t.match(summary.badges[0], { key: 'curve_type', label: 'discount', tone: 'info' })
  t.same([summary.stats, summary.label_management, summary.summary_warning], [[], null, null])
  t.match(summary.extensions, {
    curve: { uid: UST },
    curve_selection_count: 2,
    curve_selections_url: `${BASE}/${UST}/curve-selections/`,
  })
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/summary/` })).statusCode, 404)
})

t.test('curve selections: reverse lookup with the index resolved', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const res = body<{ curve: Json; count: number; results: (Json & { selector: Json; market_data_set: Json })[] }>(
    await app.inject({ url: `${BASE}/${UST}/curve-selections/` }),
  )
  t.equal(res.count, 2)
  t.same(res.results.map((r) => r.role_key).sort(), ['discount', 'z_spread_base'])
  t.match(res.results[0], {
    market_data_set: { set_key: 'default' },
    quote_side: 'mid',
    status: 'ACTIVE',
    selector: { type: 'index', index_identifier: 'USD-UST-BENCHMARK' },
  })
  const page = body<{ count: number; results: Json[] }>(
    await app.inject({ url: `${BASE}/${UST}/curve-selections/?limit=1&offset=1` }),
  )
  t.same([page.count, page.results.length], [2, 1], 'count is the total, results the page')
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/curve-selections/` })).statusCode, 404)
})

t.test('delete-impact: curated rows that follow the flags, read-only', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const snapshot = async () =>
    (
      await db.sql`select (select count(*) from pricing_curve_selections)::int as s, (select count(*) from
        discount_curve_observations)::int as o, (select count(*) from curve_building_details)::int as b, (select
          count(*) from pricing_curves)::int as c`
    )[0]
  const before = await snapshot()
  const plain = body<Json & { relationships: Json[]; warnings: string[] }>(
    await app.inject({ url: `${BASE}/${UST}/delete-impact/` }),
  )
  t.match(plain, {
    resource_type: 'pricing_curve',
    uid: UST,
    identifier: 'USD-UST-ZERO',
    can_delete: false,
    // the demo holds 65 observations of each curve (history from 24 August)
    blocking_count: 67,
    affected_count: 68,
    delete_endpoint: `${BASE}/${UST}/`,
  })
  t.same(
    plain.relationships.map((r) => [r.key, r.on_delete, r.count, r.effect, r.severity, r.blocks_delete]),
    [
      ['curve_building_details', 'CASCADE', 1, 'cascade_delete', 'destructive', false],
      ['pricing_curve_selections', 'RESTRICT', 2, 'blocks_delete', 'blocking', true],
      ['discount_curve_observations', 'RESTRICT', 65, 'blocks_delete', 'blocking', true],
    ],
  )
  t.equal(plain.warnings.length, 3)
  t.notOk('samples' in plain.relationships[0], 'samples are opt-in')

  const covered = body<Json & { relationships: Json[] }>(
    await app.inject({ url: `${BASE}/${UST}/delete-impact/?delete_values=true&delete_curve_selections=true` }),
  )
  t.match(covered, { can_delete: true, blocking_count: 0, affected_count: 68 })
  t.same(
    covered.relationships.map((r) => r.effect),
    ['cascade_delete', 'delete_cleanup', 'delete_cleanup'],
  )
  const half = body(await app.inject({ url: `${BASE}/${UST}/delete-impact/?delete_values=true` }))
  t.match(half, { can_delete: false, blocking_count: 2 })

  const sampled = body<{ relationships: { samples: Json[] }[] }>(
    await app.inject({ url: `${BASE}/${UST}/delete-impact/?include_samples=true&sample_limit=1` }),
  )
  t.same(
    sampled.relationships.map((r) => r.samples.length),
    [1, 1, 1],
  )
  t.same(await snapshot(), before, 'a preflight writes nothing')
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/delete-impact/` })).statusCode, 404)
  t.equal((await app.inject({ url: `${BASE}/${UST}/delete-impact/?delete_everything=true` })).statusCode, 422)
})

t.test('DELETE: each flag combination', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const del = (uid: string, qs = '') => app.inject({ method: 'DELETE', url: `${BASE}/${uid}/${qs}` })
  const counts = async () =>
    (
      await db.sql`select
      (select count(*) from pricing_curve_selections where curve_uid = ${UST})::int as selections,
      (select count(*) from discount_curve_observations where curve_identifier = 'USD-UST-ZERO')::int as observations,
      (select count(*) from discount_curve_observations)::int as all_observations,
      (select count(*) from pricing_market_data_bindings)::int as bindings,
      (select count(*) from pricing_curves where uid = ${UST})::int as curve`
    )[0]
  const start = await counts()
  for (const qs of ['', '?delete_values=true', '?delete_curve_selections=true']) {
    const res = await del(UST, qs)
    t.equal(res.statusCode, 409, `flags ${qs || 'none'} leave dependents`)
    t.match(body(res).detail, /cannot be deleted/)
    t.same(await counts(), start, 'nothing deleted on 409')
  }
  const ok = await del(UST, '?delete_values=true&delete_curve_selections=true')
  t.equal(ok.statusCode, 200, ok.body)
  t.same(body(ok), {
    detail: "Deleted pricing curve 'USD-UST-ZERO'.",
    uid: UST,
    curve_identifier: 'USD-UST-ZERO',
    deleted_count: 1,
    deleted_values_count: 65,
    deleted_curve_selections_count: 2,
    deleted_curve_building_details_count: 1,
    delete_values: true,
    delete_curve_selections: true,
    storage_cleanups: [
      { data_node_uid: NODE, storage_table_identifier: 'discount_curves_eod', deleted_count: 65, table_empty: false },
    ],
  })
  const end = await counts()
  t.same(
    end,
    {
      selections: 0,
      observations: 0,
      all_observations: start.all_observations - 65,
      bindings: start.bindings,
      curve: 0,
    },
    "only this curve's observations; bindings never",
  )
  t.equal((await del(UST)).statusCode, 404)

  // a curve with observations only, alone in its own storage: delete_values empties that storage
  const [node] =
    await db.sql`insert into data_nodes (storage_table_identifier, kind) values ('lonely_curves', 'discount_curves')
      returning uid::text`
  const [lonely] =
    await db.sql`insert into pricing_curves (unique_identifier, display_name, curve_type) values ('LONELY', 'Lonely',
      'discount') returning uid::text`
  await db.sql`insert into discount_curve_observations (data_node_uid, curve_identifier, time_index, curve) values
    (${node.uid}, 'LONELY', '2026-11-20T00:00:00Z', ${encodeCurve([{ days_to_maturity: 365, zero: 0.03 }])})`
  t.equal((await del(lonely.uid)).statusCode, 409)
  const res = body<Json>(await del(lonely.uid, '?delete_values=true'))
  t.match(res, {
    deleted_values_count: 1,
    deleted_curve_selections_count: 0,
    deleted_curve_building_details_count: 0,
    storage_cleanups: [
      { data_node_uid: node.uid, storage_table_identifier: 'lonely_curves', deleted_count: 1, table_empty: true },
    ],
  })

  // nothing depends on it: no flag needed, no cleanup reported
  const [bare] =
    await db.sql`insert into pricing_curves (unique_identifier, display_name, curve_type) values ('BARE', 'Bare',
      'discount') returning uid::text`
  t.match(body(await del(bare.uid)), { deleted_count: 1, deleted_values_count: 0, storage_cleanups: [] })
  t.equal((await del('nope')).statusCode, 422)
  t.equal((await del(NOBODY, '?force=true')).statusCode, 422)
})

t.test('discount curve: latest, historical and each 404', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const get = (uid: string, qs: string) => app.inject({ url: `${BASE}/${uid}/discount-curve/${qs}` })
  const latest = body<Json & { nodes: { days_to_maturity: number; zero: number }[] }>(
    await get(UST, '?market_data_set=default'),
  )
  t.match(latest, {
    curve_uid: UST,
    curve_identifier: 'USD-UST-ZERO',
    request_mode: 'latest',
    valuation_date: null,
    effective_date: '2026-11-20T00:00:00.000Z',
    market_data_set: { set_key: 'default' },
    binding: { concept_key: 'discount_curves', data_node_uid: NODE, storage_table_identifier: 'discount_curves_eod' },
  })
  t.ok(
    latest.nodes.length > 5 &&
      latest.nodes.every((n, i) => i === 0 || n.days_to_maturity > latest.nodes[i - 1].days_to_maturity),
    'decompressed nodes in order',
  )
  const [set] = await db.sql`select uid::text from pricing_market_data_sets where set_key = 'default'`
  const historical = body<Json>(await get(UST, `?market_data_set=${set.uid}&valuation_date=2026-11-19T12:00:00Z`))
  t.match(
    historical,
    {
      request_mode: 'historical',
      valuation_date: '2026-11-19T12:00:00.000Z',
      effective_date: '2026-11-19T00:00:00.000Z',
    },
    'set by uid, observation at or before the date',
  )

  const expect404 = async (uid: string, qs: string, detail: RegExp, what: string) => {
    const res = await get(uid, qs)
    t.equal(res.statusCode, 404, what)
    t.match(body(res).detail, detail, what)
  }
  await expect404(NOBODY, '?market_data_set=default', /Pricing curve .* was not found/, 'curve')
  await expect404(UST, '?market_data_set=nope', /market-data set 'nope' was not found/, 'set')
  await expect404(
    UST,
    '?market_data_set=default&valuation_date=2020-01-01T00:00:00Z',
    /no observation at or before 2020-01-01/,
    'observation at that date',
  )
  await db.sql`insert into pricing_market_data_sets (set_key, display_name) values ('empty', 'Empty')`
  await expect404(UST, '?market_data_set=empty', /'empty' has no 'discount_curves' binding/, 'binding')
  const [fresh] =
    await db.sql`insert into pricing_curves (unique_identifier, display_name, curve_type) values ('FRESH', 'Fresh',
      'discount') returning uid::text`
  await expect404(
    fresh.uid,
    '?market_data_set=default',
    /exist, but no observation of the curve has been published/,
    'nothing published',
  )
  t.equal((await get(UST, '')).statusCode, 422, 'market_data_set is required')
  t.equal((await get(UST, '?market_data_set=default&valuation_date=yesterday')).statusCode, 422)
})

t.test('a curve-preview CurveRef resolves through the discount-curve route to the curve the price used', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const UST_BOND = 'd4037e5c-6e60-5619-b1cd-8b02cccb5792'
  const preview = body<{
    curves: {
      role: string
      curve_uid: string
      discount_curve_url: string
      discount_curve_query_params: Record<string, string>
    }[]
  }>(
    await app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${UST_BOND}/curve-preview/`,
      payload: { valuation_date: '2026-11-20T12:00:00Z', market_data_set: 'default' },
    }),
  )
  const ref = preview.curves.find((c) => c.role === 'discount')!
  t.equal(ref.curve_uid, UST)
  const res = await app.inject({ url: ref.discount_curve_url, query: ref.discount_curve_query_params })
  t.equal(res.statusCode, 200, res.body)
  t.match(body(res), { curve_uid: UST, request_mode: 'historical', effective_date: '2026-11-20T00:00:00.000Z' })
})
