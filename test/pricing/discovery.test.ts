import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'

interface Asset {
  uid: string
  unique_identifier: string
  pricing_details?: { instrument_type: string }
}
const demo = readDemoBundle() as { assets: Asset[] }
const byId = (id: string) => demo.assets.find((a) => a.unique_identifier === id)!

const KEYS = [
  'price',
  'analytics',
  'duration',
  'yield',
  'z-spread',
  'cashflows',
  'net-cashflows',
  'carry-roll-down',
  'curve-preview',
  'fixings-availability',
]

t.test('pricing details with pricing_support for a supported class', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const asset = byId('UST-4.25-2031-11-15')
  const res = await app.inject({ url: `/api/v1/asset/${asset.uid}/get_pricing_details/` })
  t.equal(res.statusCode, 200)
  const b = body<{
    instrument_type: string
    instrument_dump: Record<string, unknown>
    serialization_format: string
    pricing_support: { supported: boolean; reason: null; operations: Record<string, unknown>[] }
  }>(res)
  t.equal(b.instrument_type, 'FixedRateBond')
  t.equal(b.serialization_format, 'fixed_income.instrument@v1')
  t.equal(b.instrument_dump.coupon_rate, 0.0425)
  t.equal(b.pricing_support.supported, true)
  t.equal(b.pricing_support.reason, null)
  t.same(
    b.pricing_support.operations.map((o) => o.key),
    KEYS,
  )
  const price = b.pricing_support.operations[0]
  t.same(price, {
    key: 'price',
    label: 'Price',
    method: 'POST',
    url: `/api/v1/pricing/assets/${asset.uid}/price/`,
    requires_valuation_date: true,
    supports_market_data_set: true,
    requires_market_data_set: true,
    request_model: 'AssetPricingOperationRequest',
    response_model: 'BondPriceResponse',
    response_contract: 'provider-native-json',
    app_component: { output_root: 'response:$', flat_outputs: ['price', 'units'] },
    parameters: [
      { key: 'curve_quote_side', required: false },
      { key: 'flat_compounding', required: false },
      { key: 'flat_frequency', required: false },
      { key: 'with_yield', required: false },
    ],
    response_mappings: [],
    frame_url: null,
    frame_response_model: null,
    frame_response_contract: null,
  })
  const zs = b.pricing_support.operations.find((o) => o.key === 'z-spread')!
  t.same(
    (zs.parameters as { key: string; required: boolean }[]).filter((p) => p.required),
    [{ key: 'target_dirty_ccy', required: true }],
  )
  const cf = b.pricing_support.operations.find((o) => o.key === 'cashflows')!
  t.equal(cf.frame_url, `/api/v1/pricing/assets/${asset.uid}/cashflows/frame/`)
  t.equal(cf.frame_response_contract, 'core.tabular_frame@v1')
  t.equal((cf.response_mappings as { rowsPath: string }[])[0].rowsPath, '$.legs.*[*]')

  // every discovered operation has its explicit route in the OpenAPI document
  const doc = body<{ paths: Record<string, Record<string, unknown>> }>(await app.inject({ url: '/openapi.json' }))
  for (const op of b.pricing_support.operations) {
    const path = String(op.url).replace(asset.uid, '{asset_uid}')
    t.ok(doc.paths[path]?.post, `${path} exists`)
    if (op.frame_url)
      t.ok(doc.paths[String(op.frame_url).replace(asset.uid, '{asset_uid}')]?.post, 'frame route exists')
  }
})

t.test('unsupported instrument type: supported false, no operations, a reason', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const res = await app.inject({ url: `/api/v1/asset/${byId('IRS-USD-5Y-DEMO').uid}/get_pricing_details/` })
  t.equal(res.statusCode, 200)
  t.same(body(res).pricing_support, {
    supported: false,
    instrument_type: 'VanillaSwap',
    operations: [],
    reason: 'Instrument type is not registered for the fixed income pricer API.',
  })
})

t.test('404: missing asset, asset without pricing details; 422: bad uid', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const missing = '11111111-1111-4111-8111-111111111111'
  const a = await app.inject({ url: `/api/v1/asset/${missing}/get_pricing_details/` })
  t.equal(a.statusCode, 404)
  t.same(body(a), { detail: `Asset '${missing}' was not found.` })
  const future = byId('SR3-2027-03')
  const b = await app.inject({ url: `/api/v1/asset/${future.uid}/get_pricing_details/` })
  t.equal(b.statusCode, 404)
  t.same(body(b), { detail: `Pricing details for asset '${future.uid}' were not found.` })
  t.equal((await app.inject({ url: '/api/v1/asset/42/get_pricing_details/' })).statusCode, 422)
})

t.test('OpenAPI extensions on provider-native and frame operations', async (t) => {
  const { app } = await build(t)
  const doc = body<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
    await app.inject({ url: '/openapi.json' }),
  )
  const price = doc.paths['/api/v1/pricing/assets/{asset_uid}/price/'].post
  t.equal(price['x-workspace-consumer'], 'app-component')
  t.equal(price['x-ui-output-root'], 'response:$')
  t.equal(price['x-ui-response-mode'], 'provider-native-json')
  t.same(price['x-ui-flat-outputs'], ['price', 'units'])
  t.notOk(price['x-response-mappings'])
  const cf = doc.paths['/api/v1/pricing/assets/{asset_uid}/cashflows/'].post
  t.same(
    (cf['x-response-mappings'] as { rowsPath: string }[]).map((m) => m.rowsPath),
    ['$.legs.*[*]'],
  )
  const ncf = doc.paths['/api/v1/pricing/assets/{asset_uid}/net-cashflows/'].post
  t.same(
    (ncf['x-response-mappings'] as { rowsPath: string }[]).map((m) => m.rowsPath),
    ['$.cashflows'],
  )
  const frame = doc.paths['/api/v1/pricing/assets/{asset_uid}/cashflows/frame/'].post
  t.equal(frame['x-ui-contract'], 'core.tabular_frame@v1')
  t.notOk(frame['x-workspace-consumer'], 'frames are for generic tabular consumers')
})

t.test(
  'the thirteen pricer operationIds are in the connection contract with their kinds and cache rules',
  async (t) => {
    const { app } = await build(t)
    const ops = body<{
      availableOperations: {
        operationId: string
        kind: string
        method: string
        cache: { enabled: boolean }
        responseMappings: { rowsPath: string }[]
      }[]
    }>(await app.inject({ url: '/.well-known/workspace/connection-contract' })).availableOperations
    const ids = [
      'getAssetPricingDetails',
      'priceFixedIncomeAsset',
      'getFixedIncomeAssetAnalytics',
      'getFixedIncomeAssetDuration',
      'getFixedIncomeAssetYield',
      'getFixedIncomeAssetZSpread',
      'getFixedIncomeAssetCashflows',
      'getFixedIncomeAssetCashflowsFrame',
      'getFixedIncomeAssetNetCashflows',
      'getFixedIncomeAssetNetCashflowsFrame',
      'getFixedIncomeAssetCarryRollDown',
      'previewFixedIncomeAssetCurve',
      'checkFixedIncomeAssetFixingsAvailability',
    ]
    for (const id of ids) {
      const op = ops.find((o) => o.operationId === id)
      t.ok(op, `${id} listed`)
      if (!op) continue
      t.equal(op.kind, 'query', `${id} is a query`)
      if (op.method === 'POST') t.equal(op.cache.enabled, false, `${id} is not cached`)
    }
    t.equal(ops.find((o) => o.operationId === 'getAssetPricingDetails')?.cache.enabled, true)
  },
)
