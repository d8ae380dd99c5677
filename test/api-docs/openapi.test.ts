/**
 * The OpenAPI document teaches: named component schemas under the spec's names referenced by $ref, tags with
 * descriptions, described errors, optional defaulted parameters, and examples that match their schemas.
 */
import t from 'tap'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { build, body } from '../helpers/app.ts'
import { TAGS } from '../../src/api-docs/tags.ts'

type Json = Record<string, unknown>
interface Parameter {
  name: string
  in: string
  required?: boolean
  schema?: Json
  example?: unknown
}
interface Media {
  schema?: Json
  example?: unknown
}
interface Operation {
  operationId?: string
  tags?: string[]
  parameters?: Parameter[]
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, { description: string; content?: Record<string, Media> }>
}
interface Doc {
  tags: { name: string; description: string }[]
  components: { schemas: Record<string, Json> }
  paths: Record<string, Record<string, Operation>>
}

const SPEC_MODELS = [
  'AssetPricingOperationRequest',
  'BondPriceResponse',
  'BondAnalyticsResponse',
  'BondDurationResponse',
  'BondYieldResponse',
  'BondZSpreadResponse',
  'BondCashflowsResponse',
  'BondNetCashflowsResponse',
  'BondCarryRollDownResponse',
  'BondCurvePreviewResponse',
  'BondFixingsAvailabilityResponse',
  'TabularFrameResponse',
  'DeleteImpactResponse',
  'FrontEndDetailSummary',
  'DiscountCurveResponse',
  'CurveDeleteResponse',
  'Curve',
  'CurveRef',
  'FixingRow',
  'PricingSupport',
  'OperationDescriptor',
  'ResourceDiscovery',
  'BulkActionExecutionRequest',
  'BulkActionPreflightResponse',
  'ConnectionContract',
  'ApiHealthResponse',
  'PricingMarketDataSet',
  'PricingMarketDataSetBinding',
]

async function openapi(t: { teardown(fn: () => unknown): void }): Promise<Doc> {
  const { app } = await build(t)
  return body<Doc>(await app.inject({ url: '/openapi.json' }))
}

function operations(doc: Doc): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, string, Operation] => [method, path, op]),
  )
}

const isRef = (s: Json | undefined) => typeof s?.$ref === 'string' && s.$ref.startsWith('#/components/schemas/')

