/**
 * The bulk-delete job: one transaction that locks the selected rows, repeats the preflight checks, deletes and
 * records the result under the job id. Any failure rolls the whole transaction back, so a failed attempt leaves
 * every row in place and BullMQ may simply run it again; an attempt that finds its own committed record returns
 * it (the job was already done) instead of reporting the deleted rows as missing.
 */
import type { Job } from 'bullmq'
import type { Sql } from '../db/client.ts'
import { q } from './deletions/queryable.ts'
import { checkSelection } from './preflight.ts'
import { BULK_RESOURCES, isBulkResourceKey, type BulkResourceKey, type DeleteCounts } from './resources.ts'

export const BULK_QUEUE_NAME = 'bulk-delete'

export interface BulkJobData {
  resource: BulkResourceKey
  uids: string[]
}

export type BulkJobResult = { outcome: 'deleted'; counts: DeleteCounts } | { outcome: 'blocked'; blockers: string[] }

export interface ProcessorHooks {
  /** runs inside the transaction after the delete, before the commit (tests inject failures here) */
  beforeCommit?: (job: Job<BulkJobData, BulkJobResult>) => void | Promise<void>
}

export class BulkJobError extends Error {
  override readonly name = 'BulkJobError'
}

export async function processBulkDelete(sql: Sql, job: Job<BulkJobData, BulkJobResult>, hooks: ProcessorHooks = {}): Promise<BulkJobResult> {
  const { resource: key, uids } = job.data
  if (!isBulkResourceKey(key) || !Array.isArray(uids)) throw new BulkJobError(`job ${job.id} carries no valid bulk-delete selection`)
  const resource = BULK_RESOURCES[key]
  const jobId = String(job.id)
  return sql.begin(async (tx) => {
    const [done] = await tx<{ result: BulkJobResult }[]>`select result from bulk_delete_runs where job_id = ${jobId}`
    if (done) return done.result
    const check = await checkSelection(tx, resource, uids, true)
    if (check.blockers.length) return { outcome: 'blocked', blockers: check.blockers } satisfies BulkJobResult
    const counts = await resource.remove(tx, uids)
    // the rows are locked and unblocked, so anything short of all of them is a bug: roll back rather than half-delete
    if (counts.deleted_count !== uids.length) throw new BulkJobError(`deleted ${counts.deleted_count} of ${uids.length} locked ${resource.plural}`)
    await hooks.beforeCommit?.(job)
    const result: BulkJobResult = { outcome: 'deleted', counts }
    await tx`insert into bulk_delete_runs (job_id, resource, result) values (${jobId}, ${key}, ${q(tx).json(result)})`
    await tx`delete from bulk_delete_runs where finished_at < now() - interval '7 days'`
    return result
  })
}
