/**
 * The pricing worker pools (Piscina), decorated as `app.pricer` (cheap tasks, batched) and `app.pricerHeavy`
 * (heavy callables, one task per message, at a lower CPU priority so they yield to cheap ones). Workers run the
 * numerical core on plain JSON tasks; the main pool is sized by PRICER_THREADS and pre-spawned so the first
 * request does not pay for a thread start. Each worker's heap is bounded (PRICER_WORKER_MAX_MEMORY_MB). A
 * worker that crashes, runs out of memory or overruns the time limit fails its own task only and is replaced.
 */
import { setFlagsFromString } from 'node:v8'
import fp from 'fastify-plugin'
import { Piscina } from 'piscina'
import { Counter, Gauge, type Registry } from 'prom-client'
import { shardBalancer, TaskBatcher, type IsolationOutcome } from '../pricing/batcher.ts'
import { isHeavyTask } from '../pricing/cost.ts'
import type { WorkerCacheLimits } from '../../workers/entry.ts'

declare module 'fastify' {
  interface FastifyInstance {
    pricer: Piscina
    /** the lane of heavy tasks (null when PRICER_HEAVY_THREADS is 0: they run alone on the main pool) */
    pricerHeavy: Piscina | null
    /** the way requests reach the pool: tasks of one event-loop turn travel together */
    pricerBatches: TaskBatcher
  }
}

export interface PricerPluginOptions {
  threads: number
  /** threads of the heavy lane (0: none) */
  heavyThreads: number
  /** the heavy lane under SCHED_IDLE as well as nice 19 (default false: see workers/lane-priority.ts) */
  heavyIdle?: boolean
  /**
   * the main pool's threads under SCHED_BATCH (default false here; the service's default is PRICER_BATCH_SCHEDULING's)
   */
  batchScheduling?: boolean
  /** old-generation heap of each worker, MB: beyond it the worker ends (ERR_WORKER_OUT_OF_MEMORY) */
  maxMemoryMb: number
  /** bounds of each worker's caches (rebuilt instruments, built curves) */
  cacheLimits: WorkerCacheLimits
  /** time limit of one request's pricing (read by every sweep, so it can be changed at run time) */
  timeoutMs: () => number
  /** how long a request may wait for a thread */
  queueTimeoutMs: () => number
  /** start every thread now (servers) or on first use (tests that never price) */
  prespawn: boolean
  /** the worker entry; tests may point at a wrapper that injects faults */
  workerUrl?: URL
}

// From the sources: a JavaScript entry that registers tsx inside the thread, then loads the TypeScript dispatcher;
// from the build (dist/), the compiled dispatcher itself.
export const DEFAULT_WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../workers/pool-entry.mjs', import.meta.url)
  : new URL('../../workers/pool-dispatch.js', import.meta.url)

/**
 * The old generation a pricing thread starts with: room for the instrument cache a book fills
 * (PRICER_INSTRUMENT_CACHE_MB) and a base, within half its heap limit. From V8's default start the heap grows in
 * steps, each a full collection whose final pause (15-36 ms measured) stalls the thread's whole batch: a dozen of
 * them made the p99 of the first pass over a 50,000-bond book (bench/README.md, "A pricing thread's first heap").
 * It is where V8 first collects the old generation, not memory taken: the heap still grows only as it fills.
 */
export function workerInitialOldGenerationMb(maxMemoryMb: number, instrumentsMb: number): number {
  return Math.min(Math.floor(maxMemoryMb / 2), instrumentsMb + 32)
}

/**
 * Every isolate created from now on (the pricing threads; the main thread's heap is already set up) starts its old
 * generation at `mb`: a Worker's resourceLimits set only maximums, and its execArgv refuses V8 options.
 */
export function setWorkerInitialOldGeneration(mb: number): void {
  setFlagsFromString(`--initial-old-space-size=${mb}`)
}

/**
 * V8's allocation-site pretenuring off, for every isolate of the process (V8's flags are the process's, and it
 * reads this one at each collection). Pretenuring sends the objects of an allocation site whose objects tended to
 * survive straight into the old generation. A pricing thread's sites serve both its cached book (instruments,
 * floater plans: kept for hours) and each request's values (a floater's re-forecast coupons under a bump: garbage
 * within the task), so once pretenured they put every request's garbage where only a full collection of the whole
 * cached book reclaims it: 23 kB per floater `analytics` measured in-process, 18% slower, and a full collection of
 * each thread's ~190 MB heap per distinct pass (bench/README.md, "Garbage that lived in the old generation").
 */
export function disablePretenuring(): void {
  setFlagsFromString('--no-allocation-site-pretenuring')
}

