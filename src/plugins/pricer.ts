/**
 * The pricing worker pool (Piscina), decorated as `app.pricer`. Workers run the numerical core on plain JSON
 * tasks; the pool is sized by PRICER_THREADS and pre-spawned so the first request does not pay for a thread
 * start. A worker that crashes fails its own task only: Piscina replaces it.
 */
import fp from 'fastify-plugin'
import { Piscina } from 'piscina'
import { TaskBatcher } from '../pricing/batcher.ts'
import type { WorkerCacheLimits } from '../../workers/operations/cache-report.ts'

declare module 'fastify' {
  interface FastifyInstance {
    pricer: Piscina
    /** the way requests reach the pool: tasks of one event-loop turn travel together */
    pricerBatches: TaskBatcher
  }
}

export interface PricerPluginOptions {
  threads: number
  /** bounds of each worker's caches (rebuilt instruments, built curves) */
  cacheLimits: WorkerCacheLimits
  /** time limit of one batch of tasks (read on every batch, so it can be changed at run time) */
  timeoutMs: () => number
  /** start every thread now (servers) or on first use (tests that never price) */
  prespawn: boolean
  /** the worker entry; tests may point at a wrapper that injects faults */
  workerUrl?: URL
}

// A JavaScript entry that registers tsx inside the thread, then loads the TypeScript dispatcher.
export const DEFAULT_WORKER_URL = new URL('../../workers/pool-entry.mjs', import.meta.url)

export default fp<PricerPluginOptions>(
  async (app, { threads, cacheLimits, timeoutMs, prespawn, workerUrl = DEFAULT_WORKER_URL }) => {
    const pool = new Piscina({
      filename: workerUrl.href,
      workerData: { cacheLimits },
      name: 'run',
      minThreads: prespawn ? threads : 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      maxQueue: 'auto',
      // batches are short and synchronous: a second one in flight keeps a thread busy while a result travels back
      concurrentTasksPerWorker: 2,
    })
    // unhandled, a worker that fails to load would kill the process (design §9)
    let lastWorkerError = 0
    pool.on('error', (error: unknown) => {
      lastWorkerError = Date.now()
      app.log.error({ err: error }, 'pricing worker error')
    })
    app.readiness.add('pricing_pool', {
      required: true,
      run: () => {
        const figures = { threads: pool.threads.length, max_threads: threads, queue_size: pool.queueSize, utilization: Math.round(pool.utilization * 1000) / 1000 }
        // threads start lazily (tests) and are replaced after a crash: down only when they fail and none is left
        const failing = pool.threads.length === 0 && Date.now() - lastWorkerError < 30_000
        return failing ? { status: 'down', detail: 'Pricing workers fail to start; the cause is logged.', ...figures } : { status: 'ok', ...figures }
      },
    })
    app.decorate('pricer', pool)
    app.decorate('pricerBatches', new TaskBatcher(pool, threads, timeoutMs))
    app.addHook('onClose', async () => {
      await pool.close()
      app.log.info('pricing pool closed')
    })
  },
  { name: 'pricer', dependencies: ['readiness'] },
)
