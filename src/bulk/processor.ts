/**
 * The bulk-delete job: one transaction that locks the selected rows, repeats the preflight checks, deletes and
 * records the result under the job id. Any failure rolls the whole transaction back, so a failed attempt leaves
 * every row in place and BullMQ may simply run it again; an attempt that finds its own committed record returns
 * it (the job was already done) instead of reporting the deleted rows as missing.
 *
 * Withdrawal (a 504 means nothing was deleted): the job's record in `bulk_delete_runs` is also the arbiter
 * between the job and the request that gave up on it. The job writes its record as the last statement before
 * its commit; the request, at its wait bound, writes a 'withdrawn' record under the same key (withdrawRun).
 * Whichever commits first wins: a job that finds the withdrawal rolls back, and a request that finds the job's
 * record answers it. A job whose request deadline has passed does not start at all.
 */
import type { Job } from 'bullmq'
import type { Sql } from '../db/client.ts'
import { q } from './deletions/queryable.ts'
import { checkSelection } from './preflight.ts'
import { NO_PACING, removeInChunks, type Pacing } from './pacing.ts'
import { BULK_RESOURCES, isBulkResourceKey, type BulkResourceKey, type DeleteCounts } from './resources.ts'

export const BULK_QUEUE_NAME = 'bulk-delete'

export interface BulkJobData {
  resource: BulkResourceKey
  uids: string[]
  /** epoch ms after which the request no longer waits: the job is withdrawn instead of started (absent: no bound) */
  deadline?: number
}

export type BulkJobResult =
  { outcome: 'deleted'; counts: DeleteCounts } | { outcome: 'blocked'; blockers: string[] } | { outcome: 'withdrawn' }

export interface ProcessorHooks {
  /** runs inside the transaction after the delete, before the commit (tests inject failures here) */
  beforeCommit?: (job: Job<BulkJobData, BulkJobResult>) => void | Promise<void>
  /** runs inside the transaction after each chunk of the delete, with the number of rows handled so far */
  afterChunk?: (done: number) => void | Promise<void>
}

export class BulkJobError extends Error {
  override readonly name = 'BulkJobError'
}

/** Thrown inside the transaction to roll it back when the request withdrew the job first. */
class Withdrawn extends Error {}

const WITHDRAWN: BulkJobResult = { outcome: 'withdrawn' }

export async function processBulkDelete(
  sql: Sql,
  job: Job<BulkJobData, BulkJobResult>,
  hooks: ProcessorHooks = {},
  pacing: Pacing = NO_PACING,
): Promise<BulkJobResult> {
  const { resource: key, uids, deadline } = job.data
  if (!isBulkResourceKey(key) || !Array.isArray(uids))
    throw new BulkJobError(`job ${job.id} carries no valid bulk-delete selection`)
  // nobody waits for it any more: the request answered (or is answering) 504, which promises nothing was deleted
  if (typeof deadline === 'number' && Date.now() > deadline) return WITHDRAWN
  const resource = BULK_RESOURCES[key]
  const jobId = String(job.id)
  try {
    return await sql.begin(async (tx) => {
      // these plans run once over 10,000 keys: compiling them (JIT) would only add CPU beside pricing
      await tx`set local jit = off`
      const [done] = await tx<{ result: BulkJobResult }[]>`select result from bulk_delete_runs where job_id = ${jobId}`
      if (done) return done.result
      const check = await checkSelection(tx, resource, uids, true)
      if (check.blockers.length) return { outcome: 'blocked', blockers: check.blockers } satisfies BulkJobResult
      // in chunks with pauses, so pricing on the same cores sees short bursts rather than one long one (pacing.ts)
      const counts = await removeInChunks(tx, resource, uids, pacing, hooks.afterChunk)
      // the rows are locked and unblocked, so anything short of all of them is a bug: roll back rather than half-delete
      if (counts.deleted_count !== uids.length)
        throw new BulkJobError(`deleted ${counts.deleted_count} of ${uids.length} locked ${resource.plural}`)
      await hooks.beforeCommit?.(job)
      const result: BulkJobResult = { outcome: 'deleted', counts }
      await tx`delete from bulk_delete_runs where finished_at < now() - interval '7 days'`
      // last before the commit: a withdrawal committed meanwhile makes this a no-op, and the delete rolls back
      const recorded = await tx`insert into bulk_delete_runs (job_id, resource, result) values (${jobId}, ${key},
          ${q(tx).json(result)})
                                on conflict (job_id) do nothing returning job_id`
      if (recorded.count === 0) throw new Withdrawn()
      return result
    })
  } catch (error) {
    if (error instanceof Withdrawn) return WITHDRAWN
    throw error
  }
}

/**
 * The request's side of the arbitration: records the job as withdrawn unless the job committed first. Returns
 * null when the withdrawal won (the job can no longer commit), or the job's recorded result. Waits at most
 * `lockTimeoutMs` for a job caught between its record and its commit.
 */
export async function withdrawRun(
  sql: Sql,
  jobId: string,
  resource: BulkResourceKey,
  lockTimeoutMs = 5_000,
): Promise<BulkJobResult | null> {
  return sql.begin(async (tx) => {
    await tx.unsafe(`set local lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`)
    const claimed = await tx`insert into bulk_delete_runs (job_id, resource, result) values (${jobId}, ${resource},
        ${q(tx).json(WITHDRAWN)})
                             on conflict (job_id) do nothing returning job_id`
    if (claimed.count === 1) return null
    const [row] = await tx<{ result: BulkJobResult }[]>`select result from bulk_delete_runs where job_id = ${jobId}`
    return row.result
  })
}
