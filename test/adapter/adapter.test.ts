import t from 'tap'
import { createAjv } from '../../src/http/ajv.ts'
import { ConnectionContract } from '../../src/contracts/connection-contract.ts'
import { canonicalJson } from '../../src/adapter/connection-contract.ts'
import {
  EXTENSION_OPERATIONS,
  OPERATION_REGISTRY,
  UNPUBLISHED_OPERATIONS,
} from '../../src/adapter/operation-registry.ts'
import { SERVICE_VERSION } from '../../src/service-info.ts'
import { build, body } from '../helpers/app.ts'
import { createHash } from 'node:crypto'

/** The spec's operation allowlist: exactly 100 operationIds. */
export const ALLOWLIST = [
  'getApiHealth',
  'getApiSettings',
  'listAssets',
  'getAsset',
  'getAssetSummary',
  'getAssetPricingDetails',
  'getAssetMonitorFrame',
  'listAssetCategories',
  'getAssetCategoryDetail',
  'listAccounts',
  'getAccountSummary',
  'searchAccountTargetAllocationTargets',
  'getAccountHoldings',
  'getAccountHoldingsByFund',
  'getAccountTargetPositions',
  'listIndexes',
  'getIndex',
  'getIndexDeleteImpact',
  'listPortfolios',
  'getPortfolio',
  'getPortfolioSummary',
  'getPortfolioWeights',
  'listVirtualFunds',
  'getVirtualFund',
  'getVirtualFundSummary',
  'getVirtualFundHoldings',
  'listCalendars',
  'getCalendar',
  'getCalendarSummary',
  'listCalendarDates',
  'getCalendarDate',
  'listCalendarSessions',
  'getCalendarSession',
  'listCalendarEvents',
  'getCalendarEvent',
  'listPricingCurves',
  'getPricingCurveSummary',
  'listPricingCurveSelections',
  'getPricingDiscountCurve',
  'getPricingMarketDataCard',
  'listPricingMarketDataSets',
  'getPricingMarketDataSetByKey',
  'getPricingMarketDataSet',
  'listPricingMarketDataBindings',
  'listPricingMarketDataSetBindings',
  'resolvePricingMarketDataBinding',
  'getPricingMarketDataBinding',
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
  'deleteAsset',
  'createAssetCategory',
  'bulkDeleteAssetCategories',
  'updateAssetCategory',
  'deleteAssetCategory',
  'addAccountHoldings',
  'addAccountTargetPositions',
  'deleteIndex',
  'bulkDeletePortfolios',
  'deletePortfolio',
  'deletePortfolioWeights',
  'bulkDeletePortfolioGroups',
  'createCalendar',
  'updateCalendar',
  'deleteCalendar',
  'createCalendarDate',
  'bulkUpsertCalendarDates',
  'updateCalendarDate',
  'deleteCalendarDate',
  'createCalendarSession',
  'bulkUpsertCalendarSessions',
  'updateCalendarSession',
  'deleteCalendarSession',
  'createCalendarEvent',
  'bulkUpsertCalendarEvents',
  'updateCalendarEvent',
  'deleteCalendarEvent',
  'createPricingMarketDataSet',
  'upsertPricingMarketDataSet',
  'updatePricingMarketDataSet',
  'deletePricingMarketDataSet',
  'createPricingMarketDataBinding',
  'upsertPricingMarketDataBinding',
  'updatePricingMarketDataBinding',
  'deletePricingMarketDataBinding',
  'discoverAssetCategories',
  'preflightBulkDeleteAssetCategories',
  'discoverPortfolios',
  'preflightBulkDeletePortfolios',
  'discoverPortfolioGroups',
  'preflightBulkDeletePortfolioGroups',
]

interface Op {
  operationId: string
  method: string
  path: string
  kind: string
  capabilities: string[]
  cache: { enabled: boolean; ttlSeconds: number | null }
  requestBody: unknown
  supportsMaxRows: boolean
  parameters: { name: string }[]
  responseMappings: { rowsPath: string }[]
}
interface Doc {
  openapi: string
  paths: Record<string, Record<string, { operationId?: string }>>
}

t.test('health: ok with the package version, no database needed', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ url: '/health' })
  t.equal(res.statusCode, 200)
  t.same(body(res), { status: 'ok', service: 'fixed-income-service', version: SERVICE_VERSION })
})

t.test(
  '/: a browser is sent to the explorer, a client gets the links, and it is no documented operation',
  async (t) => {
    const { app } = await build(t)
    const browser = await app.inject({ url: '/', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } })
    t.same([browser.statusCode, browser.headers.location], [302, '/explorer'])
    const client = await app.inject({ url: '/' })
    t.equal(client.statusCode, 200)
    const links = body<{ service: string; links: Record<string, string> }>(client)
    t.equal(links.service, 'fixed-income-service')
    for (const [name, url] of Object.entries(links.links))
      t.not(
        (await app.inject({ url, headers: { accept: 'application/json' } })).statusCode,
        404,
        `${name} ${url} exists`,
      )
    const doc = body<Doc>(await app.inject({ url: '/openapi.json' }))
    t.notOk('/' in doc.paths, 'not in OpenAPI')
  },
)

