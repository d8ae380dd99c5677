/**
 * Large risk requests as jobs: above RISK_ASYNC_VALUATIONS valuations (or with `Prefer: respond-async`), a risk route
 * answers 202 with a job URL. The job is a BullMQ flow on the `pricing-batches` queue (jobs.ts): a `risk-result`
 * parent holding the prepared request (work.ts) and `risk-part` children, each a slice of its assets of about
 * RISK_PART_VALUATIONS valuations. Every process with a pricing worker (the API itself, `npm run pricing-worker`)
 * takes parts; a part whose process dies is taken again by another once its lock lapses (BullMQ's stalled jobs);
 * when the last part is done, some worker composes the response from the parts' answers and stores it as the
 * parent's result, which `GET /api/v1/pricing/jobs/{job_id}/` answers with the job's state and progress.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { FlowProducer, Job, type Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { createRedis } from '../bulk/redis.ts'
import { serviceUnavailable, RETRY_AFTER_SECONDS } from '../http/errors.ts'
import { PRICING_QUEUE_NAME } from './jobs.ts'
import { pnlExplainWork } from './pnl-explain.ts'
import { scenariosWork } from './scenarios.ts'
import { seriesWork } from './series.ts'
import { varWork } from './var.ts'
import type { RiskJobStatus } from './schemas.ts'
import type { RiskRoute, RiskWork } from './work.ts'

type AnyWork = RiskWork<unknown, unknown, unknown>

const WORKS: Record<RiskRoute, AnyWork> = {
  scenarios: scenariosWork as unknown as AnyWork,
  var: varWork as unknown as AnyWork,
  'pnl-explain': pnlExplainWork as unknown as AnyWork,
  series: seriesWork as unknown as AnyWork,
}

export const RISK_RESULT = 'risk-result'
export const RISK_PART = 'risk-part'

export interface RiskResultData {
  route: RiskRoute
  prepared: unknown
  parts: number
  assets: number
  valuations: number
  created_at: string
}

export interface RiskPartData {
  part: number
  /** the slice [from, to) of the prepared work's assets */
  from: number
  to: number
}

export interface RiskJobsOptions {
  redisUrl: string
  prefix: string
  /** valuations above which a request is queued (0: never) */
  asyncValuations: number
  /** valuations per part */
  partValuations: number
  /** how long a finished job's result is kept, in seconds */
  keepSeconds: number
}

type JobStatus = RiskJobStatus

export const jobUrl = (id: string) => `/api/v1/pricing/jobs/${id}/`

