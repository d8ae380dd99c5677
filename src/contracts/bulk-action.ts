/**
 * Bulk action request (`workspace.bulk_action_execution@v1`, shared by preflight and execution) and the preflight
 * response (`workspace.bulk_action_preflight@v1`). Selection is explicit UIDs only; options are never advertised.
 */
import { Type, type Static } from 'typebox'
import { JsonObject, Nullable } from './common.ts'

export const BULK_EXECUTION_CONTRACT = 'workspace.bulk_action_execution@v1'
export const BULK_PREFLIGHT_CONTRACT = 'workspace.bulk_action_preflight@v1'

export const BulkActionRequest = Type.Object(
  {
    selection: Type.Object(
      {
        // any string is accepted here so that an unadvertised mode gets the route's clear 400, not a schema 422
        mode: Type.String({ minLength: 1, description: 'only `explicit` is supported' }),
        // required for `explicit` (checked by the route, 422): optional here so that a well-formed selection of
        // another mode (`all_matching` with a `query`) gets the clear 400 "supports only explicit UID selection"
        uids: Type.Optional(
          Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 10_000, uniqueItems: true }),
        ),
        query: Type.Optional(JsonObject),
      },
      { additionalProperties: false },
    ),
    options: JsonObject,
  },
  { additionalProperties: false, title: 'BulkActionExecutionRequest', 'x-ui-contract': BULK_EXECUTION_CONTRACT },
)
export type BulkActionRequest = Static<typeof BulkActionRequest>

export const BulkActionPreflightResponse = Type.Object(
  {
    allowed: Type.Boolean(),
    detail: Nullable(Type.String()),
    matched_count: Type.Integer({ minimum: 0 }),
    blockers: Type.Array(Type.String()),
    warnings: Type.Array(Type.String()),
  },
  { additionalProperties: false, title: 'BulkActionPreflightResponse', 'x-ui-contract': BULK_PREFLIGHT_CONTRACT },
)
export type BulkActionPreflightResponse = Static<typeof BulkActionPreflightResponse>
