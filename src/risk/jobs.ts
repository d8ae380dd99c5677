/**
 * Batches beyond one process: a batch above PRICING_BATCH_JOB_SIZE assets is split into jobs on a BullMQ queue
 * (`pricing-batches`, same Redis and key prefix as the bulk-delete queue), which every process with a pricing
 * worker shares: the API processes themselves (PRICING_WORKER_IN_PROCESS) and `npm run pricing-worker`
 * processes on this machine or others. The request waits for every part (bounded by PRICING_BATCH_WAIT_MS) and
 * answers the items in order. Pricing only reads, so a part that fails or cannot be queued is priced in the
 * API process instead, and parts not started within the bound are withdrawn (nobody prices for a gone request).
 */
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Worker, type Job, type Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { HttpError } from '../http/errors.ts'
import { PRICER_OPERATIONS } from '../pricing/operations.ts'
import { pricingRequest } from '../pricing/price.ts'
import type { OperationKey } from '../pricing/schemas.ts'
import { createRedis } from '../bulk/redis.ts'
import { QueueProducer } from '../bulk/queue-producer.ts'
import { priceEach, type ItemOutcome } from './items.ts'
import type { BatchItem } from './schemas.ts'
import { processRiskJob, RISK_PART, RISK_RESULT, type RiskPartData, type RiskResultData } from './risk-jobs.ts'

export const PRICING_QUEUE_NAME = 'pricing-batches'

export interface PricingJobData {
  operation: OperationKey
  valuation_date: string
  market_data_set: string
  parameters: Record<string, unknown>
  asset_uids: string[]
}

/** What the queue carries: batch parts, and risk jobs' parents and parts (risk-jobs.ts). */
export type PricingQueueData = PricingJobData | RiskPartData | RiskResultData

export const toItem = (o: ItemOutcome): BatchItem =>
  'priced' in o ? { asset_uid: o.asset_uid, status: 200, result: { ...o.priced.envelope, ...o.priced.result } } : o

/** What one process answers for a batch or a part of one. */
export async function priceItems(app: FastifyInstance, data: PricingJobData): Promise<BatchItem[]> {
  const op = PRICER_OPERATIONS.find((o) => o.key === data.operation)
  if (!op) throw new Error(`operation '${data.operation}' is not registered`)
  const req = pricingRequest(op, {
    valuation_date: data.valuation_date,
    market_data_set: data.market_data_set,
    parameters: data.parameters,
  })
  return (await priceEach(app, req, data.asset_uids)).map(toItem)
}

export interface PricingJobsOptions {
  redisUrl: string
  prefix: string
  /** assets per job; batches up to this size are priced in the API process */
  jobSize: number
  waitTimeoutMs: number
}

export class PricingJobs {
  readonly queue: Queue<PricingJobData, BatchItem[]>
  private readonly link: QueueProducer<PricingJobData, BatchItem[]>

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: PricingJobsOptions,
  ) {
    this.link = new QueueProducer<PricingJobData, BatchItem[]>(PRICING_QUEUE_NAME, { ...options, log: app.log })
    this.queue = this.link.queue
    // every part waited for listens on the queue: a batch has as many parts as it likes
    this.queue.setMaxListeners(0)
  }

  /** Whether this batch goes to the queue: above the job size, with Redis answering. */
  splits(assets: number): boolean {
    return (
      this.options.jobSize > 0 &&
      assets > this.options.jobSize &&
      this.link.producer.status === 'ready' &&
      this.link.events !== null
    )
  }

  /** The batch in jobs of `jobSize` assets, priced by whichever processes take them; the items in order. */
  async run(data: PricingJobData): Promise<BatchItem[]> {
    const events = this.link.events
    if (!events) return priceItems(this.app, data)
    const parts: PricingJobData[] = []
    for (let i = 0; i < data.asset_uids.length; i += this.options.jobSize)
      parts.push({ ...data, asset_uids: data.asset_uids.slice(i, i + this.options.jobSize) })
    let jobs: Job<PricingJobData, BatchItem[]>[]
    try {
      jobs = await this.queue.addBulk(
        parts.map((part) => ({
          name: part.operation,
          data: part,
          opts: {
            jobId: randomUUID(),
            attempts: 2,
            removeOnComplete: { age: 60, count: 500 },
            removeOnFail: { age: 24 * 3600, count: 100 },
          },
        })),
      )
    } catch (error) {
      this.app.log.warn({ err: (error as Error).message }, 'pricing jobs: enqueue failed; pricing the batch here')
      return priceItems(this.app, data)
    }
    const deadline = Date.now() + this.options.waitTimeoutMs
    const results = await Promise.all(
      jobs.map(async (job, i) => {
        try {
          return await job.waitUntilFinished(events, Math.max(1, deadline - Date.now()))
        } catch (error) {
          const message = (error as Error).message
          if (/timed out before finishing/.test(message)) return null
          // a part that failed twice (a worker that died, a lost database): priced here, it only reads
          this.app.log.warn({ job: job.id, err: message }, 'pricing jobs: a part failed; pricing it here')
          return priceItems(this.app, parts[i])
        }
      }),
    )
    if (results.some((r) => r === null)) {
      // withdraw the parts nobody started: a worker would otherwise price them for a request that has gone
      await Promise.all(jobs.map((job) => job.remove().catch(() => {})))
      throw new HttpError(
        504,
        `The batch did not finish within PRICING_BATCH_WAIT_MS (${this.options.waitTimeoutMs} ms); retry it, or ` +
          `split it.`,
      )
    }
    return (results as BatchItem[][]).flat()
  }

  close(): Promise<void> {
    return this.link.close()
  }
}

/** A process's share of the queue: prices parts with its own pool; built once Redis is first ready. */
export class PricingWorker {
  private worker: Worker<PricingQueueData, unknown> | null = null
  private readonly connection: Redis
  private closing: Promise<void> | null = null

  constructor(
    app: FastifyInstance,
    options: {
      redisUrl: string
      prefix: string
      concurrency?: number
      /** a part's lock: lapsed (its process gone), the part is taken again (BullMQ lockDuration, stalled checks) */
      lockMs?: number
      onCompleted?: (job: Job<PricingQueueData, unknown>) => void
    },
  ) {
    this.connection = createRedis(options.redisUrl, 'worker', app.log)
    this.connection.on('ready', () => {
      if (this.worker || this.closing) return
      const handle = (job: Job<PricingQueueData, unknown>) =>
        job.name === RISK_PART || job.name === RISK_RESULT
          ? processRiskJob(app, job as Job, app.pricingJobs.queue as unknown as Queue)
          : priceItems(app, job.data as PricingJobData)
      const lockMs = options.lockMs ?? 30_000
      this.worker = new Worker<PricingQueueData, unknown>(PRICING_QUEUE_NAME, handle, {
        connection: this.connection,
        prefix: options.prefix,
        // parts run on the pricing pool; two in flight keep it busy while one loads its contexts
        concurrency: options.concurrency ?? 2,
        runRetryDelay: 2_000,
        lockDuration: lockMs,
        stalledInterval: lockMs,
      })
      this.worker.on('error', () => {})
      this.worker.on('failed', (job, error) =>
        app.log.error({ job: job?.id, err: error.message }, 'pricing job attempt failed'),
      )
      if (options.onCompleted) this.worker.on('completed', options.onCompleted)
    })
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const force = this.connection.status !== 'ready'
      await this.worker?.close(force).catch(() => {})
      this.connection.disconnect()
    })()
    return this.closing
  }
}
