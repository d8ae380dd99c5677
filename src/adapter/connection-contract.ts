/**
 * Builds the connection contract from the reviewed registry and the OpenAPI document: the registry says what is
 * published and how (kind, cache, mappings); the route schemas say where and with what inputs.
 */
import { createHash } from 'node:crypto'
import type { ConnectionContract, OperationMetadata } from '../contracts/connection-contract.ts'
import { OPERATION_REGISTRY } from './operation-registry.ts'

interface OpenApiParameter {
  name: string
  in: string
  required?: boolean
  schema?: { type?: string | string[]; anyOf?: { type?: string }[] }
}
interface OpenApiOperation {
  operationId?: string
  summary?: string
  description?: string
  parameters?: OpenApiParameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> }
}
export interface OpenApiDocument {
  openapi: string
  paths?: Record<string, Record<string, OpenApiOperation>>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** Every operation of the document by operationId, with its method and path. */
export function openApiOperations(
  doc: OpenApiDocument,
): Map<string, { method: string; path: string; op: OpenApiOperation }> {
  const found = new Map<string, { method: string; path: string; op: OpenApiOperation }>()
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method]
      if (op?.operationId) found.set(op.operationId, { method: method.toUpperCase(), path, op })
    }
  }
  return found
}

function parameterType(p: OpenApiParameter): string {
  const schema = p.schema ?? {}
  const direct = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  return direct ?? schema.anyOf?.map((s) => s.type).find((t) => t && t !== 'null') ?? 'string'
}

function sortOperations(a: OperationMetadata, b: OperationMetadata): number {
  // health first, then by kind (query, resource, mutation), then by operationId
  const rank = (o: OperationMetadata) =>
    o.operationId === 'getApiHealth' ? 0 : { query: 1, resource: 2, mutation: 3 }[o.kind]
  return rank(a) - rank(b) || a.operationId.localeCompare(b.operationId)
}

export function availableOperations(doc: OpenApiDocument): OperationMetadata[] {
  const ops = openApiOperations(doc)
  const result: OperationMetadata[] = []
  for (const [operationId, entry] of Object.entries(OPERATION_REGISTRY)) {
    const found = ops.get(operationId)
    if (!found) continue // reviewed but not implemented yet: never advertise what does not exist
    const { method, path, op } = found
    const parameters = (op.parameters ?? [])
      .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
      .map((p) => ({
        name: p.name,
        in: p.in as 'path' | 'query' | 'header',
        required: p.required === true,
        type: parameterType(p),
      }))
    const bodySchema = op.requestBody?.content?.['application/json']?.schema
    result.push({
      operationId,
      label: op.summary ?? operationId,
      description: op.description ?? op.summary ?? operationId,
      method: method as OperationMetadata['method'],
      path,
      kind: entry.kind,
      capabilities: [entry.kind === 'mutation' ? 'mutation' : 'query'],
      requiresTimeRange: false,
      supportsVariables: parameters.length > 0 || bodySchema !== undefined,
      supportsMaxRows: parameters.some((p) => p.name === 'limit'),
      parameters,
      requestBody: bodySchema
        ? { required: op.requestBody?.required ?? true, contentType: 'application/json', schema: bodySchema }
        : null,
      responseMappings: entry.responseMappings,
      cache:
        entry.ttlSeconds === null
          ? { enabled: false, ttlSeconds: null }
          : { enabled: true, ttlSeconds: entry.ttlSeconds },
    })
  }
  return result.sort(sortOperations)
}

/** JSON with object keys sorted recursively: the same document always hashes the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      )
    }
    return v
  })
}

export function openApiChecksum(doc: OpenApiDocument): string {
  return createHash('sha256').update(canonicalJson(doc)).digest('hex')
}

export function buildConnectionContract(
  doc: OpenApiDocument,
  openapiUrl: string,
  operations: OperationMetadata[],
): ConnectionContract {
  return {
    contractVersion: 1,
    adapter: {
      type: 'adapter-from-api',
      id: 'fixed-income-service.api-v1',
      title: 'Fixed Income Pricing and Registry API',
      description:
        'QuantLib-exact bond pricing, pricing curves and market-data registries, and portfolio registries over HTTP.',
    },
    openapi: { url: openapiUrl, version: '3.1.0', checksum: openApiChecksum(doc) },
    configVariables: [],
    secretVariables: [],
    availableOperations: operations,
    health: { operationId: 'getApiHealth', expectedStatus: 200, timeoutMs: 5000 },
  }
}
