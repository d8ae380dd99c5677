/**
 * Unknown query parameters are refused the same way on every API route: a route that declares no query
 * parameters gets an empty strict query schema, so `?anything` is a 422 naming the parameter, exactly as on the
 * routes that declare theirs. (Discovery routes declare their semantic keys and answer any other key with the
 * peer's 400; see http/discovery.ts.)
 */
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'

const NO_QUERY = Type.Object({}, { additionalProperties: false })

/** The public API: business routes, health and the well-known contract (not pages or their assets). */
const isApiRoute = (url: string) => url.startsWith('/api/') || url === '/health' || url.startsWith('/.well-known/')

export function refuseUndeclaredQueries(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return
    route.schema ??= {}
    route.schema.querystring ??= NO_QUERY
  })
}
