/**
 * The API side of the bulk-delete queue: adds a job and waits for its result (bounded). Connections are lazy and
 * fail fast, so a missing Redis costs a bulk delete a 503 and nothing else. A job that has not finished within the
 * wait bound is withdrawn before the request answers 504 (see processor.ts): a 504 means nothing was deleted.
 */
import { randomUUID } from 'node:crypto'
import { Job, type Queue } from 'bullmq'
import type { Sql } from '../db/client.ts'
import { HttpError, serviceUnavailable } from '../http/errors.ts'
import { BULK_QUEUE_NAME, withdrawRun, type BulkJobData, type BulkJobResult } from './processor.ts'
import { QueueProducer } from './queue-producer.ts'
import { describeRedis, type LogLike } from './redis.ts'

export interface BulkQueueOptions {
  redisUrl: string
  prefix: string
  waitTimeoutMs: number
  /** where a timed-out job is withdrawn (its run record is the arbiter between the job and the request) */
  sql: Sql
  log: LogLike
}

/** Job timings for the metrics, in seconds. */
export interface JobTimings {
  state: 'completed' | 'failed'
  queuedSeconds: number | null
  runSeconds: number | null
}

export interface BulkRun {
  result: Exclude<BulkJobResult, { outcome: 'withdrawn' }>
  timings: JobTimings | null
}

// How long a request waits for Redis to (re)connect before answering 503.
const CONNECT_WAIT_MS = 1_500

export class BulkQueue {
  readonly queue: Queue<BulkJobData, BulkJobResult>
  private readonly link: QueueProducer<BulkJobData, BulkJobResult>

  constructor(private readonly options: BulkQueueOptions) {
    this.link = new QueueProducer<BulkJobData, BulkJobResult>(BULK_QUEUE_NAME, options)
    this.queue = this.link.queue
  }

  /** Redis answers the producer now (commands would not queue while it does not). */
  get ready(): boolean {
    return this.link.producer.status === 'ready'
  }

  /** Redis answers a PING now (bounded by the producer's command timeout): a connection that looks ready may not be. */
  async ping(): Promise<boolean> {
    if (!this.ready) return false
    try {
      return (await this.link.producer.ping()) === 'PONG'
    } catch {
      return false
    }
  }

  get redisTarget(): string {
    return describeRedis(this.options.redisUrl)
  }

