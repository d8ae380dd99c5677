/** Pricing market-data sets and bindings: every route's success, 404, 409 and 422 cases on the demo bundle. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/pricing/market_data'
const SET = '274fb0c5-d7b7-5a84-98bf-6614de746d9c'
const DISCOUNT_BINDING = 'bc47668f-18f0-5ea7-9e40-a66835c5e3a1'
const CURVE_NODE = '1ce4b99c-a2b9-57b1-ba4b-dc2e76ce956e'
const FIXING_NODE = 'c2899817-da72-5f95-8b86-2b2293aaa093'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Json = Record<string, unknown>

t.test('card', async (t) => {
  const { app } = await build(t)
  const card = body<{ resources: Json[] }>(await app.inject({ url: `${BASE}/` }))
  t.match(card, {
    resource: 'pricing_market_data',
    description: 'Manage pricing market-data sets and concept bindings.',
  })
  t.same(
    card.resources.map((r) => [r.key, r.list_url, r.upsert_url]),
    [
      ['sets', `${BASE}/sets/`, `${BASE}/sets/upsert/`],
      ['bindings', `${BASE}/bindings/`, `${BASE}/bindings/upsert/`],
    ],
  )
})

t.test('sets: list, get, by key', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const list = body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${BASE}/sets/` }))
  t.same(list.items, [
    {
      uid: SET,
      set_key: 'default',
      display_name: 'Default end-of-day market data',
      description: 'Demo EOD curves and fixings',
      status: 'ACTIVE',
      metadata_json: null,
      max_curve_age_days: 7,
    },
  ])
  t.match(list.pageInfo, { pageSize: 25, totalItems: 1 })
  t.equal(body<{ items: Json[] }>(await app.inject({ url: `${BASE}/sets/?status=RETIRED` })).items.length, 0)
  t.equal(body<{ items: Json[] }>(await app.inject({ url: `${BASE}/sets/?set_key=default` })).items.length, 1)
  t.equal((await app.inject({ url: `${BASE}/sets/?limit=501` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/sets/?kind=x` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/sets/discovery/` })).statusCode, 200)
  t.equal((await app.inject({ url: `${BASE}/sets/discovery/?search=x` })).statusCode, 400, 'sets are not searchable')

  t.equal(body(await app.inject({ url: `${BASE}/sets/${SET}/` })).set_key, 'default')
  t.same(body(await app.inject({ url: `${BASE}/sets/${NOBODY}/` })), {
    detail: `Pricing market-data set '${NOBODY}' was not found.`,
  })
  t.equal((await app.inject({ url: `${BASE}/sets/12/` })).statusCode, 422)
  t.equal(body(await app.inject({ url: `${BASE}/sets/by-key/default/` })).uid, SET)
  const nope = await app.inject({ url: `${BASE}/sets/by-key/nope/` })
  t.same([nope.statusCode, body(nope)], [404, { detail: "Pricing market-data set 'nope' was not found." }])
  t.equal((await app.inject({ url: `${BASE}/sets/by-key/%20/` })).statusCode, 400, 'blank key')
})

t.test('sets: create 201, conflict 409, upsert, update, delete cascades', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
  const created = await post(`${BASE}/sets/`, {
    set_key: 'intraday',
    display_name: 'Intraday',
    metadata_json: { owner: 'desk' },
  })
  t.equal(created.statusCode, 201)
  const set = body<Json & { uid: string }>(created)
  t.match(set, {
    set_key: 'intraday',
    status: 'ACTIVE',
    description: null,
    metadata_json: { owner: 'desk' },
    max_curve_age_days: 7,
  })
  const dup = await post(`${BASE}/sets/`, { set_key: 'intraday', display_name: 'Again' })
  t.same(
    [dup.statusCode, body(dup)],
    [409, { detail: "A pricing market-data set with set_key 'intraday' already exists." }],
  )
  t.equal(
    (await post(`${BASE}/sets/`, { set_key: 'x', display_name: 'X', colour: 'red' })).statusCode,
    422,
    'unknown field',
  )
  t.equal((await post(`${BASE}/sets/`, { display_name: 'X' })).statusCode, 422, 'set_key required')
  t.equal(
    (await post(`${BASE}/sets/`, { set_key: 'k'.repeat(65), display_name: 'X' })).statusCode,
    422,
    'set_key too long',
  )

  const upserted = body<Json>(
    await post(`${BASE}/sets/upsert/`, { set_key: 'intraday', display_name: 'Intraday v2', status: 'RETIRED' }),
  )
  t.match(
    upserted,
    { uid: set.uid, display_name: 'Intraday v2', status: 'RETIRED', metadata_json: null },
    'every other column overwritten',
  )
  const fresh = await post(`${BASE}/sets/upsert/`, { set_key: 'eod2', display_name: 'EOD 2' })
  t.equal(fresh.statusCode, 200)

  const patch = (uid: string, payload: object) => app.inject({ method: 'PATCH', url: `${BASE}/sets/${uid}/`, payload })
  t.match(
    body(await patch(set.uid, { description: 'five-minute snapshots' })),
    { description: 'five-minute snapshots', display_name: 'Intraday v2' },
    'only sent keys change',
  )
  t.equal((await patch(set.uid, { set_key: 'renamed' })).statusCode, 422, 'set_key is immutable')
  t.equal((await patch(NOBODY, { description: 'x' })).statusCode, 404)
  t.equal(body(await patch(set.uid, {})).uid, set.uid, 'empty patch returns the row')

  // the staleness bound: sent, patched, nulled (no bound), refused when negative; an upsert without it restores the
  // default
  t.equal(
    body(await post(`${BASE}/sets/`, { set_key: 'month-end', display_name: 'Month end', max_curve_age_days: 31 }))
      .max_curve_age_days,
    31,
  )
  t.equal(body(await patch(set.uid, { max_curve_age_days: 3 })).max_curve_age_days, 3)
  t.equal(body(await patch(set.uid, { max_curve_age_days: null })).max_curve_age_days, null)
  t.equal((await patch(set.uid, { max_curve_age_days: -1 })).statusCode, 422, 'a negative bound')
  t.equal(
    body(await post(`${BASE}/sets/upsert/`, { set_key: 'intraday', display_name: 'Intraday v3' })).max_curve_age_days,
    7,
  )

  // the default set: deleting it removes its bindings and curve selections
  const del = await app.inject({ method: 'DELETE', url: `${BASE}/sets/${SET}/` })
  t.same(body(del), { detail: 'Deleted pricing market-data set.', uid: SET, deleted_count: 1 })
  const [left] =
    await db.sql`select (select count(*) from pricing_market_data_bindings where market_data_set_uid = ${SET})::int as
      b, (select count(*) from pricing_curve_selections where market_data_set_uid = ${SET})::int as s`
  t.same(left, { b: 0, s: 0 })
  t.equal((await app.inject({ method: 'DELETE', url: `${BASE}/sets/${SET}/` })).statusCode, 404)
})

t.test('bindings: list, per set, get, resolve', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const list = body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${BASE}/bindings/` }))
  t.same(list.items.map((b) => b.concept_key).sort(), ['discount_curves', 'fixing_rates'])
  t.equal(
    body<{ items: Json[] }>(await app.inject({ url: `${BASE}/bindings/?concept_key=fixing_rates` })).items.length,
    1,
  )
  t.equal(
    body<{ items: Json[] }>(await app.inject({ url: `${BASE}/bindings/?market_data_set_uid=${NOBODY}` })).items.length,
    0,
  )
  t.equal(
    (await app.inject({ url: `${BASE}/bindings/?market_data_set_uid=default` })).statusCode,
    422,
    'set filter is a uid',
  )
  t.equal(body<{ items: Json[] }>(await app.inject({ url: `${BASE}/sets/${SET}/bindings/` })).items.length, 2)
  t.same(
    body<{ items: Json[] }>(await app.inject({ url: `${BASE}/sets/${NOBODY}/bindings/` })).items,
    [],
    'no existence check on the set',
  )
  t.equal((await app.inject({ url: `${BASE}/sets/${SET}/bindings/?limit=501` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/sets/${SET}/bindings/discovery/` })).statusCode, 200)
  t.equal((await app.inject({ url: `${BASE}/bindings/discovery/?concept_key=x` })).statusCode, 200)

  t.match(body(await app.inject({ url: `${BASE}/bindings/${DISCOUNT_BINDING}/` })), {
    uid: DISCOUNT_BINDING,
    market_data_set_uid: SET,
    concept_key: 'discount_curves',
    data_node_uid: CURVE_NODE,
    storage_table_identifier: 'discount_curves_eod',
  })
  t.equal((await app.inject({ url: `${BASE}/bindings/${NOBODY}/` })).statusCode, 404)

  t.same(
    body(await app.inject({ url: `${BASE}/bindings/resolve/?concept_key=fixing_rates` })),
    { market_data_set: null, concept_key: 'fixing_rates', data_node_uid: FIXING_NODE },
    'the default set when omitted',
  )
  t.same(
    body(await app.inject({ url: `${BASE}/bindings/resolve/?concept_key=discount_curves&market_data_set=${SET}` })),
    { market_data_set: SET, concept_key: 'discount_curves', data_node_uid: CURVE_NODE },
  )
  const noSet = await app.inject({ url: `${BASE}/bindings/resolve/?concept_key=discount_curves&market_data_set=nope` })
  t.same([noSet.statusCode, body(noSet)], [404, { detail: "Pricing market-data set 'nope' was not found." }])
  const noBinding = await app.inject({ url: `${BASE}/bindings/resolve/?concept_key=vol_surfaces` })
  t.same(
    [noBinding.statusCode, body(noBinding)],
    [404, { detail: "Market-data set 'default' has no 'vol_surfaces' binding." }],
  )
  t.equal((await app.inject({ url: `${BASE}/bindings/resolve/` })).statusCode, 422, 'concept_key required')
  t.equal((await app.inject({ url: `${BASE}/bindings/resolve/?concept_key=%20` })).statusCode, 400, 'blank concept')
})

t.test('bindings: create 201, conflicts, references, upsert, update, delete', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
  const set = body<{ uid: string }>(await post(`${BASE}/sets/`, { set_key: 'alt', display_name: 'Alt' }))
  const created = await post(`${BASE}/bindings/`, {
    market_data_set_uid: set.uid,
    concept_key: 'discount_curves',
    data_node_uid: CURVE_NODE,
    source: 'desk',
  })
  t.equal(created.statusCode, 201, created.body)
  const binding = body<Json & { uid: string }>(created)
  t.match(
    binding,
    {
      concept_key: 'discount_curves',
      storage_table_identifier: 'discount_curves_eod',
      source: 'desk',
      metadata_json: null,
    },
    "storage defaults to the node's",
  )
  const dup = await post(`${BASE}/bindings/`, {
    market_data_set_uid: set.uid,
    concept_key: 'discount_curves',
    data_node_uid: FIXING_NODE,
  })
  t.equal(dup.statusCode, 409)
  t.match(body(dup).detail, /already has a 'discount_curves' binding/)
  const noSet = await post(`${BASE}/bindings/`, {
    market_data_set_uid: NOBODY,
    concept_key: 'x',
    data_node_uid: CURVE_NODE,
  })
  t.same(
    [noSet.statusCode, body(noSet)],
    [422, { detail: `body.market_data_set_uid: pricing market-data set '${NOBODY}' does not exist.` }],
  )
  t.equal(
    (await post(`${BASE}/bindings/`, { market_data_set_uid: set.uid, concept_key: 'x', data_node_uid: NOBODY }))
      .statusCode,
    422,
    'unknown data node',
  )
  t.equal(
    (await post(`${BASE}/bindings/`, { market_data_set_uid: set.uid, concept_key: 'x' })).statusCode,
    422,
    'data_node_uid required',
  )
  t.equal(
    (
      await post(`${BASE}/bindings/`, {
        market_data_set_uid: set.uid,
        concept_key: 'x',
        data_node_uid: CURVE_NODE,
        extra: 1,
      })
    ).statusCode,
    422,
  )

  const upserted = await post(`${BASE}/bindings/upsert/`, {
    market_data_set_uid: set.uid,
    concept_key: 'discount_curves',
    data_node_uid: FIXING_NODE,
    storage_table_identifier: 'custom',
  })
  t.match(body(upserted), {
    uid: binding.uid,
    data_node_uid: FIXING_NODE,
    storage_table_identifier: 'custom',
    source: null,
  })

  const patch = (uid: string, payload: object) =>
    app.inject({ method: 'PATCH', url: `${BASE}/bindings/${uid}/`, payload })
  t.match(body(await patch(binding.uid, { data_node_uid: CURVE_NODE })), {
    data_node_uid: CURVE_NODE,
    storage_table_identifier: 'discount_curves_eod',
  })
  t.match(body(await patch(binding.uid, { source: 'ops' })), { source: 'ops', data_node_uid: CURVE_NODE })
  t.equal((await patch(binding.uid, { concept_key: 'y' })).statusCode, 422, 'concept is immutable')
  t.equal((await patch(binding.uid, { data_node_uid: NOBODY })).statusCode, 422)
  t.equal((await patch(NOBODY, { source: 'x' })).statusCode, 404)

  t.same(body(await app.inject({ method: 'DELETE', url: `${BASE}/bindings/${binding.uid}/` })), {
    detail: 'Deleted pricing market-data binding.',
    uid: binding.uid,
    deleted_count: 1,
  })
  t.equal((await app.inject({ method: 'DELETE', url: `${BASE}/bindings/${binding.uid}/` })).statusCode, 404)
})
