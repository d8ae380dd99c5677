import { Type } from 'typebox'

export const HealthResponse = Type.Object(
  { status: Type.Literal('ok'), service: Type.String(), version: Type.String() },
  { additionalProperties: false, title: 'ApiHealthResponse' },
)
