/** Asset routes on the demo bundle: list, discovery, monitor frame, detail, summary and delete. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/asset'
const UST = 'd4037e5c-6e60-5619-b1cd-8b02cccb5792'
const GOVT = '3bef39ea-f9ed-5e87-9b46-055bf2e8241d'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Json = Record<string, unknown>

t.test('list: search, category filter, paging', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const list = async (qs = '') => body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${BASE}/${qs}` }))
  const all = await list()
  t.equal(all.items.length, 20)
  t.match(all.pageInfo, { pageSize: 50, totalItems: 20 })
  t.same(Object.keys(all.items[0]).sort(), ['asset_type', 'uid', 'unique_identifier'])
  const ids = all.items.map((a) => String(a.unique_identifier).toLowerCase())
  t.same(ids, [...ids].sort(), 'ordered by lower(unique_identifier)')
  t.same(
    (await list('?search=ust-4')).items.map((a) => a.uid),
    [UST],
  )
  t.equal((await list('?search=FUTURE')).items.length, 1, 'matches asset_type, case-insensitively')
  const [govt] = await db.sql`select count(*)::int as n from asset_category_memberships where category_uid = ${GOVT}`
  t.equal((await list(`?categories__uid=${GOVT}`)).pageInfo.totalItems, govt.n)
  t.equal((await list(`?categories__uid=${GOVT}&search=strip`)).items.length, 1)
  t.same((await list('?limit=5&offset=15')).pageInfo, {
    pageIndex: 3,
    pageSize: 5,
    totalItems: 20,
    hasNextPage: false,
    hasPreviousPage: true,
  })
  t.equal((await app.inject({ url: `${BASE}/?limit=501` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/?categories__uid=govt` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/?limit=5&offset=7` })).statusCode, 400)
  t.equal((await app.inject({ url: `${BASE}/?sort=asc` })).statusCode, 422)
  t.equal(body<{ resource: Json }>(await app.inject({ url: `${BASE}/discovery/` })).resource.id, 'assets')
})

t.test('monitor frame: columns filled from stored details', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const frame = body<{ status: string; columns: string[]; rows: Json[]; fields: Json[]; source: { context: Json } }>(
    await app.inject({
      url:
        `${BASE}/monitor/frame/?unique_identifiers=UST-4.25-2031-11-15&unique_identifiers=DBR-2.5-2035-02-15&` +
        `unique_identifiers=UST-4.25-2031-11-15`,
    }),
  )
  t.equal(frame.status, 'ready')
  t.same(frame.columns, [
    'uid',
    'unique_identifier',
    'asset_type',
    'ticker',
    'name',
    'figi',
    'composite_figi',
    'exchange_code',
    'security_type',
    'security_market_sector',
    'currency',
  ])
  t.same(
    frame.rows.map((r) => r.unique_identifier),
    ['UST-4.25-2031-11-15', 'DBR-2.5-2035-02-15'],
    'request order, duplicates dropped',
  )
  t.match(frame.rows[0], {
    uid: UST,
    ticker: 'UST',
    name: 'US Treasury 4.25% 15-Nov-2031',
    figi: 'BBGAE1DAB74C',
    composite_figi: 'BBG047CC72B0',
    exchange_code: 'US',
    security_type: 'FixedRateBond',
    security_market_sector: 'Govt',
    currency: 'USD',
  })
  t.ok(
    frame.rows.every((r) => frame.columns.every((c) => r[c] !== undefined)),
    'every column present in every row',
  )
  t.equal(frame.fields.length, 11)
  t.same(frame.source.context.uniqueIdentifiers, ['UST-4.25-2031-11-15', 'DBR-2.5-2035-02-15', 'UST-4.25-2031-11-15'])
  const searched = body<{ rows: Json[] }>(
    await app.inject({ url: `${BASE}/monitor/frame/?search=frn&limit=2&offset=1` }),
  )
  t.equal(searched.rows.length, 2)
  t.ok(searched.rows.every((r) => /FRN/.test(String(r.unique_identifier))))
  t.same(
    body<{ rows: Json[] }>(await app.inject({ url: `${BASE}/monitor/frame/?asset_type=future` })).rows.map(
      (r) => r.unique_identifier,
    ),
    ['SR3-2027-03'],
  )
  t.equal((await app.inject({ url: `${BASE}/monitor/frame/?limit=501` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/monitor/frame/?columns=uid` })).statusCode, 422)
})

t.test('detail and summary', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const detail = body<Json & { current_snapshot: Json }>(await app.inject({ url: `${BASE}/${UST}/` }))
  t.same(detail, {
    uid: UST,
    unique_identifier: 'UST-4.25-2031-11-15',
    asset_type: 'bond',
    current_snapshot: {
      time_index: '2026-11-20T00:00:00.000Z',
      asset_identifier: 'UST-4.25-2031-11-15',
      name: 'US Treasury 4.25% 15-Nov-2031',
      ticker: 'UST',
      exchange_code: 'US',
      asset_ticker_group_id: null,
    },
    details: [],
    trading_view: null,
    order_form: null,
  })
  const missing = await app.inject({ url: `${BASE}/${NOBODY}/` })
  t.same([missing.statusCode, body(missing)], [404, { detail: `Asset '${NOBODY}' was not found.` }])
  t.equal((await app.inject({ url: `${BASE}/ust/` })).statusCode, 422)

  const summary = body<{
    entity: Json
    badges: Json[]
    inline_fields: Json[]
    highlight_fields: Json[]
    label_management: Json
    extensions: Json
  }>(await app.inject({ url: `${BASE}/${UST}/summary/` }))
  t.same(summary.entity, { id: UST, type: 'asset', title: 'US Treasury 4.25% 15-Nov-2031' })
  t.same(
    summary.badges.map((b) => [b.key, b.label, b.tone]),
    [
      ['security_type', 'FixedRateBond', 'neutral'],
      ['security_market_sector', 'Govt', 'info'],
    ],
  )
  t.same(
    summary.inline_fields.map((f) => [f.key, f.value]),
    [
      ['uid', UST],
      ['figi', 'BBGAE1DAB74C'],
      ['exchange_code', 'US'],
    ],
  )
  t.same(
    summary.highlight_fields.map((f) => f.key),
    ['name', 'unique_identifier', 'ticker'],
  )
  t.same(summary.label_management, { labels: [], add_label_url: null, remove_label_url: null })
  t.same(summary.extensions, { asset_type: 'bond', is_custom_by_organization: true })
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/summary/` })).statusCode, 404)
})

t.test('delete: 409 while referenced, then null; memberships cascade', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const del = (uid: string) => app.inject({ method: 'DELETE', url: `${BASE}/${uid}/` })
  const blocked = await del(UST)
  t.equal(blocked.statusCode, 409)
  t.match(body(blocked).detail, /cannot be deleted while .*asset snapshots/)
  t.equal((await db.sql`select count(*)::int as n from assets where uid = ${UST}`)[0].n, 1)

  const [fresh] =
    await db.sql`insert into assets (unique_identifier, asset_type) values ('TMP-ASSET', 'bond') returning uid::text`
  await db.sql`insert into asset_category_memberships (category_uid, asset_uid) values (${GOVT}, ${fresh.uid})`
  const ok = await del(fresh.uid)
  t.same([ok.statusCode, ok.body], [200, 'null'])
  t.equal(
    (await db.sql`select count(*)::int as n from asset_category_memberships where asset_uid = ${fresh.uid}`)[0].n,
    0,
  )
  t.equal((await del(fresh.uid)).statusCode, 404)
  t.equal((await del('x')).statusCode, 422)
})
