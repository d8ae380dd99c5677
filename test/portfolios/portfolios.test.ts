/** Portfolio routes on the demo bundle: list, detail, summary, weights, weights delete, delete. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/portfolio'
const CORE = '4685f896-16e4-57f7-bf37-6fa5de28a903'
const CREDIT = '1c17064b-75a4-59d7-8921-f8beee198bc8'
const CAL = '4cc34b19-6eee-5bd5-a27b-483dc72d20c0'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Json = Record<string, unknown>

t.test('list, detail and summary', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const list = async (qs = '') => body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${BASE}/${qs}` }))
  const all = await list()
  t.same(
    all.items.map((p) => p.unique_identifier),
    ['CORE-FI', 'CREDIT-FI'],
  )
  t.match(all.pageInfo, { pageSize: 50, totalItems: 2 })
  t.same(all.items[0], {
    uid: CORE,
    unique_identifier: 'CORE-FI',
    calendar_uid: CAL,
    published_index_uid: '76755a8b-6e6c-5fd9-91bc-621000f8186b',
    portfolio_weights_data_node_uid: null,
    signal_weights_data_node_uid: null,
    signal_uid: 'DEMO-CARRY-SIGNAL',
    portfolio_data_node_uid: null,
    backtest_table_price_column_name: 'close',
  })
  t.same(
    (await list('?search=credit')).items.map((p) => p.uid),
    [CREDIT],
  )
  t.same(
    (await list('?search=76755a8b')).items.map((p) => p.uid),
    [CORE],
    'search covers the published index',
  )
  t.equal((await list(`?calendar_uid=${CAL}`)).items.length, 2)
  t.equal((await list(`?calendar_uid=${NOBODY}`)).items.length, 0)
  t.equal((await app.inject({ url: `${BASE}/?calendar_uid=x` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/?limit=501` })).statusCode, 422)

  const detail = body<Json & { metadata: Json; tabs: Json[]; links: Json }>(
    await app.inject({ url: `${BASE}/${CORE}/` }),
  )
  t.match(detail, {
    portfolio: { uid: CORE },
    metadata: { unique_identifier: 'CORE-FI', description: 'Core government and FRN portfolio' },
    links: { summary: `${BASE}/${CORE}/summary/`, delete: `${BASE}/${CORE}/` },
  })
  t.equal(detail.tabs[0].url, `${BASE}/${CORE}/weights/?order=desc&limit=1&include_asset_detail=true`)
  t.same(
    [
      (await app.inject({ url: `${BASE}/${NOBODY}/` })).statusCode,
      (await app.inject({ url: `${BASE}/zz/` })).statusCode,
    ],
    [404, 422],
  )

  const summary = body<{
    entity: Json
    badges: Json[]
    inline_fields: Json[]
    highlight_fields: Json[]
    extensions: Json & { calendar: Json }
  }>(await app.inject({ url: `${BASE}/${CORE}/summary/` }))
  t.same(summary.entity, { id: CORE, type: 'portfolio', title: 'CORE-FI' })
  t.match(summary.badges, [
    { key: 'published_index', tone: 'info', link_url: '/api/v1/index/76755a8b-6e6c-5fd9-91bc-621000f8186b/' },
  ])
  t.same(
    summary.inline_fields.map((f) => f.key),
    [
      'uid',
      'unique_identifier',
      'calendar_uid',
      'published_index_uid',
      'portfolio_weights_data_node_uid',
      'signal_weights_data_node_uid',
      'signal_uid',
      'portfolio_data_node_uid',
    ],
  )
  t.match(summary.highlight_fields[0], {
    key: 'calendar',
    kind: 'text',
    icon: 'calendar',
    link_url: `/api/v1/calendar/${CAL}/`,
  })
  t.match(summary.extensions, {
    description: 'Core government and FRN portfolio',
    calendar: { uid: CAL, dates_url: `/api/v1/calendar/${CAL}/dates/` },
  })
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/summary/` })).statusCode, 404)
})

t.test('weights snapshot and weights delete', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const weights = async (uid: string, qs = '') =>
    body<Json & { weights: (Json & { asset: Json | null })[] }>(
      await app.inject({ url: `${BASE}/${uid}/weights/${qs}` }),
    )
  const latest = await weights(CORE)
  t.match(latest, {
    portfolio_uid: CORE,
    portfolio_identifier: 'CORE-FI',
    weights_date: '2026-11-20T00:00:00.000Z',
    resolution_warning: null,
  })
  t.same(
    latest.weights.map((w) => w.asset_identifier),
    ['BANKCO-FRN-SOFR-2029-03-20', 'DBR-2.5-2035-02-15', 'UST-4.25-2031-11-15', 'UST-STRIP-2036-02-15'],
  )
  t.match(latest.weights[2], {
    weight: '0.4',
    weight_before: '0.38',
    price_current: '99.12',
    volume_current: null,
    asset: { unique_identifier: 'UST-4.25-2031-11-15', current_snapshot: { ticker: 'UST' } },
  })
  t.equal((await weights(CORE, '?include_asset_detail=false')).weights[0].asset, null)
  t.same(
    (await weights(CORE, '?weights_date=2026-11-19T00:00:00Z')).weights,
    [],
    'no snapshot at that date: empty, 200',
  )
  t.equal((await app.inject({ url: `${BASE}/${CORE}/weights/?limit=2` })).statusCode, 422, 'one snapshot at a time')
  t.equal((await app.inject({ url: `${BASE}/${CORE}/weights/?order=sideways` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/weights/` })).statusCode, 404)

  await db.sql`insert into portfolio_weights (portfolio_identifier, time_index, asset_identifier, weight) values
    ('CORE-FI', '2026-11-21T00:00:00Z', 'UST-4.25-2031-11-15', 1)`
  const del = (uid: string, qs = '') => app.inject({ method: 'DELETE', url: `${BASE}/${uid}/weights/${qs}` })
  t.same(
    body(await del(CORE, '?weights_date=2026-11-21T00:00:00Z')),
    {
      detail: 'Portfolio weights deleted.',
      portfolio_uid: CORE,
      portfolio_identifier: 'CORE-FI',
      weights_date: '2026-11-21T00:00:00.000Z',
      deleted_count: 1,
    },
    'inclusive tail',
  )
  t.match(body(await del(CORE)), { weights_date: null, deleted_count: 4 })
  t.equal((await del(NOBODY)).statusCode, 404)
  t.equal((await del(CORE, '?weights_date=today')).statusCode, 422)
})

t.test('delete: blocked by virtual funds and target positions, then weights and values go with it', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const del = (uid: string) => app.inject({ method: 'DELETE', url: `${BASE}/${uid}/` })
  const blocked = await del(CORE)
  t.equal(blocked.statusCode, 409)
  t.match(
    body(blocked).detail,
    /^Portfolio delete is blocked\. VirtualFundTable\.target_portfolio_uid references this portfolio \(count=1\)\..*TargetPositionsStorage\.portfolio_uid references this portfolio \(count=1\)/,
  )
  t.equal(
    (await db.sql`select count(*)::int as n from portfolio_weights where portfolio_identifier = 'CORE-FI'`)[0].n,
    4,
    'nothing deleted',
  )

  const [values] =
    await db.sql`select count(*)::int as n from portfolio_values where portfolio_identifier = 'CREDIT-FI'`
  const [weights] =
    await db.sql`select count(*)::int as n from portfolio_weights where portfolio_identifier = 'CREDIT-FI'`
  const ok = await del(CREDIT)
  t.same(body(ok), {
    detail: 'Portfolio deleted.',
    deleted_count: 1,
    deleted_weights_count: weights.n,
    deleted_values_count: values.n,
  })
  t.equal(
    (await db.sql`select count(*)::int as n from portfolio_group_memberships where portfolio_uid = ${CREDIT}`)[0].n,
    0,
    'memberships cascade',
  )
  t.equal((await del(CREDIT)).statusCode, 404)
})
