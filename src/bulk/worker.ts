/**
 * The queue processor: in the API process by default (BULK_WORKER_IN_PROCESS), or alone (`npm run worker`).
 * close() stops taking jobs and waits for the running ones, so a shutdown never abandons a transaction.
 */
import { Worker, type Job } from 'bullmq'
import type { Sql } from '../db/client.ts'
import { BULK_QUEUE_NAME, processBulkDelete, type BulkJobData, type BulkJobResult, type ProcessorHooks } from './processor.ts'
import { createRedis, type LogLike } from './redis.ts'

export interface BulkWorkerOptions {
  redisUrl: string
  prefix: string
  sql: Sql
  log: LogLike & { error(obj: object, msg: string): void }
  /** jobs in parallel; each holds one database connection for its transaction */
  concurrency?: number
  hooks?: ProcessorHooks
}

export function createBulkWorker(options: BulkWorkerOptions): Worker<BulkJobData, BulkJobResult> {
  const connection = createRedis(options.redisUrl, 'worker', options.log)
  const worker = new Worker<BulkJobData, BulkJobResult>(
    BULK_QUEUE_NAME,
    (job: Job<BulkJobData, BulkJobResult>) => processBulkDelete(options.sql, job, options.hooks),
    // after a Redis outage the fetch loop retries every 2 s (BullMQ's default 15 s also delays a shutdown by as much)
    { connection, prefix: options.prefix, concurrency: options.concurrency ?? 2, autorun: true, runRetryDelay: 2_000 },
  )
  // connection errors are logged once per outage by createRedis; a job's failure is logged here
  worker.on('error', () => {})
  worker.on('failed', (job, error) => {
    options.log.error({ job: job?.id, resource: job?.data.resource, attempt: job?.attemptsMade, err: error.message }, 'bulk-delete job attempt failed (rolled back)')
  })
  worker.on('closed', () => connection.disconnect())
  return worker
}
