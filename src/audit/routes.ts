/**
 * `GET /api/v1/audit/` (admin): the audit trail, newest first, in the collection envelope; filters by subject,
 * operation and time. The events are written by src/plugins/audit.ts (API mutations) and the loader.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { DateTime, ErrorResponse, JsonObject } from '../contracts/common.ts'
import { paginationQuery, ResourceCollection } from '../contracts/collection.ts'
import { pagedCollection } from '../http/pagination.ts'
import { listEvents } from './repository.ts'

const AuditQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 50, maxLimit: 500 }),
    subject: Type.Optional(Type.String({ minLength: 1, description: "who: a key's name, a token's sub, `loader`" })),
    operation: Type.Optional(Type.String({ minLength: 1, description: 'an operationId (the loader: loadBundle)' })),
    since: Type.Optional({ ...DateTime, description: 'events at or after this time' }),
    until: Type.Optional({ ...DateTime, description: 'events before this time' }),
  },
  { additionalProperties: false },
)

export const AuditEventSchema = Type.Object(
  {
    id: Type.String(),
    at: DateTime,
    subject: Type.String(),
    operation_id: Type.String(),
    method: Type.String(),
    path: Type.String({ description: 'the URL path (no query string)' }),
    status: Type.Integer({ description: 'what the write answered: refused and failed writes are recorded too' }),
    touched: { ...JsonObject, description: 'what it touched: the route, its path parameters, uids and counts' },
    request_id: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false, title: 'AuditEvent' },
)

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/audit/',
    {
      schema: {
        operationId: 'listAuditEvents',
        summary: 'The audit trail of writes',
        description:
          'Every mutation through the API or the loader, newest first: who, when, which operationId, the status ' +
          '(refused and failed writes too) and what it touched. Nothing secret is recorded. Needs the admin scope.',
        tags: ['audit'],
        querystring: AuditQuery,
        response: { 200: ResourceCollection(AuditEventSchema, 'ResourceCollection_AuditEvent_'), 422: ErrorResponse },
      },
    },
    async (request) => pagedCollection(request.query, (q) => listEvents(app.sql, q)),
  )
}

export default routes