  /** Resolves when Redis answers, or throws the 503 every bulk execution gives while it does not. */
  async ensureAvailable(): Promise<void> {
    if (this.link.producer.status === 'ready') return
    const unavailable = serviceUnavailable(
      `The bulk-delete queue is unavailable: Redis at ${this.redisTarget} cannot be reached. Nothing was deleted; ` +
        `retry when the queue is back.`,
    )
    // only a first connection attempt in flight is worth waiting for; one that failed and waits to retry is down
    if (this.link.closed || !['connecting', 'connect'].includes(this.link.producer.status)) throw unavailable
    const ready = await new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer)
        this.link.producer.off('ready', onReady)
        resolve(ok)
      }
      const onReady = () => done(true)
      const timer = setTimeout(() => done(false), CONNECT_WAIT_MS)
      this.link.producer.once('ready', onReady)
    })
    if (!ready) throw unavailable
  }

  /**
   * Enqueues the deletion and waits for its result: 503 without Redis, 504 (withdrawn, nothing deleted) past the wait
   * bound.
   */
  async run(data: Omit<BulkJobData, 'deadline'>): Promise<BulkRun> {
    await this.ensureAvailable()
    const events = this.link.events
    if (!events)
      throw serviceUnavailable(
        `The bulk-delete queue is unavailable: its event stream on Redis at ${this.redisTarget} is not connected ` +
          `yet. Nothing was deleted; retry shortly.`,
      )
    let job: Job<BulkJobData, BulkJobResult>
    try {
      job = await this.queue.add(
        data.resource,
        { ...data, deadline: Date.now() + this.options.waitTimeoutMs },
        {
          jobId: randomUUID(),
          attempts: 3,
          backoff: { type: 'exponential', delay: 250 },
          // a job carries up to 10,000 uids (~400 kB): keep few finished ones, failed ones longer for the dashboard
          removeOnComplete: { age: 3600, count: 200 },
          removeOnFail: { age: 7 * 24 * 3600, count: 1000 },
        },
      )
    } catch (error) {
      this.options.log.warn({ err: (error as Error).message }, 'bulk queue: enqueue failed')
      throw serviceUnavailable(
        `The bulk-delete queue is unavailable: the job could not be enqueued (${(error as Error).message}). Nothing ` +
          `was deleted.`,
      )
    }
    let result: BulkJobResult
    try {
      result = await job.waitUntilFinished(events, this.options.waitTimeoutMs)
    } catch (error) {
      const message = (error as Error).message
      if (/timed out before finishing/.test(message)) return this.withdraw(job)
      this.options.log.warn({ job: job.id, err: message }, 'bulk queue: job failed on every attempt')
      const failed = new BulkJobFailed(
        `Bulk-delete job ${job.id} failed on every attempt and nothing was deleted; the cause was logged.`,
      )
      failed.timings = await this.timings(job.id)
      throw failed
    }
    // the job itself saw the deadline pass before it started (its worker came late)
    if (result.outcome === 'withdrawn') throw await this.withdrawnError(job)
    return { result, timings: await this.timings(job.id) }
  }

  /**
   * The wait bound passed: withdraw the job so that the 504 tells the truth. The run record in PostgreSQL decides
   * (the job commits only if its record is written before the withdrawal); the job is then removed from the queue
   * so no worker picks it up later. Without PostgreSQL, a job still waiting in Redis is removed there (atomic: a
   * job a worker holds is never removed); anything else cannot be confirmed and answers 503.
   */
  private async withdraw(job: Job<BulkJobData, BulkJobResult>): Promise<BulkRun> {
    const id = String(job.id)
    let recorded: BulkJobResult | null
    try {
      recorded = await withdrawRun(this.options.sql, id, job.data.resource)
    } catch (error) {
      this.options.log.warn(
        { job: id, err: (error as Error).message },
        'bulk queue: cannot record the withdrawal in PostgreSQL; removing the job from the queue',
      )
      const state = await job.getState().catch(() => 'unknown')
      const removed =
        ['waiting', 'delayed', 'prioritized', 'wait'].includes(state) &&
        (await job.remove().then(
          () => true,
          () => false,
        ))
      if (removed) throw await this.withdrawnError(job)
      throw serviceUnavailable(
        `Bulk-delete job ${id} did not finish within ${this.seconds} s and whether it committed cannot be confirmed ` +
          `while the database is unreachable. Fetch the preflight again to see what remains.`,
      )
    }
    if (recorded === null || recorded.outcome === 'withdrawn') {
      await job.remove().catch(() => {})
      throw await this.withdrawnError(job)
    }
    // the job committed (or found the selection blocked) just before the withdrawal: its answer stands
    return { result: recorded, timings: await this.timings(id) }
  }

  private get seconds(): number {
    return Math.round(this.options.waitTimeoutMs / 100) / 10
  }

  private async withdrawnError(job: Job<BulkJobData, BulkJobResult>): Promise<HttpError> {
    const workers = await this.workersConnected()
    const why = workers === 0 ? ' No bulk worker is connected to the queue.' : ''
    return new HttpError(
      504,
      `Bulk-delete job ${job.id} did not finish within ${this.seconds} s and was withdrawn: nothing was ` +
        `deleted.${why} Retry the delete.`,
    )
  }

  /**
   * Bulk workers (this process's and `npm run worker` processes) connected to the queue now; null while Redis is away.
   */
  async workersConnected(): Promise<number | null> {
    if (!this.ready) return null
    try {
      return await this.queue.getWorkersCount()
    } catch {
      return null
    }
  }

  private async timings(id: string | undefined): Promise<JobTimings | null> {
    if (!id) return null
    try {
      const job = await Job.fromId<BulkJobData, BulkJobResult>(this.queue, id)
      if (!job) return null
      const state = job.failedReason && !job.returnvalue ? 'failed' : 'completed'
      const queued = job.processedOn ? (job.processedOn - job.timestamp) / 1000 : null
      const run = job.processedOn && job.finishedOn ? (job.finishedOn - job.processedOn) / 1000 : null
      return { state, queuedSeconds: queued, runSeconds: run }
    } catch {
      return null
    }
  }

  /** Job counts per state, or null while Redis is away (metrics skip them then). */
  async counts(): Promise<Record<string, number> | null> {
    if (!this.ready) return null
    try {
      return await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed')
    } catch {
      return null
    }
  }

  close(): Promise<void> {
    return this.link.close()
  }
}

/** A job that failed every attempt: its transaction rolled back each time. */
export class BulkJobFailed extends HttpError {
  timings: JobTimings | null = null
  constructor(detail: string) {
    super(500, detail)
  }
}
