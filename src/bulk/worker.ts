/**
 * The queue processor: in the API process by default (BULK_WORKER_IN_PROCESS), or alone (`npm run worker`).
 * The BullMQ worker is built once its Redis connection is first ready (built earlier, a worker on an unreachable
 * Redis cannot even be closed). close() stops taking jobs and waits for the running ones, so a shutdown never
 * abandons a transaction; with Redis away it does not wait for Redis.
 */
import { Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import type { Sql } from '../db/client.ts'
import {
  BULK_QUEUE_NAME,
  processBulkDelete,
  type BulkJobData,
  type BulkJobResult,
  type ProcessorHooks,
} from './processor.ts'
import type { Config } from '../config.ts'
import type { Pacing } from './pacing.ts'
import { createRedis, type LogLike } from './redis.ts'

export interface BulkWorkerOptions {
  redisUrl: string
  prefix: string
  /** a job holds a connection for its whole transaction: give the worker its own pool, not the API's */
  sql: Sql
  log: LogLike & { error(obj: object, msg: string): void }
  /** chunks and pauses of the delete (BULK_DELETE_CHUNK_SIZE, BULK_DELETE_YIELD_MS) */
  pacing?: Pacing
  /** jobs in parallel; each holds one database connection for its transaction */
  concurrency?: number
  hooks?: ProcessorHooks
  onReady?: () => void
  onCompleted?: (job: Job<BulkJobData, BulkJobResult>) => void
}

export class BulkWorker {
  private worker: Worker<BulkJobData, BulkJobResult> | null = null
  private readonly connection: Redis
  private closing: Promise<void> | null = null

  constructor(private readonly options: BulkWorkerOptions) {
    this.connection = createRedis(options.redisUrl, 'worker', options.log)
    this.connection.on('ready', () => this.start())
  }

  get running(): boolean {
    return this.worker !== null && this.closing === null
  }

  private start(): void {
    if (this.worker || this.closing) return
    const { options } = this
    const worker = new Worker<BulkJobData, BulkJobResult>(
      BULK_QUEUE_NAME,
      (job: Job<BulkJobData, BulkJobResult>) => processBulkDelete(options.sql, job, options.hooks, options.pacing),
      // after a Redis outage the fetch loop retries every 2 s (BullMQ's default 15 s also delays a shutdown by as much)
      {
        connection: this.connection,
        prefix: options.prefix,
        concurrency: options.concurrency ?? 2,
        runRetryDelay: 2_000,
      },
    )
    // connection errors are logged once per outage by createRedis; a job's failure is logged here
    worker.on('error', () => {})
    worker.on('failed', (job, error) => {
      options.log.error(
        { job: job?.id, resource: job?.data.resource, attempt: job?.attemptsMade, err: error.message },
        'bulk-delete job attempt failed (rolled back)',
      )
    })
    if (options.onCompleted) worker.on('completed', options.onCompleted)
    this.worker = worker
    options.onReady?.()
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // Redis away: no job can finish its BullMQ bookkeeping anyway, and a graceful close would wait for Redis
      const force = this.connection.status !== 'ready'
      await this.worker
        ?.close(force)
        .catch((error: unknown) => this.options.log.warn({ err: (error as Error).message }, 'bulk worker close failed'))
      this.connection.disconnect()
    })()
    return this.closing
  }
}

export const createBulkWorker = (options: BulkWorkerOptions) => new BulkWorker(options)

/** The configured pacing of bulk deletes (BULK_DELETE_CHUNK_SIZE, BULK_DELETE_YIELD_MS). */
export const bulkPacing = (config: Config): Pacing => ({
  chunkSize: config.bulkDeleteChunkSize,
  yieldBudgetMs: config.bulkDeleteYieldMs,
})
