/** `core.tabular_frame@v1`: a generic table a front end can bind to without knowing the provider. */
import { Type, type Static } from 'typebox'
import { JsonObject, Nullable } from './common.ts'

export const TABULAR_FRAME_CONTRACT = 'core.tabular_frame@v1'

export const FrameFieldType = Type.Enum(['string', 'number', 'integer', 'boolean', 'datetime', 'date', 'time', 'json', 'unknown'])

export const FrameField = Type.Object(
  {
    key: Type.String(),
    label: Type.Optional(Type.String()),
    description: Type.Optional(Nullable(Type.String())),
    type: FrameFieldType,
    nullable: Type.Optional(Type.Boolean()),
    nativeType: Type.Optional(Nullable(Type.String())),
    provenance: Type.Optional(Nullable(Type.String())),
    reason: Type.Optional(Nullable(Type.String())),
    derivedFrom: Type.Optional(Nullable(Type.Array(Type.String()))),
    warnings: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
)
export type FrameField = Static<typeof FrameField>

export const FrameSource = Type.Object(
  {
    kind: Type.String(),
    id: Type.Optional(Nullable(Type.String())),
    label: Type.Optional(Nullable(Type.String())),
    updatedAtMs: Type.Optional(Nullable(Type.Integer())),
    context: Type.Optional(JsonObject),
  },
  { additionalProperties: false },
)

export const TabularFrameResponse = Type.Object(
  {
    status: Type.Enum(['idle', 'loading', 'ready', 'error']),
    error: Type.Optional(Nullable(Type.Union([Type.String(), JsonObject]))),
    columns: Type.Array(Type.String({ minLength: 1 })),
    rows: Type.Array(JsonObject),
    fields: Type.Optional(Type.Array(FrameField)),
    meta: Type.Optional(Nullable(JsonObject)),
    source: Type.Optional(FrameSource),
  },
  { additionalProperties: false, title: 'TabularFrameResponse', 'x-ui-contract': TABULAR_FRAME_CONTRACT },
)
export type TabularFrameResponse = Static<typeof TabularFrameResponse>