/** The heavy lane's backlog, and what happened to the requests whose message failed. */
function isolationMetrics(registry: Registry, heavy: Piscina | null): (outcome: IsolationOutcome) => void {
  new Gauge({
    name: 'pricing_heavy_pool_threads',
    help: 'Threads alive on the heavy pricing lane (callables with many call dates and coupons)',
    registers: [registry],
    collect() {
      this.set(heavy?.threads.length ?? 0)
    },
  })
  new Gauge({
    name: 'pricing_heavy_pool_queue_size',
    help: 'Heavy pricing requests waiting for a thread of their lane',
    registers: [registry],
    collect() {
      this.set(heavy?.queueSize ?? 0)
    },
  })
  const outcomes = new Counter({
    name: 'pricing_isolated_requests_total',
    help:
      'Pricing requests of a failed worker message: timeout (504), out_of_memory (503), crashed (500), not_started ' +
      '(503), repriced (a neighbour of the failure, priced again)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  return (outcome) => outcomes.inc({ outcome })
}

/** Tasks priced away from their instrument's home thread: each rebuilt its instrument there, uncached (batcher.ts). */
function guestMetric(registry: Registry, batches: TaskBatcher): void {
  new Counter({
    name: 'pricing_guest_tasks_total',
    help:
      "Pricing tasks sent to a thread other than their instrument's home thread (an idle thread taking part of a " +
      'long backlog): each rebuilt its instrument without caching it',
    registers: [registry],
    collect() {
      this.reset()
      this.inc(batches.guests)
    },
  })
}

export default fp<PricerPluginOptions>(
  async (
    app,
    {
      threads,
      heavyThreads,
      heavyIdle = false,
      batchScheduling = false,
      maxMemoryMb,
      cacheLimits,
      timeoutMs,
      queueTimeoutMs,
      prespawn,
      workerUrl = DEFAULT_WORKER_URL,
    },
  ) => {
    const common = {
      filename: workerUrl.href,
      workerData: { cacheLimits },
      name: 'runBatch',
      idleTimeout: 60_000,
      maxQueue: 'auto' as const,
      resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
    }
    setWorkerInitialOldGeneration(workerInitialOldGenerationMb(maxMemoryMb, cacheLimits.instrumentsMb))
    disablePretenuring()
    const pool = new Piscina({
      ...common,
      workerData: { cacheLimits, batch: batchScheduling },
      minThreads: prespawn ? threads : 0,
      maxThreads: threads,
      // one message per thread at a time, to the thread of its shard (src/pricing/batcher.ts: instrument affinity)
      concurrentTasksPerWorker: 1,
      loadBalancer: shardBalancer(threads),
    })
    // started on first use; nice 19 (SCHED_IDLE too with PRICER_HEAVY_IDLE): its threads yield the CPU to the cheap
    // lane's (nice 0, nice 19 and SCHED_IDLE measured in bench/README.md, "Pricing isolation")
    const heavy =
      heavyThreads > 0
        ? new Piscina({
            ...common,
            workerData: { cacheLimits, idle: heavyIdle },
            minThreads: 0,
            maxThreads: heavyThreads,
            concurrentTasksPerWorker: 1,
            niceIncrement: 19,
          })
        : null
    let lastWorkerError = 0
    for (const p of [pool, heavy]) {
      // unhandled, a worker that fails to load would kill the process (design §9)
      p?.on('error', (error: unknown) => {
        lastWorkerError = Date.now()
        app.log.error({ err: error }, 'pricing worker error')
      })
      // a worker ends on a request's time limit, its memory limit or a crash (the request's own log line says which),
      // and when idle or closing; Piscina starts another as work needs one
      p?.on('workerDestroy', () => app.log.info('pricing worker ended'))
    }
    app.readiness.add('pricing_pool', {
      required: true,
      run: () => {
        const figures = {
          threads: pool.threads.length,
          max_threads: threads,
          queue_size: pool.queueSize,
          utilization: Math.round(pool.utilization * 1000) / 1000,
          ...(heavy ? { heavy_threads: heavy.threads.length, heavy_queue_size: heavy.queueSize } : {}),
        }
        // threads start lazily (tests) and are replaced after a crash: down only when they fail and none is left
        const failing = pool.threads.length === 0 && Date.now() - lastWorkerError < 30_000
        return failing
          ? { status: 'down', detail: 'Pricing workers fail to start; the cause is logged.', ...figures }
          : { status: 'ok', ...figures }
      },
    })
    app.decorate('pricer', pool)
    app.decorate('pricerHeavy', heavy)
    const isolated = app.hasDecorator('metrics') ? isolationMetrics(app.metrics.registry, heavy) : undefined
    const batches = new TaskBatcher({
      lanes: { main: pool, heavy },
      threads,
      timeoutMs,
      queueTimeoutMs,
      isHeavy: isHeavyTask,
      observe: isolated,
    })
    if (app.hasDecorator('metrics')) guestMetric(app.metrics.registry, batches)
    app.decorate('pricerBatches', batches)
    app.addHook('onClose', async () => {
      await Promise.all([pool.close(), heavy?.close()])
      app.log.info('pricing pool closed')
    })
  },
  { name: 'pricer', dependencies: ['readiness'] },
)
