/** Virtual-fund routes on the demo bundle. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/virtualfund'
const VF = '40de67a2-1b8d-595d-9564-a9478b55c814'
const ACCOUNT = '4738aafb-ee10-504f-a54a-f9e9b4ec0527'
const CORE = '4685f896-16e4-57f7-bf37-6fa5de28a903'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Json = Record<string, unknown>

t.test('list, detail, summary', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const list = async (qs = '') => body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${BASE}/${qs}` }))
  t.same((await list()).items, [
    { uid: VF, unique_identifier: 'DEMO-VF-CORE', account_uid: ACCOUNT, target_portfolio_uid: CORE },
  ])
  t.match((await list()).pageInfo, { pageSize: 25, totalItems: 1 })
  t.equal((await list(`?account_uid=${ACCOUNT}&portfolio_uid=${CORE}`)).items.length, 1)
  t.equal((await list(`?portfolio_uid=${NOBODY}`)).items.length, 0)
  t.equal((await list('?search=core')).items.length, 1)
  t.equal((await app.inject({ url: `${BASE}/?account_uid=abc` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/?limit=501` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/discovery/?portfolio_uid=x` })).statusCode, 200)

  t.same(body(await app.inject({ url: `${BASE}/${VF}/` })), {
    virtual_fund: { uid: VF, unique_identifier: 'DEMO-VF-CORE', account_uid: ACCOUNT, target_portfolio_uid: CORE },
    tabs: [
      {
        key: 'latest_holdings',
        label: 'Latest Holdings',
        url: `${BASE}/${VF}/holdings/?order=desc&limit=1&include_asset_detail=true`,
      },
    ],
    links: {
      summary: `${BASE}/${VF}/summary/`,
      latest_holdings: `${BASE}/${VF}/holdings/`,
      account: `/api/v1/account/${ACCOUNT}/summary/`,
      portfolio: `/api/v1/portfolio/${CORE}/`,
    },
  })
  const summary = body<{ entity: Json; inline_fields: Json[]; extensions: Json }>(
    await app.inject({ url: `${BASE}/${VF}/summary/` }),
  )
  t.same(summary.entity, { id: VF, type: 'virtual_fund', title: 'DEMO-VF-CORE' })
  t.same(
    summary.inline_fields.map((f) => f.key),
    ['uid', 'unique_identifier', 'account_uid', 'target_portfolio_uid'],
  )
  t.same(Object.keys(summary.extensions), [
    'detail_url',
    'latest_holdings_url',
    'account_summary_url',
    'portfolio_detail_url',
  ])
  for (const path of ['', 'summary/', 'holdings/'])
    t.equal((await app.inject({ url: `${BASE}/${NOBODY}/${path}` })).statusCode, 404, `404 ${path}`)
  t.equal((await app.inject({ url: `${BASE}/vf/` })).statusCode, 422)
})

t.test('holdings snapshot', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const h = body<Json & { holdings: (Json & { asset: Json | null })[] }>(
    await app.inject({ url: `${BASE}/${VF}/holdings/` }),
  )
  t.match(h, {
    holdings_set_uid: 'edaeddae-04f9-52aa-9c84-1e08a7ef2dd5',
    holdings_date: '2026-11-20T00:00:00.000Z',
    virtual_fund_uid: VF,
    virtual_fund_unique_identifier: 'DEMO-VF-CORE',
    source_account_holdings_set_uid: '7dd82d81-bf1b-5402-8dd6-4e9eae850c59',
  })
  t.same(
    h.holdings.map((r) => [r.asset_identifier, r.quantity, r.signed_quantity]),
    [
      ['BANKCO-FRN-SOFR-2029-03-20', '250000', '250000'],
      ['UST-4.25-2031-11-15', '1000000', '1000000'],
    ],
  )
  t.match(h.holdings[1], {
    direction: 1,
    extra_details: {},
    allocation_strategy: 'explicit',
    asset: { asset_identifier: 'UST-4.25-2031-11-15', current_snapshot: { ticker: 'UST' } },
  })
  t.equal(
    body<{ holdings: Json[] }>(await app.inject({ url: `${BASE}/${VF}/holdings/?include_asset_detail=false` }))
      .holdings[0].asset,
    null,
  )
  t.match(body(await app.inject({ url: `${BASE}/${VF}/holdings/?holdings_date=2026-11-19T00:00:00Z` })), {
    holdings_set_uid: null,
    holdings_date: null,
    holdings: [],
  })
  t.equal((await app.inject({ url: `${BASE}/${VF}/holdings/?limit=5` })).statusCode, 422)
})
