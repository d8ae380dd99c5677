/**
 * The adapter connection contract served at `/.well-known/workspace/connection-contract`. Strict at every
 * level: a field not listed here is a contract change and needs a new contractVersion.
 */
import { Type, type Static } from 'typebox'
import { JsonObject, Nullable } from './common.ts'

export const OperationKind = Type.Enum(['query', 'mutation', 'resource'])
export type OperationKind = Static<typeof OperationKind>

export const OperationParameter = Type.Object(
  {
    name: Type.String(),
    in: Type.Enum(['path', 'query', 'header']),
    required: Type.Boolean(),
    type: Type.String({ description: 'JSON type of the value: string, integer, number, boolean, array, object' }),
  },
  { additionalProperties: false },
)

export const ResponseMapping = Type.Object(
  {
    id: Type.String(),
    label: Type.String(),
    contract: Type.String(),
    statusCode: Type.String(),
    contentType: Type.String(),
    rowsPath: Type.String(),
  },
  { additionalProperties: false },
)
export type ResponseMapping = Static<typeof ResponseMapping>

export const OperationMetadata = Type.Object(
  {
    operationId: Type.String(),
    label: Type.String(),
    description: Type.String(),
    method: Type.Enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: Type.String({ description: 'relative to the deployed API root; business routes include /api/v1' }),
    kind: OperationKind,
    capabilities: Type.Array(Type.Enum(['query', 'mutation'])),
    requiresTimeRange: Type.Boolean(),
    supportsVariables: Type.Boolean(),
    supportsMaxRows: Type.Boolean(),
    parameters: Type.Array(OperationParameter),
    requestBody: Nullable(
      Type.Object(
        { required: Type.Boolean(), contentType: Type.Literal('application/json'), schema: JsonObject },
        { additionalProperties: false },
      ),
    ),
    responseMappings: Type.Array(ResponseMapping),
    cache: Type.Object(
      { enabled: Type.Boolean(), ttlSeconds: Nullable(Type.Integer({ minimum: 1 })) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'OperationMetadata' },
)
export type OperationMetadata = Static<typeof OperationMetadata>

const EmptyList = Type.Array(Type.Never(), { maxItems: 0 })

export const ConnectionContract = Type.Object(
  {
    contractVersion: Type.Literal(1),
    adapter: Type.Object(
      { type: Type.Literal('adapter-from-api'), id: Type.String(), title: Type.String(), description: Type.String() },
      { additionalProperties: false },
    ),
    openapi: Type.Object(
      {
        url: Type.String(),
        version: Type.Literal('3.1.0'),
        checksum: Nullable(Type.String({ pattern: '^[0-9a-f]{64}$' })),
      },
      { additionalProperties: false },
    ),
    configVariables: EmptyList,
    secretVariables: EmptyList,
    availableOperations: Type.Array(OperationMetadata),
    health: Type.Object(
      { operationId: Type.Literal('getApiHealth'), expectedStatus: Type.Literal(200), timeoutMs: Type.Literal(5000) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'ConnectionContract' },
)
export type ConnectionContract = Static<typeof ConnectionContract>
