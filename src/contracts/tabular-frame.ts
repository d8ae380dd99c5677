/** `core.tabular_frame@v1`: a generic table a front end can bind to without knowing the provider. */
import { Type, type Static } from 'typebox'
import { JsonObject } from './common.ts'

export const TABULAR_FRAME_CONTRACT = 'core.tabular_frame@v1'

export const FrameFieldType = Type.Enum([
  'string',
  'number',
  'integer',
  'boolean',
  'datetime',
  'date',
  'time',
  'json',
  'unknown',
])

/** Optional attributes are left out when absent, never null (as the peer's frames, serialized without None). */
export const FrameField = Type.Object(
  {
    key: Type.String(),
    label: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    type: FrameFieldType,
    nullable: Type.Optional(Type.Boolean()),
    nativeType: Type.Optional(Type.String()),
    provenance: Type.Optional(Type.String()),
    reason: Type.Optional(Type.String()),
    derivedFrom: Type.Optional(Type.Array(Type.String())),
    warnings: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false, title: 'TabularFrameField' },
)
export type FrameField = Static<typeof FrameField>

export const FrameSource = Type.Object(
  {
    kind: Type.String(),
    id: Type.Optional(Type.String()),
    label: Type.Optional(Type.String()),
    updatedAtMs: Type.Optional(Type.Integer()),
    context: Type.Optional(JsonObject),
  },
  { additionalProperties: false, title: 'TabularFrameSource' },
)

export const TabularFrameResponse = Type.Object(
  {
    status: Type.Enum(['idle', 'loading', 'ready', 'error']),
    error: Type.Optional(Type.Union([Type.String(), JsonObject])),
    columns: Type.Array(Type.String({ minLength: 1 })),
    rows: Type.Array(JsonObject),
    fields: Type.Optional(Type.Array(FrameField)),
    meta: Type.Optional(JsonObject),
    source: Type.Optional(FrameSource),
  },
  {
    additionalProperties: false,
    title: 'TabularFrameResponse',
    description:
      'core.tabular_frame@v1: a table any front end can bind to. Absent error, meta and field attributes are left ' +
      'out, never null.',
    'x-ui-contract': TABULAR_FRAME_CONTRACT,
  },
)
export type TabularFrameResponse = Static<typeof TabularFrameResponse>
