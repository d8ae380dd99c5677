/**
 * `GET /metrics` in Prometheus text format, from a registry owned by this app (tests build many apps in one
 * process): request durations per route, the pricing pool's utilisation and backlog, every pricing cache's size
 * and hit ratio (cache-metrics.ts), and bulk-delete job counts
 * and durations per state. A collector that cannot read its source (Redis away) reports nothing rather than fail.
 */
import fp from 'fastify-plugin'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { registerCacheMetrics } from './cache-metrics.ts'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics
  }
  interface FastifyRequest {
    metricsStart?: bigint
  }
}

export interface AppMetrics {
  registry: Registry
  bulkJobSeconds: Histogram<'resource' | 'state' | 'phase'>
  bulkExecutions: Counter<'resource' | 'outcome'>
}

const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'] as const

export default fp(
  async (app) => {
    const registry = new Registry()
    collectDefaultMetrics({ register: registry })

    const requestSeconds = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    })
    app.addHook('onRequest', async (request) => {
      request.metricsStart = process.hrtime.bigint()
    })
    app.addHook('onResponse', async (request, reply) => {
      if (request.metricsStart === undefined) return
      const seconds = Number(process.hrtime.bigint() - request.metricsStart) / 1e9
      // the route pattern, never the raw URL: uids in paths would make one series per resource
      const route = request.routeOptions.url ?? 'unmatched'
      requestSeconds.observe({ method: request.method, route, status_code: String(reply.statusCode) }, seconds)
    })

    // read at scrape time; the pool is decorated by the pricer plugin, which may be registered after this one
    const pool = () => (app.hasDecorator('pricer') ? app.pricer : null)
    new Gauge({
      name: 'pricing_pool_utilization_ratio',
      help: 'Share of the pricing threads busy since the pool started (Piscina utilization, 0..1)',
      registers: [registry],
      collect() {
        const p = pool()
        if (p) this.set(p.utilization)
      },
    })
    new Gauge({
      name: 'pricing_pool_queue_size',
      help: 'Pricing tasks waiting for a thread',
      registers: [registry],
      collect() {
        const p = pool()
        if (p) this.set(p.queueSize)
      },
    })
    new Gauge({
      name: 'pricing_pool_threads',
      help: 'Pricing threads alive',
      registers: [registry],
      collect() {
        const p = pool()
        if (p) this.set(p.threads.length)
      },
    })
    new Gauge({
      name: 'pricing_pool_completed_tasks',
      help: 'Pricing tasks completed since the pool started',
      registers: [registry],
      collect() {
        const p = pool()
        if (p) this.set(p.completed)
      },
    })

    new Gauge({
      name: 'bulk_delete_jobs',
      help: 'Bulk-delete jobs in the queue by state (absent while Redis is unreachable)',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        this.reset()
        const counts = app.hasDecorator('bulkQueue') ? await app.bulkQueue.counts() : null
        if (!counts) return
        for (const state of JOB_STATES) this.set({ state }, counts[state] ?? 0)
      },
    })
    new Gauge({
      name: 'bulk_workers_connected',
      help:
        'Bulk-delete workers connected to the queue, in every process (absent while Redis is unreachable); 0 means ' +
        'bulk deletes wait, then answer 504',
      registers: [registry],
      async collect() {
        this.reset()
        const workers = app.hasDecorator('bulkQueue') ? await app.bulkQueue.workersConnected() : null
        if (workers !== null) this.set(workers)
      },
    })
    const bulkJobSeconds = new Histogram({
      name: 'bulk_delete_job_duration_seconds',
      help: 'Bulk-delete job durations by final state: phase "queued" is enqueue to start, "run" is start to finish',
      labelNames: ['resource', 'state', 'phase'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [registry],
    })
    const bulkExecutions = new Counter({
      name: 'bulk_delete_executions_total',
      help:
        'Bulk-delete executions by outcome (deleted, blocked, unavailable, failed, timeout: withdrawn at the wait ' +
        'bound, nothing deleted)',
      labelNames: ['resource', 'outcome'] as const,
      registers: [registry],
    })

    registerCacheMetrics(app, registry)

    app.decorate('metrics', { registry, bulkJobSeconds, bulkExecutions })
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('content-type', registry.contentType)
      return registry.metrics()
    })
  },
  { name: 'metrics' },
)
