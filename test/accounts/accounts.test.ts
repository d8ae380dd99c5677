/** Account routes on the demo bundle: reads, holdings by fund, and the two snapshot writes. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/account'
const ACCOUNT = '4738aafb-ee10-504f-a54a-f9e9b4ec0527'
const CORE = '4685f896-16e4-57f7-bf37-6fa5de28a903'
const UST = 'd4037e5c-6e60-5619-b1cd-8b02cccb5792'
const STRIP = 'de73a08c-cfba-5cea-8980-cc09416a9251'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Json = Record<string, unknown>

t.test('list, discovery, summary', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const [group] = await db.sql`insert into account_groups (group_name) values ('desk') returning uid::text`
  await db.sql`update accounts set account_group_uid = ${group.uid} where uid = ${ACCOUNT}`
  const list = body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${BASE}/` }))
  t.same(
    list.items,
    [
      {
        uid: ACCOUNT,
        unique_identifier: 'DEMO-ACCOUNT-1',
        account_name: 'Demo institutional account',
        is_paper: true,
        account_is_active: true,
        account_group_uid: group.uid,
        holdings_data_node_uid: null,
        metadata_json: { custodian: 'demo' },
      },
    ],
    "the stored group, not the peer's always-null",
  )
  t.match(list.pageInfo, { pageSize: 25, totalItems: 1 })
  t.equal(body<{ items: Json[] }>(await app.inject({ url: `${BASE}/?search=institutional` })).items.length, 1)
  t.equal(body<{ items: Json[] }>(await app.inject({ url: `${BASE}/?search=nothing` })).items.length, 0)
  t.equal((await app.inject({ url: `${BASE}/?limit=501` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/discovery/` })).statusCode, 200)

  const summary = body<{
    entity: Json
    badges: Json[]
    inline_fields: Json[]
    highlight_fields: Json[]
    extensions: Json
  }>(await app.inject({ url: `${BASE}/${ACCOUNT}/summary/` }))
  t.same(summary.entity, { id: ACCOUNT, type: 'account', title: 'Demo institutional account' })
  t.same(
    summary.badges.map((b) => [b.label, b.tone]),
    [
      ['Active', 'success'],
      ['Paper', 'neutral'],
    ],
  )
  t.same(
    summary.highlight_fields.map((f) => [f.key, f.value]),
    [['display_name', 'Demo institutional account']],
  )
  t.same(summary.extensions, { holdings_data_node_uid: null, metadata_json: { custodian: 'demo' } })
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/summary/` })).statusCode, 404)
  t.equal((await app.inject({ url: `${BASE}/x/summary/` })).statusCode, 422)
})

t.test('target-allocation targets', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const get = async (qs = '') =>
    body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${BASE}/target-allocation/targets/${qs}` }))
  const all = await get('?limit=50')
  t.equal(all.pageInfo.totalItems, 22, '20 assets and 2 portfolios')
  t.same(
    all.items.map((i) => i.target_type),
    [...Array(20).fill('asset'), 'portfolio', 'portfolio'],
    'assets before portfolios',
  )
  t.match(
    all.items.find((i) => i.target_uid === UST),
    {
      asset_uid: UST,
      portfolio_uid: null,
      identifier: 'UST-4.25-2031-11-15',
      display_label: 'US Treasury 4.25% 15-Nov-2031',
      secondary_label: 'UST',
      current_snapshot: { ticker: 'UST' },
      metadata: { asset_type: 'bond' },
    },
  )
  t.match(all.items[20], {
    target_type: 'portfolio',
    target_uid: CORE,
    asset_uid: null,
    portfolio_uid: CORE,
    display_label: 'CORE-FI',
    current_snapshot: null,
  })
  const portfolios = await get('?target_type=portfolio&search=credit')
  t.same([portfolios.pageInfo.totalItems, portfolios.items.map((i) => i.identifier)], [1, ['CREDIT-FI']])
  t.equal((await get('?target_type=asset&search=UST')).pageInfo.totalItems, 2, 'name and ticker searched')
  t.same((await get('?limit=10&offset=30')).items, [], 'past the end: empty page')
  t.equal((await get('?limit=10&offset=30')).pageInfo.totalItems, 22, 'exact count even past the end')
  t.equal((await app.inject({ url: `${BASE}/target-allocation/targets/?target_type=fund` })).statusCode, 422)
})

t.test('holdings and holdings by fund', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const holdings = async (qs = '') =>
    body<Json & { holdings: (Json & { asset: Json | null })[] }>(
      await app.inject({ url: `${BASE}/${ACCOUNT}/holdings/${qs}` }),
    )
  const latest = await holdings()
  t.match(latest, {
    holdings_set_uid: '7dd82d81-bf1b-5402-8dd6-4e9eae850c59',
    holdings_date: '2026-11-20T00:00:00.000Z',
  })
  t.same(
    latest.holdings.map((h) => [h.asset_identifier, h.quantity, h.direction, h.signed_quantity]),
    [
      ['ACME-5.0-2034-06-01-CALL', '100000', -1, '-100000'],
      ['BANKCO-FRN-SOFR-2029-03-20', '250000', 1, '250000'],
      ['DBR-2.5-2035-02-15', '500', 1, '500'],
      ['UST-4.25-2031-11-15', '1200000', 1, '1200000'],
    ],
  )
  t.match(latest.holdings[3], {
    position_type: 'units',
    price: null,
    missing_price: true,
    extra_details: {},
    asset: { uid: UST, asset_identifier: 'UST-4.25-2031-11-15' },
  })
  t.equal((await holdings('?order=asc')).holdings_date, '2026-11-19T00:00:00.000Z')
  t.equal((await holdings('?holdings_date=2026-11-19T00:00:00Z&include_asset_detail=false')).holdings[0].asset, null)
  t.same(await holdings('?holdings_date=2020-01-01T00:00:00Z'), {
    holdings_set_uid: null,
    holdings_date: null,
    holdings: [],
  })
  t.equal((await app.inject({ url: `${BASE}/${ACCOUNT}/holdings/?limit=2` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/holdings/` })).statusCode, 404)

  const byFund = body<
    Json & { funds: (Json & { holdings: Json[] })[]; residuals: Json[]; allocation_warnings: string[] }
  >(await app.inject({ url: `${BASE}/${ACCOUNT}/holdings/by-fund/` }))
  t.match(byFund, {
    account_uid: ACCOUNT,
    source_account_holdings_set_uid: '7dd82d81-bf1b-5402-8dd6-4e9eae850c59',
    holdings_date: '2026-11-20T00:00:00.000Z',
    allocation_warnings: [],
  })
  t.same(
    byFund.funds.map((f) => [
      f.virtual_fund_unique_identifier,
      f.holdings.map((h) => [h.asset_identifier, h.quantity]),
    ]),
    [
      [
        'DEMO-VF-CORE',
        [
          ['BANKCO-FRN-SOFR-2029-03-20', '250000'],
          ['UST-4.25-2031-11-15', '1000000'],
        ],
      ],
    ],
  )
  t.same(
    byFund.residuals.map((r) => [
      r.asset_identifier,
      r.source_signed_quantity,
      r.allocated_signed_quantity,
      r.residual_signed_quantity,
    ]),
    [
      ['ACME-5.0-2034-06-01-CALL', '-100000', '0', '-100000'],
      ['DBR-2.5-2035-02-15', '500', '0', '500'],
      ['UST-4.25-2031-11-15', '1200000', '1000000', '200000'],
    ],
    'fully allocated assets have no residual',
  )
  // an allocation of an asset the source set does not hold is reported
  await db.sql`insert into virtual_fund_holdings (virtual_fund_holdings_set_uid, asset_identifier, virtual_fund_uid,
    source_account_holdings_set_uid, time_index, allocated_quantity)
    values ('edaeddae-04f9-52aa-9c84-1e08a7ef2dd5', 'UST-STRIP-2036-02-15', '40de67a2-1b8d-595d-9564-a9478b55c814',
      '7dd82d81-bf1b-5402-8dd6-4e9eae850c59', '2026-11-20T00:00:00Z', 10)`
  const warned = body<{ allocation_warnings: string[] }>(
    await app.inject({ url: `${BASE}/${ACCOUNT}/holdings/by-fund/` }),
  )
  t.same(warned.allocation_warnings, [
    "Virtual-fund allocation references asset_identifier 'UST-STRIP-2036-02-15' that is not present in the source " +
      'account holdings set.',
  ])
  t.match(body(await app.inject({ url: `${BASE}/${ACCOUNT}/holdings/by-fund/?holdings_date=2020-01-01T00:00:00Z` })), {
    source_account_holdings_set_uid: null,
    funds: [],
    residuals: [],
  })
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/holdings/by-fund/` })).statusCode, 404)
  t.equal((await app.inject({ url: `${BASE}/${ACCOUNT}/holdings/by-fund/?order=up` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/not-a-uid/holdings/by-fund/` })).statusCode, 422)
})

t.test('target positions', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const res = body<Json & { positions: Json[] }>(await app.inject({ url: `${BASE}/${ACCOUNT}/target-positions/` }))
  t.match(res, {
    related_account_uid: ACCOUNT,
    target_positions_date: '2026-11-20T00:00:00.000Z',
    position_set_uid: 'a40abb23-3817-57fa-a1ff-06b59963161f',
  })
  t.same(
    res.positions.map((p) => [
      p.target_type,
      p.unique_identifier,
      p.weight_notional_exposure,
      p.constant_notional_exposure,
    ]),
    [
      ['asset', 'UST-STRIP-2036-02-15', null, '250000'],
      ['portfolio', 'CORE-FI', '0.7', null],
    ],
  )
  t.match(res.positions[0], { asset: { uid: STRIP }, portfolio: null })
  t.match(res.positions[1], { asset: null, portfolio: { uid: CORE, unique_identifier: 'CORE-FI' } })
  t.same(
    body(await app.inject({ url: `${BASE}/${ACCOUNT}/target-positions/?target_positions_date=2020-01-01T00:00:00Z` })),
    { related_account_uid: ACCOUNT, target_positions_date: null, position_set_uid: null, positions: [] },
  )
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/target-positions/` })).statusCode, 404)
  t.equal(
    (await app.inject({ url: `${BASE}/${ACCOUNT}/target-positions/?target_positions_date=yesterday` })).statusCode,
    422,
  )
  t.equal((await app.inject({ url: `${BASE}/${ACCOUNT}/target-positions/?limit=3` })).statusCode, 422)
})

t.test('add holdings: validation, conflict, overwrite', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const add = (payload: object, uid = ACCOUNT) =>
    app.inject({ method: 'POST', url: `${BASE}/${uid}/add-holdings/`, payload })
  const date = '2026-11-23T00:00:00Z'
  const ok = await add({
    holdings_date: date,
    positions: [
      { asset_identifier: 'UST-4.25-2031-11-15', quantity: '10.5', direction: -1, extra_details: { book: 'A' } },
      { asset_identifier: 'DBR-2.5-2035-02-15', quantity: '3', asset_uid: 'c1fecb0e-458d-596d-b1d9-a67610a8f6b5' },
    ],
  })
  t.equal(ok.statusCode, 200, ok.body)
  const snap = body<Json & { holdings: Json[] }>(ok)
  t.equal(snap.holdings_date, '2026-11-23T00:00:00.000Z')
  t.same(
    snap.holdings.map((h) => [h.asset_identifier, h.signed_quantity, h.extra_details]),
    [
      ['DBR-2.5-2035-02-15', '3', {}],
      ['UST-4.25-2031-11-15', '-10.5', { book: 'A' }],
    ],
  )

  const again = await add({
    holdings_date: date,
    positions: [{ asset_identifier: 'UST-4.25-2031-11-15', quantity: '1' }],
  })
  t.same(
    [again.statusCode, body(again)],
    [
      409,
      {
        detail:
          `Account holdings snapshot already exists for account_uid='${ACCOUNT}' and ` +
          `holdings_date=2026-11-23T00:00:00.000Z.`,
      },
    ],
  )
  const replaced = body<{ holdings_set_uid: string; holdings: Json[] }>(
    await add({
      holdings_date: date,
      overwrite: true,
      positions: [{ asset_identifier: 'UST-4.25-2031-11-15', quantity: '1' }],
    }),
  )
  t.equal(replaced.holdings_set_uid, snap.holdings_set_uid, 'overwrite keeps the set')
  t.equal(replaced.holdings.length, 1)

  const count = async () => (await db.sql`select count(*)::int as n from account_holdings`)[0].n
  const before = await count()
  const bad = async (positions: object[], detail: RegExp, what: string) => {
    const res = await add({ holdings_date: '2026-11-24T00:00:00Z', positions })
    t.equal(res.statusCode, 422, what)
    t.match(body(res).detail, detail, what)
  }
  await bad(
    [{ asset_identifier: 'NOPE', quantity: '1' }],
    /positions\[0\]\.asset_identifier: asset 'NOPE' was not found/,
    'unknown asset',
  )
  await bad(
    [{ asset_identifier: 'UST-4.25-2031-11-15', quantity: '0' }],
    /positions\[0\]\.quantity/,
    'quantity must be positive',
  )
  await bad(
    [{ asset_identifier: 'UST-4.25-2031-11-15', quantity: 'ten' }],
    /positions\[0\]\.quantity/,
    'quantity must be a number',
  )
  await bad(
    [
      { asset_identifier: 'UST-4.25-2031-11-15', quantity: '1' },
      { asset_identifier: 'UST-4.25-2031-11-15', quantity: '2' },
    ],
    /appears more than once/,
    'duplicates',
  )
  await bad(
    [{ asset_identifier: 'UST-4.25-2031-11-15', quantity: '1', asset_uid: NOBODY }],
    /asset_uid/,
    'asset uid mismatch',
  )
  await bad(
    [{ asset_identifier: 'UST-4.25-2031-11-15', quantity: '1', target_trade_time: '2026-11-25T00:00:00Z' }],
    /target_trade_time/,
    'trade time must equal the date',
  )
  t.equal(await count(), before, 'nothing written by a rejected request')
  t.equal((await add({ holdings_date: date, positions: [] })).statusCode, 422, 'at least one position')
  t.equal(
    (await add({ holdings_date: date, positions: [{ asset_identifier: 'X', quantity: '1', colour: 1 }] })).statusCode,
    422,
    'unknown field',
  )
  t.equal(
    (await add({ holdings_date: date, positions: [{ asset_identifier: 'X', quantity: '1' }] }, NOBODY)).statusCode,
    404,
  )
})

t.test('add target positions: validation, conflict, overwrite', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const add = (payload: object, uid = ACCOUNT) =>
    app.inject({ method: 'POST', url: `${BASE}/${uid}/add-target-positions/`, payload })
  const date = '2026-11-23T00:00:00Z'
  const ok = await add({
    target_positions_date: date,
    overwrite: false,
    positions: [
      { target_type: 'asset', target_uid: UST, asset_uid: UST, single_asset_quantity: 100 },
      {
        target_type: 'portfolio',
        target_uid: CORE,
        portfolio_uid: CORE,
        weight_notional_exposure: '0.25',
        metadata_json: { note: 'x' },
      },
    ],
  })
  t.equal(ok.statusCode, 200, ok.body)
  const snap = body<Json & { positions: Json[] }>(ok)
  t.equal(snap.target_positions_date, '2026-11-23T00:00:00.000Z')
  t.same(
    snap.positions.map((p) => [p.target_type, p.single_asset_quantity, p.weight_notional_exposure]),
    [
      ['asset', '100', null],
      ['portfolio', null, '0.25'],
    ],
  )
  t.equal(
    body(await app.inject({ url: `${BASE}/${ACCOUNT}/target-positions/` })).position_set_uid,
    snap.position_set_uid,
    'the latest snapshot now',
  )

  const again = await add({
    target_positions_date: date,
    overwrite: false,
    positions: [{ target_type: 'asset', target_uid: UST, asset_uid: UST, constant_notional_exposure: 1 }],
  })
  t.equal(again.statusCode, 409)
  t.match(body(again).detail, /^Account target-position snapshot already exists/)
  const replaced = body<Json & { positions: Json[] }>(
    await add({
      target_positions_date: date,
      overwrite: true,
      positions: [{ target_type: 'asset', target_uid: UST, asset_uid: UST, constant_notional_exposure: 1 }],
    }),
  )
  t.same([replaced.position_set_uid, replaced.positions.length], [snap.position_set_uid, 1])

  const count = async () => (await db.sql`select count(*)::int as n from target_positions`)[0].n
  const before = await count()
  const bad = async (positions: object[], detail: RegExp, what: string, extra: object = {}) => {
    const res = await add({ target_positions_date: '2026-11-24T00:00:00Z', overwrite: false, positions, ...extra })
    t.equal(res.statusCode, 422, what)
    t.match(body(res).detail, detail, what)
  }
  await bad([{ target_type: 'asset', target_uid: UST, asset_uid: UST }], /exactly one exposure field/, 'no exposure')
  await bad(
    [
      {
        target_type: 'asset',
        target_uid: UST,
        asset_uid: UST,
        weight_notional_exposure: 1,
        constant_notional_exposure: 2,
      },
    ],
    /exactly one exposure field/,
    'two exposures',
  )
  await bad(
    [{ target_type: 'portfolio', target_uid: CORE, portfolio_uid: CORE, single_asset_quantity: 5 }],
    /single_asset_quantity/,
    'no quantity on a portfolio',
  )
  await bad(
    [{ target_type: 'asset', target_uid: CORE, asset_uid: UST, weight_notional_exposure: 1 }],
    /target_uid: must equal asset_uid/,
    'target uid mismatch',
  )
  await bad(
    [{ target_type: 'asset', target_uid: NOBODY, asset_uid: NOBODY, weight_notional_exposure: 1 }],
    /asset\(s\) 00000000/,
    'unknown asset',
  )
  await bad(
    [
      { target_type: 'asset', target_uid: UST, asset_uid: UST, weight_notional_exposure: 1 },
      { target_type: 'asset', target_uid: UST, asset_uid: UST, weight_notional_exposure: 2 },
    ],
    /more than once/,
    'duplicates',
  )
  await bad(
    [{ target_type: 'asset', target_uid: UST, asset_uid: UST, weight_notional_exposure: 1 }],
    /target_positions_date/,
    'leap second',
    { target_positions_date: '2026-11-24T23:59:60Z' },
  )
  t.equal(await count(), before, 'nothing written by a rejected request')
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: `${BASE}/${ACCOUNT}/add-target-positions/`,
        payload: {
          target_positions_date: date,
          positions: [{ target_type: 'asset', target_uid: UST, asset_uid: UST, weight_notional_exposure: 1 }],
        },
      })
    ).statusCode,
    422,
    'overwrite is required',
  )
  t.equal(
    (
      await add(
        {
          target_positions_date: date,
          overwrite: true,
          positions: [{ target_type: 'asset', target_uid: UST, asset_uid: UST, weight_notional_exposure: 1 }],
        },
        NOBODY,
      )
    ).statusCode,
    404,
  )
})

t.test('account detail', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const [group] = await db.sql<
    { uid: string }[]
  >`insert into account_groups (group_name) values ('institutional') returning uid::text`
  await db.sql`update accounts set account_group_uid = ${group.uid} where uid = ${ACCOUNT}`
  const res = await app.inject({ url: `/api/v1/account/${ACCOUNT}/` })
  t.equal(res.statusCode, 200)
  t.same(body(res), {
    uid: ACCOUNT,
    unique_identifier: 'DEMO-ACCOUNT-1',
    account_name: 'Demo institutional account',
    is_paper: true,
    account_is_active: true,
    account_group_uid: group.uid,
    holdings_data_node_uid: null,
    metadata_json: { custodian: 'demo' },
  })
  t.equal((await app.inject({ url: '/api/v1/account/00000000-0000-4000-8000-000000000000/' })).statusCode, 404)
  t.equal((await app.inject({ url: '/api/v1/account/nope/' })).statusCode, 422)
})
