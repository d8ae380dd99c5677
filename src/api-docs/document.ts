/**
 * Turns the OpenAPI document generated from the route schemas into one that teaches: every titled model becomes
 * a named component referenced by `$ref` (generated clients keep the spec's model names), parameters and body
 * fields with a default are optional, every response says what it means, the route groups are tags with
 * descriptions, and requests and 2xx responses carry examples built from the demo bundle.
 */
import { hoistTitled } from '../contracts/schema-refs.ts'
import { AssetPricingOperationRequest } from '../pricing/schemas.ts'
import { exampleRequest, exampleResponse } from './examples.ts'
import { TAGS } from './tags.ts'

type Json = Record<string, unknown>

interface Parameter {
  name: string
  in: string
  required?: boolean
  schema?: Json
  example?: unknown
}
interface MediaType {
  schema?: unknown
  example?: unknown
}
interface Operation {
  operationId?: string
  tags?: string[]
  summary?: string
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, MediaType> }
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>
}
export interface OpenApiObject {
  openapi: string
  info?: Json
  tags?: unknown[]
  components?: { schemas?: Json }
  paths?: Record<string, Record<string, Operation>>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const MODELS_BY_NAME = [AssetPricingOperationRequest]
const REF = '#/components/schemas/'

const ERRORS: Record<string, string> = {
  '400':
    'Bad request: a rule beyond the schema (an offset not aligned to the page size, an operation the instrument type ' +
    'does not support, an unsupported bulk selection or option, an unknown discovery key). Body `{detail}`.',
  '404': 'Not found: the resource in the path (or one it names) does not exist. Body `{detail}` names it.',
  '409':
    'Conflict: the request is valid but the data does not allow it: market data, curves, fixings or bindings missing ' +
    'for the valuation (the detail names what is missing), a delete blocked by dependents, a duplicate key. Body ' +
    '`{detail}`.',
  '422':
    'Validation failed: the body, query or path does not match the schema (unknown fields and unknown query ' +
    'parameters included). Body `{detail, errors: [{location, message}]}`.',
  '413':
    "Payload too large: the body is over the route's size limit (BODY_LIMIT_BYTES; bundles: BUNDLE_BODY_LIMIT_BYTES).",
  '500':
    "Unexpected pricing runtime failure. The body is generic; the cause is logged under the response's x-request-id.",
  '503': 'A dependency (database, queue or pricing pool) is unavailable or the service is shutting down: retry later.',
  '504': 'The bulk deletion did not finish in time; the job goes on and can be retried safely.',
  // a status whose meaning depends on the route group: `<status>:<tag>`
  '504:pricing':
    'The pricing ran over its time limit (PRICER_TASK_TIMEOUT_MS): it was stopped and its worker replaced; no other ' +
    'request is affected. Body `{detail}` names the limit.',
  '504:risk':
    'A pricing ran over its time limit (PRICER_TASK_TIMEOUT_MS), or a split batch did not finish within ' +
    'PRICING_BATCH_WAIT_MS. Body `{detail}`.',
}

/** Body fields with a default need not be sent: list them as optional wherever they appear. */
function optionalDefaults(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(optionalDefaults)
  if (!schema || typeof schema !== 'object') return
  const s = schema as Json
  const properties = s.properties as Record<string, Json> | undefined
  if (properties && Array.isArray(s.required)) {
    const required = (s.required as string[]).filter((k) => properties[k]?.default === undefined)
    if (required.length) s.required = required
    else delete s.required
  }
  for (const [k, v] of Object.entries(s)) if (k !== 'examples' && k !== 'default') optionalDefaults(v)
}

const json = (content: Record<string, MediaType> | undefined) => content?.['application/json']

export function teachingDocument(doc: OpenApiObject): OpenApiObject {
  const schemas: Json = { ...(doc.components?.schemas ?? {}) }
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const example = op.operationId ? exampleRequest(op.operationId, path) : undefined
      for (const p of op.parameters ?? []) {
        if (p.schema?.default !== undefined) p.required = false
        const value =
          p.in === 'path' ? example?.params[p.name] : p.in === 'query' ? example?.query?.[p.name] : undefined
        if (value !== undefined) p.example = value
      }
      const body = json(op.requestBody?.content)
      if (body?.schema) {
        // hoisting copies every schema object: the route schemas that validate requests stay untouched
        body.schema = hoistTitled(body.schema, REF, schemas)
        optionalDefaults(body.schema)
        if (example?.body !== undefined) body.example = example.body
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        // a route that answers JSON null (single-row deletes) has no content in the generated document: say so
        if (status.startsWith('2') && !response.content && method !== 'get')
          response.content = { 'application/json': { schema: { type: 'null' } } }
        const media = json(response.content)
        if (media?.schema) media.schema = hoistTitled(media.schema, REF, schemas)
        if (status.startsWith('2')) {
          const ref = (media?.schema as { $ref?: string } | undefined)?.$ref
          const type = (media?.schema as { type?: string } | undefined)?.type
          response.description = ref
            ? `OK: ${decodeURIComponent(ref.slice(REF.length))}`
            : type === 'null'
              ? 'OK: null (done)'
              : 'OK'
          const recorded = op.operationId ? exampleResponse(op.operationId, status) : undefined
          if (media && recorded !== undefined) media.example = recorded
        } else {
          response.description = ERRORS[`${status}:${String(op.tags?.[0])}`] ?? ERRORS[status] ?? response.description
        }
      }
    }
  }
  // models the spec names that no route uses as such: the pricer routes each narrow AssetPricingOperationRequest
  for (const model of MODELS_BY_NAME) hoistTitled(model, REF, schemas)
  for (const s of Object.values(schemas)) optionalDefaults(s)
  return {
    ...doc,
    tags: [...TAGS],
    components: {
      ...doc.components,
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
    },
  }
}
