/**
 * Bulk semantics under outages (issue 12): a bulk delete not finished within BULK_WAIT_TIMEOUT_MS is withdrawn
 * before the request answers 504, so a 504 means nothing was deleted, even when a worker comes back later or
 * holds the job at the bound. `bulk_workers_connected` tells whether anything processes the queue.
 */
import t from 'tap'
import type { Job } from 'bullmq'
import { body } from '../helpers/app.ts'
import { buildBulk, explicit } from './app.ts'
import * as fx from './fixtures.ts'
import { sleep, waitFor } from '../helpers/wait.ts'
import { createBulkWorker } from '../../src/bulk/worker.ts'
import { processBulkDelete, withdrawRun, type BulkJobData, type BulkJobResult } from '../../src/bulk/processor.ts'

const silent = { info() {}, warn() {}, error() {} }

async function workersMetric(app: {
  inject: (o: { method: 'GET'; url: string }) => Promise<{ body: string }>
}): Promise<number | null> {
  const m = /^bulk_workers_connected (\d+)$/m.exec((await app.inject({ method: 'GET', url: '/metrics' })).body)
  return m ? Number(m[1]) : null
}

t.test('no worker: 504 withdraws the job; a worker that appears later deletes nothing of it', async (t) => {
  const { app, db, prefix } = await buildBulk(t, {
    env: { BULK_WORKER_IN_PROCESS: 'false', BULK_WAIT_TIMEOUT_MS: '300' },
  })
  const late = await fx.portfolios(db.sql, 3, 2)
  t.equal(await workersMetric(app), 0, 'the metric says no worker is connected')
  t.equal(await app.bulkQueue.workersConnected(), 0)
  let ready = body<{ status: string; checks: Record<string, { status: string; required: boolean; workers?: number }> }>(
    await app.inject({ method: 'GET', url: '/ready' }),
  )
  t.match(
    ready.checks.bulk_workers,
    { status: 'down', required: false, workers: 0 },
    '/ready says no bulk worker is connected',
  )

  const r = await app.inject({ method: 'POST', url: '/api/v1/portfolio/bulk-delete/', payload: explicit(late) })
  t.equal(r.statusCode, 504)
  t.match(
    body(r).detail,
    /did not finish within 0\.3 s and was withdrawn: nothing was deleted\. No bulk worker is connected/,
  )
  const counts = await app.bulkQueue.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')
  t.same(counts, { waiting: 0, active: 0, delayed: 0, prioritized: 0 }, 'nothing left in the queue for a later worker')
  t.match(
    (await app.inject({ method: 'GET', url: '/metrics' })).body,
    /bulk_delete_executions_total\{resource="portfolios",outcome="timeout"\} 1/,
  )

  // a worker comes back: it serves new deletes, and the withdrawn one stays undone
  const worker = createBulkWorker({ redisUrl: app.config.redisUrl, prefix, sql: db.sql, log: silent })
  t.teardown(() => worker.close())
  await waitFor(async () => (await app.bulkQueue.workersConnected()) === 1, { intervalMs: 50 })
  t.equal(await workersMetric(app), 1, 'the metric sees the worker')
  ready = body(await app.inject({ method: 'GET', url: '/ready' }))
  t.match(ready.checks.bulk_workers, { status: 'ok', workers: 1 }, '/ready sees it too')
  const now = await fx.portfolios(db.sql, 2, 1)
  const ok = await app.inject({ method: 'POST', url: '/api/v1/portfolio/bulk-delete/', payload: explicit(now) })
  t.equal(ok.statusCode, 200, 'with a worker: done')
  t.equal(body(ok).deleted_count, 2)
  t.equal(await fx.count(db.sql, 'portfolios', now), 0)
  t.equal(await fx.count(db.sql, 'portfolios', late), 3, 'the 504 told the truth: nothing of it was deleted')
  const [w] = await db.sql<
    { n: number }[]
  >`select count(*)::int as n from portfolio_weights where portfolio_identifier = any(${late.map((u) => `PF-${u}`)})`
  t.equal(w.n, 6)
})

t.test('a job a worker holds at the bound rolls back: the withdrawal wins over its commit', async (t) => {
  const { app, db, prefix } = await buildBulk(t, {
    env: { BULK_WORKER_IN_PROCESS: 'false', BULK_WAIT_TIMEOUT_MS: '400' },
  })
  const uids = await fx.portfolioGroups(db.sql, 2)
  let result: BulkJobResult | undefined
  const worker = createBulkWorker({
    redisUrl: app.config.redisUrl,
    prefix,
    sql: db.sql,
    log: silent,
    // the delete already ran in the transaction; the job is slow to commit, past the request's bound
    hooks: { beforeCommit: async () => void (await sleep(900)) },
    onCompleted: (job) => {
      result = job.returnvalue
    },
  })
  t.teardown(() => worker.close())
  await waitFor(async () => (await app.bulkQueue.workersConnected()) === 1, { intervalMs: 50 })
  const r = await app.inject({ method: 'POST', url: '/api/v1/portfolio-group/bulk-delete/', payload: explicit(uids) })
  t.equal(r.statusCode, 504)
  t.match(body(r).detail, /was withdrawn: nothing was deleted\. Retry/)
  t.notMatch(body(r).detail, /No bulk worker/)
  await waitFor(() => result !== undefined, { intervalMs: 50 })
  t.same(result, { outcome: 'withdrawn' }, 'the job saw the withdrawal and rolled back')
  t.equal(await fx.count(db.sql, 'portfolio_groups', uids), 2)
})

t.test('the arbitration and the deadline, job side and request side', async (t) => {
  const { db } = await buildBulk(t, { env: { BULK_WORKER_IN_PROCESS: 'false' } })
  const job = (id: string, uids: string[], deadline?: number) =>
    ({ id, data: { resource: 'portfolio-groups', uids, deadline }, attemptsMade: 0 }) as unknown as Job<
      BulkJobData,
      BulkJobResult
    >

  const expired = await fx.portfolioGroups(db.sql, 1)
  t.same(
    await processBulkDelete(db.sql, job('job-late', expired, Date.now() - 1)),
    { outcome: 'withdrawn' },
    'past its deadline, a job does not start',
  )
  t.equal(await fx.count(db.sql, 'portfolio_groups', expired), 1)

  const committed = await fx.portfolioGroups(db.sql, 2)
  const done = await processBulkDelete(db.sql, job('job-first', committed, Date.now() + 60_000))
  t.same(
    await withdrawRun(db.sql, 'job-first', 'portfolio-groups'),
    done,
    'a job that committed first keeps its answer',
  )

  const withdrawn = await fx.portfolioGroups(db.sql, 1)
  t.equal(
    await withdrawRun(db.sql, 'job-second', 'portfolio-groups'),
    null,
    'the withdrawal wins over a job not yet committed',
  )
  t.same(await processBulkDelete(db.sql, job('job-second', withdrawn, Date.now() + 60_000)), { outcome: 'withdrawn' })
  t.equal(await fx.count(db.sql, 'portfolio_groups', withdrawn), 1)
})