export class RiskJobs {
  private readonly connection: Redis
  private readonly flow: FlowProducer

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: RiskJobsOptions,
  ) {
    this.connection = createRedis(options.redisUrl, 'producer', app.log)
    this.flow = new FlowProducer({ connection: this.connection, prefix: options.prefix })
    this.flow.on('error', () => {})
  }

  /** Whether a request of `valuations` goes to the queue: above the threshold, or when the caller prefers it. */
  queues(valuations: number, preferAsync: boolean): boolean {
    const big = this.options.asyncValuations > 0 && valuations > this.options.asyncValuations
    if (!big && !preferAsync) return false
    if (this.connection.status === 'ready') return true
    // a preference is only a preference; a request too big to answer in place needs the queue
    if (!big) return false
    throw serviceUnavailable(
      `A request of ${valuations} valuations is answered as a job, and the job queue (Redis) is unavailable; ` +
        `retry in ${RETRY_AFTER_SECONDS} s, or split it below RISK_ASYNC_VALUATIONS (${this.options.asyncValuations}).`,
    )
  }

  /** Queues prepared work as a flow: the parent and its parts; the job's id. */
  async submit<P>(work: RiskWork<P, unknown, unknown>, prepared: P): Promise<JobStatus> {
    const assets = work.assets(prepared).length
    const valuations = work.size(prepared)
    const perAsset = Math.max(1, valuations / Math.max(1, assets))
    const partAssets = Math.max(1, Math.floor(this.options.partValuations / perAsset))
    const parts: RiskPartData[] = []
    for (let from = 0, part = 0; from < assets || part === 0; from += partAssets, part++)
      parts.push({ part, from, to: Math.min(assets, from + partAssets) })
    const id = randomUUID()
    const keep = { age: this.options.keepSeconds }
    const data: RiskResultData = {
      route: work.route,
      prepared,
      parts: parts.length,
      assets,
      valuations,
      created_at: new Date().toISOString(),
    }
    try {
      await this.flow.add({
        name: RISK_RESULT,
        queueName: PRICING_QUEUE_NAME,
        data,
        opts: { jobId: id, removeOnComplete: keep, removeOnFail: keep },
        children: parts.map((p) => ({
          name: RISK_PART,
          queueName: PRICING_QUEUE_NAME,
          data: p,
          opts: { attempts: 2, failParentOnFailure: true, removeOnComplete: keep, removeOnFail: keep },
        })),
      })
    } catch (error) {
      this.app.log.warn({ err: (error as Error).message }, 'risk job: enqueue failed')
      throw serviceUnavailable(`The job queue (Redis) is unavailable; retry in ${RETRY_AFTER_SECONDS} s.`)
    }
    return {
      job_id: id,
      route: work.route,
      state: 'waiting-children',
      status_url: jobUrl(id),
      progress: { done_parts: 0, total_parts: parts.length, assets, valuations },
      created_at: data.created_at,
    }
  }

  /** A job's state and progress, and its result once done; undefined when there is no such job (or it expired). */
  async status(queue: Queue, id: string): Promise<JobStatus | undefined> {
    let job: Job | undefined
    let state: string
    let counts: { processed?: number }
    try {
      // the state first: a job read before it completes would show no result under a state read after
      state = await queue.getJobState(id)
      job = await Job.fromId(queue, id)
      if (!job || job.name !== RISK_RESULT) return undefined
      counts = await job.getDependenciesCount({ processed: true })
    } catch (error) {
      this.app.log.warn({ err: (error as Error).message }, 'risk job: status read failed')
      throw serviceUnavailable(`The job queue (Redis) is unavailable; retry in ${RETRY_AFTER_SECONDS} s.`)
    }
    const data = job.data as RiskResultData
    const done = state === 'completed' ? data.parts : Math.min(data.parts, counts.processed ?? 0)
    const status: JobStatus = {
      job_id: id,
      route: data.route,
      state,
      status_url: jobUrl(id),
      progress: { done_parts: done, total_parts: data.parts, assets: data.assets, valuations: data.valuations },
      created_at: data.created_at,
    }
    if (job.finishedOn) status.finished_at = new Date(job.finishedOn).toISOString()
    if (state === 'completed') status.result = job.returnvalue as Record<string, unknown>
    if (state === 'failed') status.detail = `The job failed: ${job.failedReason}`
    return status
  }

  async close(): Promise<void> {
    await this.flow.close().catch(() => {})
    this.connection.disconnect()
  }
}

/** What a pricing worker does with a risk job: a part's answers, or the composed response of them all. */
export async function processRiskJob(app: FastifyInstance, job: Job, queue: Queue): Promise<unknown> {
  if (job.name === RISK_PART) {
    const parentId = job.parent?.id
    const parent = parentId ? await Job.fromId(queue, parentId) : undefined
    if (!parent) throw new Error(`risk part ${job.id}: its job is gone`)
    const { route, prepared } = parent.data as RiskResultData
    const work = WORKS[route]
    const { part, from, to } = job.data as RiskPartData
    return { part, outcomes: await work.compute(app, prepared, work.assets(prepared).slice(from, to)) }
  }
  const { route, prepared } = job.data as RiskResultData
  const values = Object.values(await job.getChildrenValues<{ part: number; outcomes: unknown[] }>())
  values.sort((a, b) => a.part - b.part)
  return WORKS[route].compose(
    prepared,
    values.flatMap((v) => v.outcomes),
  )
}
