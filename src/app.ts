/**
 * buildApp: the whole HTTP service as a Fastify instance, for server.ts and for tests (app.inject). Route
 * groups are discovered: every `src/<group>/routes.ts` is registered, in folder order, as an encapsulated plugin.
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { randomUUID } from 'node:crypto'
import { readdirSync, existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Config } from './config.ts'
import type { Sql } from './db/client.ts'
import { listCounts } from './db/list-counts.ts'
import dbPlugin from './plugins/db.ts'
import readinessPlugin from './plugins/readiness.ts'
import openapiPlugin from './plugins/openapi.ts'
import pricerPlugin from './plugins/pricer.ts'
import pricingCachePlugin from './plugins/pricing-cache.ts'
import metricsPlugin from './plugins/metrics.ts'
import authPlugin from './plugins/auth.ts'
import auditPlugin from './plugins/audit.ts'
import rateLimitPlugin from './plugins/rate-limit.ts'
import queuePlugin from './plugins/queue.ts'
import pricingJobsPlugin from './plugins/pricing-jobs.ts'
import {
  MAX_PATH_PARAM_LENGTH,
  RETRY_AFTER_SECONDS,
  clientErrorHandler,
  errorHandler,
  frameworkErrorHandler,
  notFoundHandler,
} from './http/errors.ts'
import { validatorCompiler } from './http/validation.ts'
import { refuseUndeclaredQueries } from './http/strict-query.ts'
import { separateOpsSurface } from './http/ops-surface.ts'
import { installInputSafety } from './http/input-safety.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

export interface AppOptions {
  config: Config
  sql: Sql
  /** end the sql pool when the app closes */
  ownsSql?: boolean
  /** the pricing worker entry (tests inject faults through a wrapper) */
  pricerWorkerUrl?: URL
  /** start the pricing threads at boot (default true) */
  prespawnPricer?: boolean
  /** extra plugins registered last (benchmarks mount a hello-world baseline served the same way) */
  extraPlugins?: FastifyPluginAsync[]
  logger?: FastifyServerOptions['logger']
}

const SRC = fileURLToPath(new URL('.', import.meta.url))
// `routes.ts` from the sources (tsx, tests), `routes.js` from the build (dist/src)
const ROUTES_FILE = `routes${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`

/** `src/<group>/routes.ts` files, sorted so registration order is stable. */
export function routeGroups(): string[] {
  return readdirSync(SRC, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`${SRC}${d.name}/${ROUTES_FILE}`))
    .map((d) => d.name)
    .sort()
}

/** Validation, error bodies and request ids: shared by the app and by tests that mount throwaway routes. */
export function configureHttp(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler)
  app.setErrorHandler(errorHandler)
  app.setNotFoundHandler(notFoundHandler)
  refuseUndeclaredQueries(app)
  installInputSafety(app)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
}

/** Trust the nearest `hops` proxies (Fastify types a hop count only as a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    // Node's default holds a request whose body never completes for 300 s. Node reads the bound when the server is
    // constructed (a later property write leaves the 60 s headers bound in charge), hence `http` too
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, config.requestTimeoutMs),
    },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // request.protocol and request.host follow X-Forwarded-Proto/Host only from trusted proxies
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>()

  configureHttp(app)
  separateOpsSurface(app, config.opsPort !== null)
  app.decorate('config', config)
  listCounts.resize(config.listCountCacheSize)
  await app.register(readinessPlugin, { timeoutMs: config.dbConnectTimeoutMs, retryAfterSeconds: RETRY_AFTER_SECONDS })
  await app.register(dbPlugin, { sql: options.sql, ownsPool: options.ownsSql ?? false })
  await app.register(authPlugin)
  await app.register(auditPlugin)
  await app.register(rateLimitPlugin)
  // onClose hooks run in reverse order: pricing pool, then queue (drains its jobs), then the database
  await app.register(metricsPlugin)
  await app.register(queuePlugin)
  await app.register(pricerPlugin, {
    threads: config.pricerThreads,
    heavyThreads: config.pricerHeavyThreads,
    heavyIdle: config.pricerHeavyIdle,
    batchScheduling: config.pricerBatchScheduling,
    maxMemoryMb: config.pricerWorkerMaxMemoryMb,
    cacheLimits: {
      instruments: config.pricingCaches.workerInstruments,
      instrumentsMb: config.pricingCaches.workerInstrumentsMb,
      curves: config.pricingCaches.workerCurves,
      trees: config.pricingCaches.workerTrees,
      treesMb: config.pricingCaches.workerTreesMb,
    },
    timeoutMs: () => config.pricerTaskTimeoutMs,
    queueTimeoutMs: () => config.pricerQueueTimeoutMs,
    prespawn: options.prespawnPricer ?? true,
    workerUrl: options.pricerWorkerUrl,
  })
  await app.register(pricingCachePlugin)
  await app.register(pricingJobsPlugin)
  await app.register(openapiPlugin)
  for (const group of routeGroups()) {
    const mod = (await import(pathToFileURL(`${SRC}${group}/${ROUTES_FILE}`).href)) as {
      default: Parameters<typeof app.register>[0]
    }
    await app.register(mod.default)
  }
  for (const plugin of options.extraPlugins ?? []) await app.register(plugin)
  await app.ready()
  return app
}