t.test('connection contract: strict schema, registry ⊆ allowlist, every operation in OpenAPI and back', async (t) => {
  const { app } = await build(t)
  t.equal(ALLOWLIST.length, 100)
  t.equal(new Set(ALLOWLIST).size, 100)
  t.same(
    Object.keys(OPERATION_REGISTRY).sort(),
    [...ALLOWLIST, ...EXTENSION_OPERATIONS].sort(),
    'the reviewed registry is the allowlist and the reviewed extensions',
  )

  const res = await app.inject({
    url: '/.well-known/workspace/connection-contract',
    headers: { host: 'pricing.example:8443' },
  })
  t.equal(res.statusCode, 200)
  const contract = body<{
    availableOperations: Op[]
    openapi: { url: string; checksum: string }
    configVariables: unknown[]
    secretVariables: unknown[]
  }>(res)
  const validate = createAjv({}).compile(ConnectionContract)
  t.ok(validate(contract), JSON.stringify(validate.errors))
  t.equal(contract.openapi.url, 'http://pricing.example:8443/openapi.json', 'absolute URL from the request')
  t.same([contract.configVariables, contract.secretVariables], [[], []])

  const doc = body<Doc>(await app.inject({ url: '/openapi.json' }))
  t.equal(doc.openapi, '3.1.0')
  t.equal(
    contract.openapi.checksum,
    createHash('sha256').update(canonicalJson(doc)).digest('hex'),
    'checksum of the canonical OpenAPI JSON',
  )

  const openapiIds = new Map<string, { method: string; path: string }>()
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item))
      if (op.operationId) openapiIds.set(op.operationId, { method: method.toUpperCase(), path })
  const listed = new Set(contract.availableOperations.map((o) => o.operationId))
  for (const op of contract.availableOperations) {
    t.ok(
      ALLOWLIST.includes(op.operationId) || EXTENSION_OPERATIONS.has(op.operationId),
      `${op.operationId} is allowlisted or a reviewed extension`,
    )
    t.same(
      openapiIds.get(op.operationId),
      { method: op.method, path: op.path },
      `${op.operationId} exists in /openapi.json at the same place`,
    )
  }
  t.ok(listed.has('getApiHealth'), 'health is listed')
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1')) continue
    for (const [method, op] of Object.entries(item)) {
      t.ok(
        op.operationId && (listed.has(op.operationId) || UNPUBLISHED_OPERATIONS.has(op.operationId)),
        `${method.toUpperCase()} ${path} (${op.operationId}) is in the contract or reviewed as unpublished`,
      )
    }
  }
  const missing = ALLOWLIST.filter((id) => !listed.has(id))
  t.comment(`allowlisted operationIds still missing (${missing.length}): ${missing.join(', ') || 'none'}`)
  t.same(missing, [], 'every allowlisted operationId is served and advertised')
  t.same(
    [...UNPUBLISHED_OPERATIONS].filter((id) => !openapiIds.has(id)),
    [],
    'every reviewed unpublished operation exists',
  )
})

t.test('operation metadata follows the spec rules', async (t) => {
  const { app } = await build(t)
  const ops = body<{ availableOperations: Op[] }>(
    await app.inject({ url: '/.well-known/workspace/connection-contract' }),
  ).availableOperations
  for (const op of ops) {
    if (op.kind === 'mutation') {
      t.same(op.capabilities, ['mutation'], `${op.operationId} mutation capability`)
      t.same(op.cache, { enabled: false, ttlSeconds: null }, `${op.operationId} mutations are never cached`)
    } else {
      t.same(op.capabilities, ['query'], `${op.operationId} is query-capable`)
    }
    if (op.method === 'POST' && op.kind !== 'mutation')
      t.equal(op.cache.enabled, false, `${op.operationId}: POST calculations are not cached`)
    if (/DeleteImpact|^preflight|^getApiHealth$/.test(op.operationId))
      t.equal(op.cache.enabled, false, `${op.operationId}: live state is not cached`)
    t.equal(
      op.supportsMaxRows,
      op.parameters.some((p) => p.name === 'limit'),
      `${op.operationId} supportsMaxRows iff limit`,
    )
    if (/^(discover|preflightBulkDelete)/.test(op.operationId))
      t.equal(op.kind, 'resource', `${op.operationId} is a resource operation`)
    if (op.operationId.startsWith('list') && op.operationId !== 'listPricingCurveSelections')
      t.same(
        op.responseMappings.map((m) => m.rowsPath),
        ['$.results'],
        `${op.operationId} advertises the spec's rowsPath`,
      )
  }
})

t.test('docs render from local assets only', async (t) => {
  const { app } = await build(t)
  const page = await app.inject({ url: '/docs/' })
  t.equal(page.statusCode, 200)
  t.match(page.body, 'swagger-ui')
  const init = await app.inject({ url: '/docs/static/swagger-initializer.js' })
  t.equal(init.statusCode, 200)
  const script = await app.inject({ url: '/docs/static/swagger-ui-bundle.js' })
  t.equal(script.statusCode, 200, 'the Swagger UI bundle is served locally')
  t.notMatch(
    page.body,
    /https?:\/\/(?!localhost)[a-z0-9.-]+\.[a-z]{2,}\/[^"']*\.(js|css)/i,
    'no external scripts or styles',
  )
  const redoc = await app.inject({ url: '/redoc' })
  t.equal(redoc.statusCode, 200)
  t.match(redoc.body, '<script src="/redoc/redoc.standalone.js">')
  t.notMatch(redoc.body, /cdn|https?:\/\//)
  const bundle = await app.inject({ url: '/redoc/redoc.standalone.js' })
  t.equal(bundle.statusCode, 200)
  t.ok(bundle.body.length > 100_000)
})
