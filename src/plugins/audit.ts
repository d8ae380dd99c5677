/**
 * The audit trail of the API: every request to a `write`-scope route (src/auth/scopes.ts: the /api/v1 mutations) is
 * recorded once answered, whatever its status, with its subject (request.principal, or `anonymous`), operationId,
 * path, status and what it touched: the route, its path parameters and, from a JSON answer, its `uid` and the
 * `*_count` figures. Never a request body or a credential. A failed record is logged and does not fail the answer.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { recordEvent } from '../audit/repository.ts'
import { requestScope } from './auth.ts'

function touched(request: FastifyRequest, payload: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { route: request.routeOptions.url }
  const params = request.params as Record<string, unknown> | undefined
  if (params && Object.keys(params).length) out.params = params
  if (typeof payload !== 'string' || !payload.startsWith('{')) return out
  try {
    const body = JSON.parse(payload) as Record<string, unknown>
    if (typeof body.uid === 'string') out.uid = body.uid
    const counts = Object.entries(body).filter(([k, v]) => (k.endsWith('_count') || k === 'written') && v !== null)
    if (counts.length) out.counts = Object.fromEntries(counts)
  } catch {
    // not JSON: the route and its parameters say enough
  }
  return out
}

export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (requestScope(request) !== 'write') return payload
      const schema = request.routeOptions.schema as { operationId?: string } | undefined
      try {
        await recordEvent(app.sql, {
          subject: request.principal?.subject ?? 'anonymous',
          operation_id: schema?.operationId ?? `${request.method} ${request.routeOptions.url}`,
          method: request.method,
          path: request.url.split('?')[0],
          status: reply.statusCode,
          touched: touched(request, payload),
          request_id: request.id,
        })
      } catch (error) {
        request.log.error({ err: (error as Error).message }, 'audit event not recorded')
      }
      return payload
    })
  },
  { name: 'audit', dependencies: ['db', 'auth'] },
)
