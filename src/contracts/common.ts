/** Shared wire primitives (the role of fastify/demo's schemas/common.ts). TypeBox only: no Fastify, no SQL. */
import { Type, type TSchema } from 'typebox'

export const Uid = Type.String({ format: 'uuid', description: 'UUID', examples: ['3f1c2a9e-7a51-4c1e-9a43-4d3f5b1f0c11'] })
export const IsoDate = Type.String({ format: 'date', description: 'ISO 8601 date (YYYY-MM-DD)' })
export const DateTime = Type.String({ format: 'date-time', description: 'ISO 8601 datetime (UTC)' })
export const JsonObject = Type.Record(Type.String(), Type.Unknown(), { description: 'free-form JSON object' })

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const ErrorResponse = Type.Object(
  {
    detail: Type.String({ description: 'what went wrong, and where' }),
    errors: Type.Optional(
      Type.Array(Type.Object({ location: Type.String(), message: Type.String() }, { additionalProperties: false }), {
        description: 'every validation failure (422 only)',
      }),
    ),
  },
  { additionalProperties: false, title: 'ErrorResponse' },
)

/** Path parameters `{uid}`: validated as UUIDs before any handler runs. */
export const UidParams = Type.Object({ uid: Uid }, { additionalProperties: false })
