/** Root-level adapter surface: `/`, `/health` and the well-known connection contract (not under /api/v1). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ConnectionContract, type OperationMetadata } from '../contracts/connection-contract.ts'
import { SERVICE_NAME, SERVICE_VERSION } from '../service-info.ts'
import { availableOperations, buildConnectionContract, type OpenApiDocument } from './connection-contract.ts'
import { HealthResponse } from './schemas.ts'

/** Where a visitor of `/` goes next. */
const LINKS = {
  explorer: '/explorer',
  docs: '/docs',
  redoc: '/redoc',
  openapi: '/openapi.json',
  connection_contract: '/.well-known/workspace/connection-contract',
  health: '/health',
  ready: '/ready',
  assets: '/api/v1/asset/',
  pricing_curves: '/api/v1/pricing/curves/',
  market_data: '/api/v1/pricing/market_data/',
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // a browser goes to the explorer; a client gets the links (not an API operation: no operationId, not documented)
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect('/explorer', 302)
    return { service: SERVICE_NAME, version: SERVICE_VERSION, links: LINKS }
  })

  app.get(
    '/health',
    {
      schema: {
        operationId: 'getApiHealth',
        summary: 'Service health',
        description: 'Liveness of the HTTP service. Touches no database, queue, pricing data or request identity.',
        tags: ['adapter'],
        response: { 200: HealthResponse },
      },
    },
    async () => ({ status: 'ok' as const, service: SERVICE_NAME, version: SERVICE_VERSION }),
  )

  // The OpenAPI document is fixed once the app is ready: derive the operation list a single time.
  let operations: OperationMetadata[] | undefined
  let doc: OpenApiDocument | undefined
  app.get(
    '/.well-known/workspace/connection-contract',
    {
      schema: {
        // named for the documentation only: the contract never lists itself (operation-registry.ts)
        operationId: 'getConnectionContract',
        summary: 'Adapter connection contract',
        description: 'Every public operation by stable operationId, from the reviewed registry.',
        tags: ['adapter'],
        response: { 200: ConnectionContract },
      },
    },
    async (request) => {
      doc ??= app.swagger() as unknown as OpenApiDocument
      operations ??= availableOperations(doc)
      const openapiUrl = request.host ? `${request.protocol}://${request.host}/openapi.json` : '/openapi.json'
      return buildConnectionContract(doc, openapiUrl, operations)
    },
  )
}

export default routes
