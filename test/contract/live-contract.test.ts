/**
 * Live responses against the contracts' JSON Schemas (test/contract/schemas.ts, written from the spec and the
 * peer reference, not from our TypeBox schemas): every list, discovery document, frame, preflight, delete
 * impact, summary, pricing-details row and pricer response the demo can produce, and the adapter documents.
 */
import t from 'tap'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { build, body } from '../helpers/app.ts'
import { documentedOperations, sendExample } from '../helpers/examples.ts'
import { DEMO_SET_KEY, DEMO_VALUATION_DATE } from '../../src/db/demo/demo-ids.ts'
import { PRICER_OPERATIONS } from '../../src/pricing/operations.ts'
import * as contracts from './schemas.ts'

type Json = Record<string, unknown>
const ajv = new Ajv2020({ allErrors: true, strict: false })
;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
const compiled = new Map<object, ValidateFunction>()
const validator = (schema: object) => compiled.get(schema) ?? compiled.set(schema, ajv.compile(schema)).get(schema)!

interface Doc {
  paths: Record<
    string,
    Record<
      string,
      { operationId?: string; responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }
    >
  >
}

t.test('live responses conform to the contracts', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const doc = body<Doc>(await app.inject({ url: '/openapi.json' }))
  const modelOf = (operationId: string) => {
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item))
        if (op.operationId === operationId)
          return op.responses['200']?.content?.['application/json']?.schema?.$ref?.split('/').pop()
    return undefined
  }
  const tally: Record<string, number> = {}
  const conforms = (contract: string, schema: object, value: unknown, what: string) => {
    const validate = validator(schema)
    t.ok(validate(value), `${contract}: ${what} ${JSON.stringify(validate.errors?.slice(0, 3))}`)
    tally[contract] = (tally[contract] ?? 0) + 1
  }

  for (const op of documentedOperations(app)) {
    const model = modelOf(op.operationId) ?? ''
    const contract = model.startsWith('ResourceCollection_')
      ? 'resource_collection'
      : model === 'TabularFrameResponse'
        ? 'tabular_frame'
        : model === 'ResourceDiscovery'
          ? 'resource_discovery'
          : model === 'BulkActionPreflightResponse'
            ? 'bulk_action_preflight'
            : model === 'DeleteImpactResponse'
              ? 'delete_impact'
              : model === 'FrontEndDetailSummary'
                ? 'detail_summary'
                : undefined
    if (!contract) continue
    const answer = await sendExample(app, op)
    t.equal(answer.status, 200, `${op.operationId} ${answer.url}`)
    const schema = {
      resource_collection: contracts.collection,
      tabular_frame: contracts.tabularFrame,
      resource_discovery: contracts.resourceDiscovery,
      bulk_action_preflight: contracts.bulkPreflight,
      delete_impact: contracts.deleteImpact,
      detail_summary: contracts.detailSummary,
    }[contract]
    conforms(contract, schema, answer.body, `${op.operationId} ${answer.url}`)
  }

  const assets = body<{ items: { uid: string; unique_identifier: string }[] }>(
    await app.inject({ url: '/api/v1/asset/?limit=500' }),
  ).items
  const priced = new Set<string>()
  for (const asset of assets) {
    const res = await app.inject({ url: `/api/v1/asset/${asset.uid}/get_pricing_details/` })
    if (res.statusCode === 404) continue
    const details = body<{ instrument_type: string; pricing_support: { supported: boolean } }>(res)
    conforms('pricing_details', contracts.pricingDetails, details, asset.unique_identifier)
    // every operation on one bond of each class
    if (!details.pricing_support.supported || priced.has(details.instrument_type)) continue
    priced.add(details.instrument_type)
    for (const op of PRICER_OPERATIONS) {
      const parameters =
        op.key === 'z-spread' ? { target_dirty_ccy: 100 } : op.key === 'carry-roll-down' ? { horizon_days: 30 } : {}
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${asset.uid}/${op.key}/`,
        payload: { valuation_date: DEMO_VALUATION_DATE, market_data_set: DEMO_SET_KEY, parameters },
      })
      t.equal(res.statusCode, 200, `${asset.unique_identifier} ${op.key}: ${res.body.slice(0, 200)}`)
      conforms(`pricer ${op.key}`, contracts.pricerResponses[op.key], body(res), asset.unique_identifier)
    }
  }

  conforms(
    'connection_contract',
    contracts.connectionContract,
    body(await app.inject({ url: '/.well-known/workspace/connection-contract' })),
    'the contract',
  )
  conforms('health', contracts.health, body(await app.inject({ url: '/health' })), '/health')

  for (const contract of [
    'resource_collection',
    'tabular_frame',
    'resource_discovery',
    'bulk_action_preflight',
    'delete_impact',
    'detail_summary',
    'pricing_details',
  ]) {
    t.ok((tally[contract] ?? 0) >= 2, `${contract}: ${tally[contract] ?? 0} live responses checked`)
  }
  t.equal(priced.size, 7, 'all seven classes priced')
  t.ok(Object.values(tally).reduce((a, b) => a + b, 0) > 100, `${JSON.stringify(tally)}`)
})

t.test('discovery documents: search is null when the list has none; select filters carry options', async (t) => {
  const { app } = await build(t)
  const discovery = async (url: string) =>
    body<{ list: { controls: { search: Json | null; filters: Json[] } } }>(await app.inject({ url }))
  t.equal((await discovery('/api/v1/pricing/market_data/sets/discovery/')).list.controls.search, null)
  t.match((await discovery('/api/v1/portfolio/discovery/')).list.controls.search, { placeholder: 'Search portfolios' })
  const targets = await discovery('/api/v1/account/target-allocation/targets/discovery/')
  t.same(targets.list.controls.filters, [
    {
      key: 'target_type',
      label: 'Target type',
      type: 'select',
      options: [
        { label: 'All', value: 'all' },
        { label: 'Assets', value: 'asset' },
        { label: 'Portfolios', value: 'portfolio' },
      ],
    },
  ])
})

t.test('frames leave out absent error, meta and derivedFrom', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const frame = body<Json & { fields: Json[] }>(
    await app.inject({
      method: 'POST',
      url: '/api/v1/pricing/assets/d4037e5c-6e60-5619-b1cd-8b02cccb5792/cashflows/frame/',
      payload: { valuation_date: DEMO_VALUATION_DATE, market_data_set: DEMO_SET_KEY },
    }),
  )
  t.notOk('error' in frame || 'meta' in frame, 'no error: null, no meta: null')
  for (const field of frame.fields)
    t.notOk(Object.values(field).includes(null), `${String(field.key)}: no null attribute`)
  t.ok(frame.fields.every((f) => !('derivedFrom' in f)))
})

t.test('app_component follows the peer: response:$ with dotted flat outputs', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const details = body<{
    pricing_support: { operations: { key: string; app_component: { output_root: string; flat_outputs: string[] } }[] }
  }>(await app.inject({ url: '/api/v1/asset/d4037e5c-6e60-5619-b1cd-8b02cccb5792/get_pricing_details/' }))
  const byKey = Object.fromEntries(details.pricing_support.operations.map((o) => [o.key, o.app_component]))
  t.ok(Object.values(byKey).every((c) => c.output_root === 'response:$'))
  t.same(byKey.analytics.flat_outputs, ['analytics.clean_price', 'analytics.dirty_price', 'analytics.accrued_amount'])
  t.ok(byKey['carry-roll-down'].flat_outputs.includes('metrics.cr_dirty'))
  const doc = body<{ paths: Record<string, Record<string, Json>> }>(await app.inject({ url: '/openapi.json' }))
  const analytics = doc.paths['/api/v1/pricing/assets/{asset_uid}/analytics/'].post
  t.same(
    [analytics['x-ui-output-root'], analytics['x-ui-flat-outputs']],
    ['response:$', byKey.analytics.flat_outputs],
    'the OpenAPI extensions say the same',
  )
})
