/** Shared wire primitives (the role of fastify/demo's schemas/common.ts). TypeBox only: no Fastify, no SQL. */
import { Type, type TSchema } from 'typebox'

export const Uid = Type.String({
  format: 'uuid',
  description: 'UUID',
  examples: ['3f1c2a9e-7a51-4c1e-9a43-4d3f5b1f0c11'],
})
export const IsoDate = Type.String({ format: 'date', description: 'ISO 8601 date (YYYY-MM-DD)' })
/**
 * A date-time. As input it accepts RFC 3339 with an offset, a naive date-time (read as UTC) or a date (UTC
 * midnight), years 1901-2199, and validation rewrites it to its UTC ISO form (src/http/ajv.ts); as output it is
 * always `YYYY-MM-DDTHH:MM:SS.sssZ`.
 */
export const DateTime = Type.String({
  format: 'date-time',
  'x-utc-date-time': true,
  description:
    'ISO 8601 date-time in UTC. Input: RFC 3339 with an offset, a naive date-time (UTC) or a date (UTC midnight); ' +
    'years 1901-2199.',
})
export const JsonObject = Type.Record(Type.String(), Type.Unknown(), { description: 'free-form JSON object' })

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

type KeysOfUnion<T> = T extends unknown ? keyof T : never
type FieldOfUnion<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : undefined) : never
/**
 * A union of object types read field by field: every field of any member, optional, typed as the members declare it.
 * What a reader of "one of these shapes, not known which" can read without a cast (each member is assignable to it).
 */
export type UnionFields<T> = { [K in KeysOfUnion<T>]?: FieldOfUnion<T, K> }

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
