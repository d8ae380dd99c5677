/**
 * The ops surface (`/metrics`, the queue dashboard under `/ops/`) apart from the API. With OPS_PORT set, it is
 * served only by a listener of its own (OPS_HOST:OPS_PORT), so a deployment can publish the API port without its
 * ops pages; that listener serves nothing else but `/health` and `/ready` (for probes). Without OPS_PORT (the
 * default), the API listener serves both. One Fastify instance answers both listeners: the ops listener hands its
 * requests to the same router, marked, so hooks, logging and error bodies are the same.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { notFoundHandler } from './errors.ts'

const FROM_OPS_LISTENER = Symbol('ops listener')
const PROBES = new Set(['/health', '/ready'])

type Marked = IncomingMessage & { [FROM_OPS_LISTENER]?: true }

const pathOf = (url: string) => url.split('?')[0]

/** Whether a request came in on the ops listener (internal: authentication does not apply there). */
export const fromOpsListener = (raw: IncomingMessage): boolean => (raw as Marked)[FROM_OPS_LISTENER] === true

export const isOpsPath = (url: string): boolean => {
  const path = pathOf(url)
  return path === '/metrics' || path === '/ops' || path.startsWith('/ops/')
}

/** Refuses (404) ops paths on the API listener and API paths on the ops listener, when OPS_PORT is set. */
export function separateOpsSurface(app: FastifyInstance, enabled: boolean): void {
  if (!enabled) return
  app.addHook('onRequest', async (request, reply) => {
    const fromOps = (request.raw as Marked)[FROM_OPS_LISTENER] === true
    const allowed = fromOps
      ? isOpsPath(request.url) || PROBES.has(pathOf(request.url).replace(/\/$/, ''))
      : !isOpsPath(request.url)
    if (!allowed) return notFoundHandler(request, reply)
  })
}

/** The ops listener's server (not listening yet): every request goes to the app's router, marked as ops. */
export function createOpsServer(app: FastifyInstance): Server {
  const server = createServer(
    {
      requestTimeout: app.config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, app.config.requestTimeoutMs),
    },
    (req, res) => {
      ;(req as Marked)[FROM_OPS_LISTENER] = true
      app.routing(req, res)
    },
  )
  // like the API listener: keep-alive, but never past the app's own bounds
  server.keepAliveTimeout = app.server.keepAliveTimeout
  return server
}
