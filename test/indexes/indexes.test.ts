/** Index routes and the index delete-impact contract on the demo bundle. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/index'
const SOFR = 'e992839e-b2d4-52a5-a22c-593390feefa1'
const UST_BENCH = '0d814198-7db4-530b-aad0-7148438ff9bb'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Json = Record<string, unknown>
type Impact = Json & { relationships: (Json & { samples?: Json[] })[]; warnings: string[] }

t.test('list, filters and get', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const list = async (qs = '') => body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${BASE}/${qs}` }))
  const all = await list()
  t.equal(all.items.length, 12)
  t.match(all.pageInfo, { pageSize: 50, totalItems: 12 })
  const names = all.items.map((i) => String(i.display_name).toLowerCase())
  t.same(names, [...names].sort(), 'ordered by display name')
  t.same(Object.keys(all.items[0]).sort(), [
    'calculation_method',
    'description',
    'display_name',
    'index_type',
    'metadata_json',
    'uid',
    'unique_identifier',
    'value_format',
    'value_suffix',
  ])
  t.same(
    (await list('?search=euribor')).items.map((i) => i.unique_identifier),
    ['EUR-EURIBOR-3M', 'EUR-EURIBOR-6M'],
  )
  t.same(
    (await list(`?search=${SOFR.slice(0, 8)}`)).items.map((i) => i.uid),
    [SOFR],
    'search covers the uid',
  )
  const withValues = (await list('?has_canonical_values=true')).items.map((i) => i.unique_identifier)
  t.ok(withValues.length > 0 && withValues.length < 12)
  t.equal((await list('?has_canonical_values=false')).items.length, 12 - withValues.length)
  t.same(
    (await list('?cadence=daily')).items.map((i) => i.unique_identifier),
    withValues,
    'fixings are daily',
  )
  t.same((await list('?cadence=monthly')).items, [])
  const type = all.items[0].index_type as string
  t.ok((await list(`?index_type=${type}`)).items.every((i) => i.index_type === type))
  t.equal(
    (await list('?has_formula=true')).items.length,
    all.items.filter((i) => i.calculation_method === 'formula').length,
  )
  t.equal((await app.inject({ url: `${BASE}/?limit=501` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/?has_formula=maybe` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/?limit=2&offset=1` })).statusCode, 400)
  t.equal((await app.inject({ url: `${BASE}/discovery/?cadence=daily&search=x` })).statusCode, 200)

  t.match(body(await app.inject({ url: `${BASE}/${SOFR}/` })), { uid: SOFR, unique_identifier: 'USD-TERM-SOFR-3M' })
  const missing = await app.inject({ url: `${BASE}/${NOBODY}/` })
  t.same([missing.statusCode, body(missing)], [404, { detail: `Index '${NOBODY}' was not found.` }])
  t.equal((await app.inject({ url: `${BASE}/xyz/` })).statusCode, 422)
})

t.test('delete-impact: curated rows, opt-in samples, read-only', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const snapshot = async () =>
    (
      await db.sql`select (select count(*) from indexes)::int as i, (select count(*) from index_fixings)::int as f,
        (select count(*) from index_convention_details)::int as c, (select count(*) from portfolios where
          published_index_uid is not null)::int as p`
    )[0]
  const before = await snapshot()
  const [expected] = await db.sql`select
      (select count(*) from index_fixings where index_identifier = 'USD-TERM-SOFR-3M')::int as fixings,
      (select count(*) from pricing_curve_selections where selector_type = 'index' and selector_key = ${SOFR})::int as
        selections,
      (select count(*) from future_asset_details where underlying_index_uid = ${SOFR})::int as futures,
      (select count(*) from portfolios where published_index_uid = ${SOFR})::int as portfolios`
  const impact = body<Impact>(await app.inject({ url: `${BASE}/${SOFR}/delete-impact/` }))
  t.match(impact, {
    resource_type: 'index',
    uid: SOFR,
    identifier: 'USD-TERM-SOFR-3M',
    delete_endpoint: `${BASE}/${SOFR}/`,
    can_delete: false,
  })
  t.same(
    impact.relationships.map((r) => [r.key, r.on_delete, r.count]),
    [
      ['future_asset_details', 'RESTRICT', expected.futures],
      ['index_fixings', 'RESTRICT', expected.fixings],
      ['portfolio_published_index', 'SET NULL', expected.portfolios],
      ['index_convention_details', 'CASCADE', 1],
      ['pricing_curve_selections', 'APPLICATION', expected.selections],
      ['pricing_parameter_selections', 'APPLICATION', 0],
    ],
  )
  t.ok(expected.fixings > 0 && expected.selections > 0, 'the demo SOFR index has fixings and selections')
  t.match(impact.relationships[1], { effect: 'blocks_delete', severity: 'blocking', blocks_delete: true })
  t.match(impact.relationships[3], { effect: 'cascade_delete', severity: 'destructive', blocks_delete: false })
  t.match(impact.relationships[4], { effect: 'manual_cleanup_required', severity: 'blocking', blocks_delete: true })
  t.equal(impact.blocking_count, expected.futures + expected.fixings + expected.selections)
  t.equal(impact.affected_count, expected.futures + expected.fixings + expected.portfolios + 1 + expected.selections)
  t.ok(
    impact.warnings.some((w) => /fixings of this index block this delete/.test(w)),
    'warnings derived from the rows',
  )
  t.notOk(impact.relationships.some((r) => 'samples' in r))
  const sampled = body<Impact>(
    await app.inject({ url: `${BASE}/${SOFR}/delete-impact/?include_samples=true&sample_limit=2` }),
  )
  t.equal(sampled.relationships[1].samples!.length, Math.min(2, expected.fixings))
  t.equal((await app.inject({ url: `${BASE}/${SOFR}/delete-impact/?sample_limit=101` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/${SOFR}/delete-impact/?verbose=1` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/delete-impact/` })).statusCode, 404)
  t.same(await snapshot(), before, 'a preflight writes nothing')
})

t.test('DELETE: refused while blocked, then SET NULL and CASCADE in one transaction', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const del = (uid: string) => app.inject({ method: 'DELETE', url: `${BASE}/${uid}/` })
  const blocked = await del(SOFR)
  t.equal(blocked.statusCode, 409)
  t.match(body(blocked).detail, /cannot be deleted while .*fixings of this index/)
  t.equal((await db.sql`select count(*)::int as n from indexes where uid = ${SOFR}`)[0].n, 1, 'nothing deleted')

  // an index whose only dependents are a publishing portfolio and its conventions
  const [idx] =
    await db.sql`insert into indexes (unique_identifier, index_type, display_name) values ('TMP-IDX', 'rate',
      'Temporary') returning uid::text`
  await db.sql`insert into index_convention_details (index_uid, index_family, convention_dump) values (${idx.uid},
    'ibor', '{}'::jsonb)`
  const [portfolio] = await db.sql`select uid::text from portfolios limit 1`
  await db.sql`update portfolios set published_index_uid = ${idx.uid} where uid = ${portfolio.uid}`
  t.match(body(await app.inject({ url: `${BASE}/${idx.uid}/delete-impact/` })), {
    can_delete: true,
    blocking_count: 0,
    affected_count: 2,
  })
  const ok = await del(idx.uid)
  t.same([ok.statusCode, ok.body], [200, 'null'])
  const [after] =
    await db.sql`select (select count(*) from indexes where uid = ${idx.uid})::int as i, (select count(*) from
      index_convention_details where index_uid = ${idx.uid})::int as c,
      (select published_index_uid from portfolios where uid = ${portfolio.uid}) as p`
  t.same(after, { i: 0, c: 0, p: null })
  t.equal((await del(idx.uid)).statusCode, 404)

  // a curve selection keyed by the index is application-owned: it blocks until removed
  const [other] =
    await db.sql`insert into indexes (unique_identifier, index_type, display_name) values ('TMP-IDX-2', 'rate',
      'Temporary 2') returning uid::text`
  await db.sql`insert into pricing_curve_selections (market_data_set_uid, binding_key, role_key, selector_type,
    selector_key, quote_side, curve_uid)
    select market_data_set_uid, ${'discount:index:' + other.uid + ':mid'}, 'discount', 'index', ${other.uid}, 'mid',
      curve_uid from pricing_curve_selections where selector_key = ${UST_BENCH} limit 1`
  t.equal((await del(other.uid)).statusCode, 409)
})
