/**
 * Large risk requests go async: above RISK_ASYNC_VALUATIONS (or with `Prefer: respond-async`) each risk route
 * answers 202 with a job URL; the job's parts are priced by the processes with a pricing worker, its status shows
 * progress and then the result, which equals the synchronous answer exactly. A part taken by a process that then dies
 * (its lock lapses) is taken again and the job completes.
 */
import t from 'tap'
import { Worker, type Job } from 'bullmq'
import { build, buildInstance, body } from '../helpers/app.ts'
import { waitFor } from '../helpers/wait.ts'
import { DEMO, DEMO_SET_KEY, DEMO_VALUATION_DATE } from '../../src/db/demo/demo-ids.ts'
import { PRICING_QUEUE_NAME } from '../../src/risk/jobs.ts'
import { RISK_PART } from '../../src/risk/risk-jobs.ts'
import { createRedis } from '../../src/bulk/redis.ts'

t.setTimeout(240_000)

const BONDS = Object.entries(DEMO.assets)
  .filter(([k]) => k !== 'future')
  .map(([, uid]) => uid)
const BASE = { valuation_date: DEMO_VALUATION_DATE, market_data_set: DEMO_SET_KEY }
const REQUESTS: [string, object][] = [
  [
    'scenarios',
    {
      ...BASE,
      target: { asset_uids: BONDS },
      scenarios: [
        { name: 'up', shocks: [{ parallel: 50 }] },
        { name: 'twist', shocks: [{ twist: { pivot: '5Y', short_bp: -10, long_bp: 20 } }] },
      ],
    },
  ],
  ['var', { ...BASE, target: { account_uid: DEMO.account }, lookback_days: 30 }],
  [
    'pnl-explain',
    { market_data_set: DEMO_SET_KEY, from_date: '2026-11-13', to_date: '2026-11-20', target: { asset_uids: BONDS } },
  ],
  [
    'series',
    {
      market_data_set: DEMO_SET_KEY,
      from_date: '2026-11-02',
      to_date: '2026-11-20',
      operation: 'price',
      asset_uids: BONDS,
    },
  ],
]

interface Status {
  job_id: string
  state: string
  status_url: string
  progress: { done_parts: number; total_parts: number; valuations: number }
  result?: unknown
  detail?: string
}

t.test('above the threshold each risk route answers 202, and its job the synchronous answer', async (t) => {
  const { app, db } = await build(t, {
    bundle: 'demo',
    env: { RISK_ASYNC_VALUATIONS: '20', RISK_PART_VALUATIONS: '10', PRICING_WORKER_IN_PROCESS: 'true' },
  })
  const inPlace = await buildInstance(t, db, { env: { RISK_ASYNC_VALUATIONS: '0' } })
  await waitFor(() => app.riskJobs.queues(1, true))
  for (const [route, payload] of REQUESTS) {
    const url = `/api/v1/pricing/${route}/`
    const accepted = await app.inject({ method: 'POST', url, payload })
    t.equal(accepted.statusCode, 202, `${route}: ${accepted.body.slice(0, 200)}`)
    const job = body<Status>(accepted)
    t.equal(accepted.headers.location, job.status_url)
    t.equal(job.status_url, `/api/v1/pricing/jobs/${job.job_id}/`)
    t.ok(job.progress.total_parts > 1, `${route}: ${job.progress.total_parts} parts`)
    let status = job
    await waitFor(
      async () => {
        status = body<Status>(await app.inject({ url: job.status_url }))
        t.ok(status.progress.done_parts <= status.progress.total_parts)
        return status.state === 'completed' || status.state === 'failed'
      },
      { timeoutMs: 120_000, intervalMs: 50 },
    )
    t.equal(status.state, 'completed', `${route}: ${status.detail ?? ''}`)
    t.equal(status.progress.done_parts, status.progress.total_parts)
    const sync = await inPlace.inject({ method: 'POST', url, payload })
    t.equal(sync.statusCode, 200)
    t.same(status.result, body(sync), `${route}: the job's result is the synchronous answer`)
  }
  const preferred = await inPlace.inject({
    method: 'POST',
    url: '/api/v1/pricing/scenarios/',
    headers: { prefer: 'respond-async' },
    payload: REQUESTS[0][1],
  })
  t.equal(preferred.statusCode, 202, 'Prefer: respond-async asks for a job whatever the size')
  t.equal((await app.inject({ url: '/api/v1/pricing/jobs/00000000-0000-4000-8000-000000000000/' })).statusCode, 404)
  t.equal((await app.inject({ url: '/api/v1/pricing/jobs/nope/' })).statusCode, 422)
})

t.test('a part whose process died is taken again once its lock lapses', async (t) => {
  const { app, db } = await build(t, {
    bundle: 'demo',
    env: { RISK_ASYNC_VALUATIONS: '20', RISK_PART_VALUATIONS: '40' },
  })
  await waitFor(() => app.riskJobs.queues(1, true))
  const accepted = await app.inject({ method: 'POST', url: '/api/v1/pricing/scenarios/', payload: REQUESTS[0][1] })
  t.equal(accepted.statusCode, 202)
  const job = body<Status>(accepted)

  // a process takes a part and dies holding it: a worker that fetches by hand, never finishes, never renews its lock
  const connection = createRedis(app.config.redisUrl, 'worker', app.log)
  const thief = new Worker(PRICING_QUEUE_NAME, null, {
    connection,
    prefix: app.config.bulkQueuePrefix,
    lockDuration: 1_000,
  })
  let taken: Job | undefined
  await waitFor(async () => (taken = (await thief.getNextJob('dead-process')) as Job | undefined) !== undefined)
  t.equal(taken?.name, RISK_PART, 'a part was taken')
  await thief.close(true)
  connection.disconnect()

  // a pricing worker starts: it prices the other parts, then takes the lapsed one again
  const worker = await buildInstance(t, db, {
    env: { PRICING_WORKER_IN_PROCESS: 'true', PRICING_JOB_LOCK_MS: '1000' },
  })
  t.ok(worker.pricingWorker, 'a pricing worker')
  let status = job
  await waitFor(
    async () => {
      status = body<Status>(await app.inject({ url: job.status_url }))
      return status.state === 'completed' || status.state === 'failed'
    },
    { timeoutMs: 120_000, intervalMs: 100 },
  )
  t.equal(status.state, 'completed', status.detail ?? '')
  const inPlace = await buildInstance(t, db, { env: { RISK_ASYNC_VALUATIONS: '0' } })
  const answer = await inPlace.inject({ method: 'POST', url: '/api/v1/pricing/scenarios/', payload: REQUESTS[0][1] })
  t.same(status.result, body(answer), 'the result is the synchronous answer')
})
