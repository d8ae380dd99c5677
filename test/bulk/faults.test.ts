/**
 * Failure paths of the job, with the app's in-process worker off and a worker of this test that injects faults
 * inside the job's transaction (after the delete, before the commit).
 */
import t from 'tap'
import type { Job } from 'bullmq'
import { body } from '../helpers/app.ts'
import { buildBulk, explicit } from './app.ts'
import * as fx from './fixtures.ts'
import { createBulkWorker } from '../../src/bulk/worker.ts'
import { processBulkDelete, type BulkJobData, type BulkJobResult } from '../../src/bulk/processor.ts'

const silent = { info() {}, warn() {}, error() {} }

t.test('a job that fails mid-way leaves every row in place; the retry deletes them', async (t) => {
  const { app, db, prefix } = await buildBulk(t, { env: { BULK_WORKER_IN_PROCESS: 'false' } })
  const uids = await fx.portfolios(db.sql, 5, 2)
  const seen: { attempt: number; portfoliosInTx: number }[] = []
  const worker = createBulkWorker({
    redisUrl: app.config.redisUrl,
    prefix,
    sql: db.sql,
    log: silent,
    hooks: {
      beforeCommit: async (job) => {
        // the delete already ran in this transaction: fail now, as a crash or a lost connection would
        const [row] = await db.sql<
          { n: number }[]
        >`select count(*)::int as n from portfolios where uid = any(${uids}::uuid[])`
        seen.push({ attempt: job.attemptsMade, portfoliosInTx: row.n })
        if (job.attemptsMade === 0) throw new Error('injected failure after the delete')
      },
    },
  })
  t.teardown(() => worker.close())
  const r = await app.inject({ method: 'POST', url: '/api/v1/portfolio/bulk-delete/', payload: explicit(uids) })
  t.equal(r.statusCode, 200)
  t.same(body(r), {
    detail: 'Deleted 5 portfolios.',
    deleted_count: 5,
    deleted_weights_count: 10,
    deleted_values_count: 10,
    failed: [],
  })
  t.same(
    seen.map((s) => s.attempt),
    [0, 1],
    'first attempt failed, second committed',
  )
  t.equal(seen[0].portfoliosInTx, 5, 'other connections never saw the first attempt delete anything')
  t.equal(await fx.count(db.sql, 'portfolios', uids), 0)
})

t.test('a job that fails on every attempt deletes nothing and answers a 500 that says so', async (t) => {
  const { app, db, prefix } = await buildBulk(t, { env: { BULK_WORKER_IN_PROCESS: 'false' } })
  const uids = await fx.assetCategories(db.sql, 3, true)
  let attempts = 0
  const worker = createBulkWorker({
    redisUrl: app.config.redisUrl,
    prefix,
    sql: db.sql,
    log: silent,
    hooks: {
      beforeCommit: () => {
        attempts++
        throw new Error('injected failure')
      },
    },
  })
  t.teardown(() => worker.close())
  const r = await app.inject({ method: 'POST', url: '/api/v1/asset-category/bulk-delete/', payload: explicit(uids) })
  t.equal(r.statusCode, 500)
  t.match(body(r).detail, /failed on every attempt and nothing was deleted/)
  t.equal(attempts, 3)
  t.equal(await fx.count(db.sql, 'asset_categories', uids), 3)
  t.equal(await fx.count(db.sql, 'asset_category_memberships', uids), 3)
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
  t.match(metrics, /bulk_delete_jobs\{state="failed"\} 1/)
  t.match(metrics, /bulk_delete_job_duration_seconds_count\{resource="asset-categories",state="failed",phase="run"\} 1/)
})

t.test('a job run again after it committed returns its recorded result', async (t) => {
  const { db } = await buildBulk(t, { env: { BULK_WORKER_IN_PROCESS: 'false' } })
  const uids = await fx.portfolioGroups(db.sql, 2)
  const job = { id: 'job-rerun-1', data: { resource: 'portfolio-groups', uids }, attemptsMade: 0 } as unknown as Job<
    BulkJobData,
    BulkJobResult
  >
  const first = await processBulkDelete(db.sql, job)
  t.same(first, { outcome: 'deleted', counts: { deleted_count: 2 } })
  t.same(await processBulkDelete(db.sql, job), first, 'not "not found"')
  const other = { ...job, id: 'job-rerun-2' } as unknown as Job<BulkJobData, BulkJobResult>
  t.same(await processBulkDelete(db.sql, other), {
    outcome: 'blocked',
    blockers: uids.map((u) => `Portfolio group ${u} was not found.`),
  })
  const bad = { ...job, id: 'job-bad', data: { resource: 'indexes', uids } } as unknown as Job<
    BulkJobData,
    BulkJobResult
  >
  await t.rejects(processBulkDelete(db.sql, bad), { name: 'BulkJobError' })
})