t.test('named component schemas referenced by $ref, under the spec names', async (t) => {
  const doc = await openapi(t)
  for (const name of SPEC_MODELS) t.ok(doc.components.schemas[name], `components.schemas.${name}`)
  for (const [method, path, op] of operations(doc)) {
    const where = `${method.toUpperCase()} ${path}`
    const requestBody = op.requestBody?.content['application/json']?.schema
    if (requestBody) t.ok(isRef(requestBody), `${where}: the request body is a named model`)
    for (const [status, response] of Object.entries(op.responses)) {
      const schema = response.content?.['application/json']?.schema
      if (!status.startsWith('2') || !schema) continue
      const named = isRef(schema) || (schema.type === 'array' && isRef(schema.items as Json)) || schema.type === 'null'
      t.ok(named, `${where} ${status}: the response is a named model`)
      // the spec gives curve selections their own CurveSelectionsResponse {curve, count, results}
      if (/^(list|search)/.test(op.operationId ?? '') && op.operationId !== 'listPricingCurveSelections')
        t.match(
          schema.$ref,
          /^#\/components\/schemas\/ResourceCollection_\w+_$/,
          `${op.operationId}: a collection envelope per resource`,
        )
    }
  }
  const collections = Object.keys(doc.components.schemas).filter((n) => n.startsWith('ResourceCollection_'))
  t.ok(collections.length >= 14, collections.join())
  const refs = JSON.stringify(doc).match(/#\/components\/schemas\/[^"]+/g) ?? []
  for (const ref of new Set(refs))
    t.ok(doc.components.schemas[decodeURIComponent(ref.split('/').pop()!)], `${ref} resolves`)
})

t.test('tags per route group, with descriptions; every error response described', async (t) => {
  const doc = await openapi(t)
  t.same(
    doc.tags.map((g) => g.name),
    TAGS.map((g) => g.name),
  )
  for (const tag of doc.tags) t.ok(tag.description.length > 20, `${tag.name} is described`)
  const used = new Set<string>()
  for (const [method, path, op] of operations(doc)) {
    t.equal(op.tags?.length, 1, `${method} ${path} has one tag`)
    t.ok(
      TAGS.some((g) => g.name === op.tags?.[0]),
      `${method} ${path}: tag '${op.tags?.[0]}' is declared`,
    )
    used.add(op.tags![0])
    for (const [status, response] of Object.entries(op.responses)) {
      t.ok(
        response.description && response.description !== 'Default Response',
        `${op.operationId} ${status} is described`,
      )
    }
  }
  t.same([...used].sort(), TAGS.map((g) => g.name).sort(), 'every tag has routes')
})

t.test('defaulted parameters are optional, in OpenAPI and in the connection contract', async (t) => {
  const { app } = await build(t)
  const doc = body<Doc>(await app.inject({ url: '/openapi.json' }))
  let defaulted = 0
  for (const [, , op] of operations(doc)) {
    for (const p of op.parameters ?? []) {
      if (p.schema?.default === undefined) continue
      defaulted++
      t.equal(p.required, false, `${op.operationId} ${p.name} has a default, so it is optional`)
    }
  }
  t.ok(defaulted > 50, `${defaulted} defaulted parameters`)
  const contract = body<{
    availableOperations: { operationId: string; parameters: { name: string; required: boolean }[] }[]
  }>(await app.inject({ url: '/.well-known/workspace/connection-contract' }))
  const curves = contract.availableOperations.find((o) => o.operationId === 'listPricingCurves')!
  t.same(
    curves.parameters.filter((p) => ['limit', 'offset'].includes(p.name)).map((p) => p.required),
    [false, false],
  )
  const body422 = doc.components.schemas['AccountAddHoldingsRequest'] as { required: string[] }
  t.notOk(body422.required.includes('overwrite'), 'a body field with a default is optional too')
})

t.test('examples for every path parameter, request body and 2xx response, each valid for its schema', async (t) => {
  const doc = await openapi(t)
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
  // the components once, under an id; each example's schema refers into it (compiled once per model)
  ajv.addSchema({ $id: 'https://openapi.local/doc', components: doc.components })
  const check = (schema: Json, value: unknown, what: string) => {
    const validate = ajv.compile(
      JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"https://openapi.local/doc#/components/'),
      ) as Json,
    )
    t.ok(validate(value), `${what}: ${JSON.stringify(validate.errors?.slice(0, 2))}`)
  }
  let responses = 0
  for (const [method, path, op] of operations(doc)) {
    const where = `${op.operationId} (${method.toUpperCase()} ${path})`
    for (const p of op.parameters ?? [])
      if (p.in === 'path')
        t.ok(typeof p.example === 'string' && p.example.length > 0, `${where}: path parameter ${p.name} has an example`)
    const requestBody = op.requestBody?.content['application/json']
    if (requestBody) {
      t.not(requestBody.example, undefined, `${where}: the request body has an example`)
      if (requestBody.schema && requestBody.example !== undefined)
        check(requestBody.schema, requestBody.example, `${where} request example`)
    }
    for (const [status, response] of Object.entries(op.responses)) {
      const media = response.content?.['application/json']
      if (!status.startsWith('2') || !media) continue
      t.not(media.example, undefined, `${where}: the ${status} response has an example`)
      if (media.schema && media.example !== undefined) {
        check(media.schema, media.example, `${where} ${status} example`)
        responses++
      }
    }
  }
  t.ok(responses > 120, `${responses} response examples`)
})
