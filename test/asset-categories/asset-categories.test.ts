/** Asset-category routes: list, detail, create (slugs), update (memberships), delete. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { slugify } from '../../src/asset-categories/service.ts'

const BASE = '/api/v1/asset-category'
const GOVT = '3bef39ea-f9ed-5e87-9b46-055bf2e8241d'
const UST = 'd4037e5c-6e60-5619-b1cd-8b02cccb5792'
const DBR = 'c1fecb0e-458d-596d-b1d9-a67610a8f6b5'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Json = Record<string, unknown>

t.test('slugs', async (t) => {
  t.equal(slugify('Crypto Core'), 'crypto_core')
  t.equal(slugify('  Émergents / Asia++ '), 'emergents_asia')
  t.equal(slugify('***'), 'asset_category')
})

t.test('list and detail', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const list = body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${BASE}/` }))
  t.equal(list.items.length, 3)
  t.match(list.pageInfo, { pageSize: 50, totalItems: 3 })
  t.same(Object.keys(list.items[0]).sort(), [
    'description',
    'display_name',
    'metadata_json',
    'uid',
    'unique_identifier',
  ])
  t.same(
    body<{ items: Json[] }>(await app.inject({ url: `${BASE}/?search=SOVEREIGN` })).items.map((c) => c.uid),
    [GOVT],
    'search covers the description',
  )
  t.equal((await app.inject({ url: `${BASE}/?limit=501` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/?name=x` })).statusCode, 422)

  const detail = body<Json & { details: Json[] }>(await app.inject({ url: `${BASE}/${GOVT}/` }))
  t.match(detail, {
    uid: GOVT,
    title: 'Government bonds',
    selected_category: { text: 'Government bonds', sub_text: 'government_bonds' },
    actions: { can_edit: true, can_delete: true, update_endpoint: `${BASE}/${GOVT}/` },
    assets_list: { list_endpoint: '/api/v1/asset/', default_filters: { categories__uid: GOVT } },
  })
  t.same(
    detail.details.map((d) => [d.name, d.value]),
    [
      ['display_name', 'Government bonds'],
      ['unique_identifier', 'government_bonds'],
      ['description', 'Sovereign debt and strips'],
      ['number_of_assets', 6],
    ],
  )
  const missing = await app.inject({ url: `${BASE}/${NOBODY}/` })
  t.same([missing.statusCode, body(missing)], [404, { detail: `Asset category '${NOBODY}' was not found.` }])
  t.equal((await app.inject({ url: `${BASE}/nope/` })).statusCode, 422)
})

t.test('create: slug, collisions, memberships, conflicts', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const post = (payload: object) => app.inject({ method: 'POST', url: `${BASE}/`, payload })
  const first = await post({ display_name: ' Crypto Core ', description: '  ', assets: [UST, DBR, UST] })
  t.equal(first.statusCode, 200, first.body)
  const a = body<Json & { uid: string }>(first)
  t.match(a, { unique_identifier: 'crypto_core', display_name: 'Crypto Core', description: null, metadata_json: null })
  t.equal(
    (await db.sql`select count(*)::int as n from asset_category_memberships where category_uid = ${a.uid}`)[0].n,
    2,
    'duplicates ignored',
  )
  t.equal(body(await post({ display_name: 'Crypto core!' })).unique_identifier, 'crypto_core_2', 'slug collision')
  t.equal(body(await post({ display_name: 'Crypto Core' })).unique_identifier, 'crypto_core_3')
  const dup = await post({ display_name: 'Other', unique_identifier: 'crypto_core' })
  t.same(
    [dup.statusCode, body(dup)],
    [409, { detail: "An asset category with unique_identifier 'crypto_core' already exists." }],
  )
  const badAsset = await post({ display_name: 'Bad', assets: [NOBODY] })
  t.equal(badAsset.statusCode, 422)
  t.match(body(badAsset).detail, /body.assets/)
  t.equal(
    (await db.sql`select count(*)::int as n from asset_categories where display_name = 'Bad'`)[0].n,
    0,
    'nothing written',
  )
  t.equal((await post({ display_name: '   ' })).statusCode, 422, 'blank name')
  t.equal((await post({ display_name: 'X', colour: 'red' })).statusCode, 422, 'unknown field')
  t.equal((await post({ display_name: 'X', assets: ['not-a-uid'] })).statusCode, 422)
})

t.test('update and delete', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const patch = (uid: string, payload: object) => app.inject({ method: 'PATCH', url: `${BASE}/${uid}/`, payload })
  const members = async () =>
    (await db.sql`select count(*)::int as n from asset_category_memberships where category_uid = ${GOVT}`)[0].n
  t.match(
    body(await patch(GOVT, { display_name: 'Govies' })),
    { display_name: 'Govies', description: 'Sovereign debt and strips' },
    'only sent keys',
  )
  t.equal(await members(), 6, 'memberships untouched without assets')
  t.match(body(await patch(GOVT, { description: '', assets: [UST] })), { description: null })
  t.equal(await members(), 1)
  await patch(GOVT, { assets: null })
  t.equal(await members(), 0, 'null clears the memberships')
  t.equal((await patch(GOVT, { display_name: null })).statusCode, 422, 'a null name is refused, not stored as "None"')
  t.equal((await patch(GOVT, { unique_identifier: 'x' })).statusCode, 422)
  t.equal((await patch(NOBODY, { display_name: 'x' })).statusCode, 404)
  const bad = await patch(GOVT, { display_name: 'Kept?', assets: [NOBODY] })
  t.equal(bad.statusCode, 422)
  t.equal(
    (await db.sql`select display_name from asset_categories where uid = ${GOVT}`)[0].display_name,
    'Govies',
    'rolled back',
  )

  const del = await app.inject({ method: 'DELETE', url: `${BASE}/${GOVT}/` })
  t.same([del.statusCode, del.body], [200, 'null'])
  t.equal((await db.sql`select count(*)::int as n from assets where uid = ${UST}`)[0].n, 1, 'assets stay')
  t.equal((await app.inject({ method: 'DELETE', url: `${BASE}/${GOVT}/` })).statusCode, 404)
})
