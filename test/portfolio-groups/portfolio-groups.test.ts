/** Portfolio-group routes on the demo bundle: the list the bulk-delete table shows, detail, writes, memberships. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/portfolio-group'
const CORE_GROUP = 'aa71886b-286e-5123-acc2-9b2b23a0459a'
const SANDBOX = '08d30cf1-01b0-5d8e-8e9e-935cca0b1c98'
const CORE = '4685f896-16e4-57f7-bf37-6fa5de28a903'
const CREDIT = '1c17064b-75a4-59d7-8921-f8beee198bc8'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Json = Record<string, unknown>
type Page = { items: Json[]; pageInfo: Json }

t.test('the list is the table that discovery describes', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const list = async (qs = '') => body<Page>(await app.inject({ url: `${BASE}/${qs}` }))
  const all = await list()
  t.same(
    all.items.map((g) => g.unique_identifier),
    ['core_fixed_income', 'sandbox'],
    'ordered by display name',
  )
  t.same(all.pageInfo, { pageIndex: 0, pageSize: 50, totalItems: 2, hasNextPage: false, hasPreviousPage: false })
  t.same(all.items[0], {
    uid: CORE_GROUP,
    unique_identifier: 'core_fixed_income',
    display_name: 'Core fixed income',
    description: 'Every demo portfolio',
    metadata_json: null,
  })

  const discovery = body<{
    list: { columns: { value_path: string }[]; controls: { filters: { key: string }[] } }
    bulk_actions: Json[]
  }>(await app.inject({ url: `${BASE}/discovery/` }))
  for (const column of discovery.list.columns)
    t.ok(column.value_path in all.items[0], `column ${column.value_path} is a field of the rows`)
  for (const filter of discovery.list.controls.filters)
    t.equal(
      (await app.inject({ url: `${BASE}/?${filter.key}=x` })).statusCode,
      200,
      `filter ${filter.key} is accepted by the list`,
    )

  t.same(
    (await list('?search=sand')).items.map((g) => g.uid),
    [SANDBOX],
  )
  t.same(
    (await list(`?search=${CORE_GROUP.slice(0, 8)}`)).items.map((g) => g.uid),
    [CORE_GROUP],
    'search covers the uid',
  )
  t.same(
    (await list('?unique_identifier=sandbox')).items.map((g) => g.uid),
    [SANDBOX],
  )
  t.same(
    (await list('?display_name=Core%20fixed%20income')).items.map((g) => g.uid),
    [CORE_GROUP],
  )
  t.same((await list('?display_name=core')).items, [], 'display_name is exact')
  t.match((await list('?limit=1&offset=1')).pageInfo, {
    pageIndex: 1,
    pageSize: 1,
    totalItems: 2,
    hasNextPage: false,
    hasPreviousPage: true,
  })
  t.equal((await app.inject({ url: `${BASE}/?limit=2&offset=1` })).statusCode, 400, 'offset aligned to the page size')
  t.equal((await app.inject({ url: `${BASE}/?limit=501` })).statusCode, 422)

  t.match(body(await app.inject({ url: `${BASE}/${SANDBOX}/` })), { uid: SANDBOX, display_name: 'Sandbox' })
  t.same(
    [
      (await app.inject({ url: `${BASE}/${NOBODY}/` })).statusCode,
      (await app.inject({ url: `${BASE}/zz/` })).statusCode,
    ],
    [404, 422],
  )
})

t.test('create, update, delete', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
    app.inject({ method, url, payload })

  const created = await send('POST', `${BASE}/`, {
    unique_identifier: 'rates',
    display_name: ' Rates ',
    description: 'rates books',
    portfolio_uids: [CORE, CORE],
  })
  t.equal(created.statusCode, 200)
  const group = body(created)
  t.match(group, { unique_identifier: 'rates', display_name: 'Rates', description: 'rates books', metadata_json: null })
  t.same(
    body<Page>(await app.inject({ url: `${BASE}/${group.uid}/portfolios/` })).items.map((p) => p.uid),
    [CORE],
    'members set, duplicates ignored',
  )
  t.equal(
    (await send('POST', `${BASE}/`, { unique_identifier: 'rates', display_name: 'Again' })).statusCode,
    409,
    'duplicate identifier',
  )
  t.equal(
    (await send('POST', `${BASE}/`, { unique_identifier: 'x', display_name: 'X', portfolio_uids: [NOBODY] }))
      .statusCode,
    422,
    'unknown portfolio',
  )
  t.equal(
    (await send('POST', `${BASE}/`, { unique_identifier: 'y', display_name: 'Y', colour: 'red' })).statusCode,
    422,
    'unknown field',
  )
  t.equal(
    (await send('POST', `${BASE}/`, { unique_identifier: 'z', display_name: '   ' })).statusCode,
    422,
    'blank name',
  )
  t.equal(body<Page>(await app.inject({ url: `${BASE}/` })).pageInfo.totalItems, 3, 'failed creates wrote nothing')

  const patched = body(
    await send('PATCH', `${BASE}/${group.uid}/`, {
      display_name: 'Rates books',
      metadata_json: { desk: 'rates' },
      portfolio_uids: [CREDIT],
    }),
  )
  t.match(patched, {
    unique_identifier: 'rates',
    display_name: 'Rates books',
    description: 'rates books',
    metadata_json: { desk: 'rates' },
  })
  t.same(
    body<Page>(await app.inject({ url: `${BASE}/${group.uid}/portfolios/` })).items.map((p) => p.uid),
    [CREDIT],
    'members replaced',
  )
  t.same(body(await send('PATCH', `${BASE}/${group.uid}/`, {})), patched, 'an empty patch changes nothing')
  t.equal(
    (await send('PATCH', `${BASE}/${group.uid}/`, { unique_identifier: 'other' })).statusCode,
    422,
    'identifier is immutable',
  )
  t.equal((await send('PATCH', `${BASE}/${NOBODY}/`, { display_name: 'x' })).statusCode, 404)

  const deleted = await send('DELETE', `${BASE}/${group.uid}/`)
  t.same([deleted.statusCode, deleted.body], [200, 'null'])
  t.equal((await send('DELETE', `${BASE}/${group.uid}/`)).statusCode, 404)
  t.equal((await app.inject({ url: `/api/v1/portfolio/${CREDIT}/` })).statusCode, 200, 'portfolios stay')
})

t.test('memberships both ways', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const members = async (group: string) => body<Page>(await app.inject({ url: `${BASE}/${group}/portfolios/` }))
  const groupsOf = async (portfolio: string) =>
    body<Page>(await app.inject({ url: `/api/v1/portfolio/${portfolio}/groups/` }))

  t.same(
    (await members(CORE_GROUP)).items.map((p) => p.unique_identifier),
    ['CORE-FI', 'CREDIT-FI'],
  )
  t.same((await members(SANDBOX)).items, [])
  t.same(
    (await groupsOf(CORE)).items.map((g) => g.uid),
    [CORE_GROUP],
  )

  const add = () =>
    app.inject({ method: 'POST', url: `${BASE}/${SANDBOX}/portfolios/`, payload: { portfolio_uid: CORE } })
  const first = body(await add())
  t.match(first, { portfolio_group_uid: SANDBOX, portfolio_uid: CORE })
  t.same(body(await add()), first, 'adding again returns the same membership')
  t.same(
    (await groupsOf(CORE)).items.map((g) => g.uid),
    [CORE_GROUP, SANDBOX],
  )
  t.equal(
    (await app.inject({ method: 'POST', url: `${BASE}/${SANDBOX}/portfolios/`, payload: { portfolio_uid: NOBODY } }))
      .statusCode,
    422,
  )
  t.equal(
    (await app.inject({ method: 'POST', url: `${BASE}/${NOBODY}/portfolios/`, payload: { portfolio_uid: CORE } }))
      .statusCode,
    404,
  )

  const remove = (group: string, portfolio: string) =>
    app.inject({ method: 'DELETE', url: `${BASE}/${group}/portfolios/${portfolio}/` })
  t.equal((await remove(SANDBOX, CORE)).statusCode, 200)
  t.equal((await remove(SANDBOX, CORE)).statusCode, 404, 'not a member any more')
  t.same((await members(SANDBOX)).items, [])
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/portfolios/` })).statusCode, 404)
  t.equal((await app.inject({ url: `/api/v1/portfolio/${NOBODY}/groups/` })).statusCode, 404)
})

t.test('bulk deletion works on the listed rows', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const rows = body<Page>(await app.inject({ url: `${BASE}/` })).items
  const preflight = body(
    await app.inject({
      method: 'POST',
      url: `${BASE}/bulk-delete/preflight/`,
      payload: { selection: { mode: 'explicit', uids: rows.map((r) => r.uid) }, options: {} },
    }),
  )
  t.match(preflight, { allowed: true, matched_count: 2 })
})
