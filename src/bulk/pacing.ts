/**
 * Bulk deletes beside pricing. Deleting 10,000 portfolios costs PostgreSQL about half a second of CPU (mostly the
 * per-row foreign-key triggers of six referencing tables). Done in one statement, that is one long burst: where
 * PostgreSQL shares the cores with the API, the pricing threads get half the CPU for its whole length, their queue
 * builds up and pricing p99 more than doubles. Lowering the backend's priority does not help on Linux, where the
 * scheduler first shares CPU fairly between sessions/cgroups (autogroup, systemd services) and nice only ranks
 * processes within one.
 *
 * So the job deletes in chunks inside its one transaction and, after each chunk, pauses as long as the chunk took:
 * short bursts at half duty, which slow a pricing request in flight by a few milliseconds instead of stalling the
 * pipeline. The pauses stop once the job has spent its yield budget, so a busy machine cannot stretch a delete
 * without bound. All or nothing is unchanged: every chunk is in the same transaction.
 */
import type { Queryable } from './deletions/queryable.ts'
import type { BulkResource, DeleteCounts } from './resources.ts'

export interface Pacing {
  /** rows deleted per statement */
  chunkSize: number
  /** pause after each chunk (as long as the chunk took) until the job has run this long; 0: never pause */
  yieldBudgetMs: number
}

export const NO_PACING: Pacing = { chunkSize: 10_000, yieldBudgetMs: 0 }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Deletes `uids` chunk by chunk on `db` (the job's transaction); the counts of every chunk, summed. */
export async function removeInChunks(
  db: Queryable,
  resource: BulkResource,
  uids: readonly string[],
  pacing: Pacing,
  afterChunk?: (done: number) => void | Promise<void>,
): Promise<DeleteCounts> {
  const started = performance.now()
  const total: DeleteCounts = { deleted_count: 0 }
  const size = Math.max(1, pacing.chunkSize)
  for (let i = 0; i < uids.length; i += size) {
    const t0 = performance.now()
    const counts = await resource.remove(db, uids.slice(i, i + size))
    for (const [key, n] of Object.entries(counts)) total[key] = (total[key] ?? 0) + n
    await afterChunk?.(Math.min(uids.length, i + size))
    const took = performance.now() - t0
    const last = i + size >= uids.length
    if (!last && performance.now() - started + took < pacing.yieldBudgetMs) await sleep(took)
  }
  return total
}
