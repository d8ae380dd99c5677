/** The job deletes in chunks with pauses, inside its one transaction: counts add up, a failure anywhere undoes all. */
import t from 'tap'
import type { Job } from 'bullmq'
import { createTestDatabase } from '../helpers/database.ts'
import * as fx from './fixtures.ts'
import { removeInChunks } from '../../src/bulk/pacing.ts'
import { processBulkDelete, type BulkJobData, type BulkJobResult } from '../../src/bulk/processor.ts'
import { PORTFOLIOS } from '../../src/bulk/resources.ts'

const db = await createTestDatabase(t)
const { sql } = db
const job = (id: string, uids: string[]) =>
  ({ id, data: { resource: 'portfolios', uids }, attemptsMade: 0 }) as unknown as Job<BulkJobData, BulkJobResult>

t.test('chunk by chunk, the counts of the whole selection', async (t) => {
  const uids = await fx.portfolios(sql, 5, 2)
  const seen: number[] = []
  const counts = await sql.begin((tx) =>
    removeInChunks(tx, PORTFOLIOS, uids, { chunkSize: 2, yieldBudgetMs: 1_000 }, (done) => void seen.push(done)),
  )
  t.same(counts, { deleted_count: 5, deleted_weights_count: 10, deleted_values_count: 10 })
  t.same(seen, [2, 4, 5], 'three statements of at most two portfolios')
  t.equal(await fx.count(sql, 'portfolios', uids), 0)
})

t.test('a failure after some chunks leaves every row in place', async (t) => {
  const uids = await fx.portfolios(sql, 5, 2)
  const hooks = {
    afterChunk: async (done: number) => {
      const [row] = await sql<
        { n: number }[]
      >`select count(*)::int as n from portfolios where uid = any(${uids}::uuid[])`
      t.equal(row.n, 5, 'other connections see nothing deleted before the commit')
      if (done >= 4) throw new Error('injected failure after two chunks')
    },
  }
  await t.rejects(
    processBulkDelete(sql, job('job-chunks-fail', uids), hooks, { chunkSize: 2, yieldBudgetMs: 1_000 }),
    /injected failure/,
  )
  t.equal(await fx.count(sql, 'portfolios', uids), 5)
  const [w] = await sql<
    { n: number }[]
  >`select count(*)::int as n from portfolio_weights where portfolio_identifier = any(${uids.map((u) => `PF-${u}`)})`
  t.equal(w.n, 10, 'the weights of the chunks already deleted came back too')
  const done = await processBulkDelete(sql, job('job-chunks-ok', uids), {}, { chunkSize: 2, yieldBudgetMs: 0 })
  t.same(done, {
    outcome: 'deleted',
    counts: { deleted_count: 5, deleted_weights_count: 10, deleted_values_count: 10 },
  })
})
