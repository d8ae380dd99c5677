/**
 * `GET <collection>/discovery/` routes: static documents, but a query string is checked so a client learns
 * early that presentation keys or unknown filters are not understood (400, as the peer answers).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { ErrorResponse } from '../contracts/common.ts'
import {
  ResourceDiscovery,
  discoveryDocument,
  discoveryKeys,
  type DiscoverySpec,
} from '../contracts/resource-discovery.ts'
import { badRequest } from './errors.ts'

const PRESENTATION_KEYS = new Set(['light', 'limit', 'offset', 'ordering', 'page', 'page_size', 'sort'])

export function assertDiscoveryQuery(request: FastifyRequest, acceptedKeys: readonly string[]): void {
  const keys = Object.keys((request.query ?? {}) as Record<string, unknown>)
  const presentation = keys.filter((k) => PRESENTATION_KEYS.has(k)).sort()
  if (presentation.length)
    throw badRequest(`Resource discovery does not accept presentation query keys: ${presentation.join(', ')}.`)
  const unknown = keys.filter((k) => !acceptedKeys.includes(k)).sort()
  if (unknown.length) throw badRequest(`Unsupported resource discovery query keys: ${unknown.join(', ')}.`)
}

/** Registers `GET <collection>/discovery/` serving the static document of `spec`. */
export function discoveryRoute(
  app: FastifyInstance,
  url: string,
  operationId: string,
  tag: string,
  spec: DiscoverySpec,
): void {
  const doc = discoveryDocument(spec)
  const accepted = discoveryKeys(spec)
  app.get(
    url,
    {
      schema: {
        operationId,
        tags: [tag],
        summary: `Discover ${spec.label.toLowerCase()}`,
        description:
          'The static workspace.resource_discovery@v1 document of the list: columns, search, filters and bulk ' +
          "actions. It accepts the list's search and filter keys; any other query key (presentation keys " +
          'included) is a 400.',
        // the accepted keys, documented; the handler answers every other key with the peer's 400 wording
        querystring: Type.Object(Object.fromEntries(accepted.map((k) => [k, Type.Optional(Type.String())])), {
          additionalProperties: true,
        }),
        response: { 200: ResourceDiscovery, 400: ErrorResponse },
      },
    },
    async (request) => {
      assertDiscoveryQuery(request, accepted)
      return doc
    },
  )
}
