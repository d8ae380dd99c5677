/**
 * Portfolio deletion, shared by the single `DELETE /api/v1/portfolio/{uid}/` route and the bulk-delete job.
 * Protected references (virtual funds targeting the portfolio, account target positions on it) block the delete;
 * the time series keyed by the portfolio's identifier (weights, values) go with it; group memberships and the
 * metadata row cascade by foreign key.
 */
import { q, uidArray, type Queryable } from './queryable.ts'

export interface PortfolioDeleteCounts {
  deleted_count: number
  deleted_weights_count: number
  deleted_values_count: number
}

/**
 * Blocker sentences per portfolio uid (only uids with at least one blocker appear; unknown uids never do).
 * The sentences are the peer's, without the "Portfolio <uid>: " prefix the bulk preflight adds.
 */
export async function findPortfolioDeleteBlockers(db: Queryable, uids: string[]): Promise<Map<string, string[]>> {
  const blockers = new Map<string, string[]>()
  if (uids.length === 0) return blockers
  const rows = await q(db)<{ uid: string; virtual_funds: number; target_positions: number }[]>`
    select p.uid::text as uid,
           (select count(*) from virtual_funds vf where vf.target_portfolio_uid = p.uid)::int as virtual_funds,
           (select count(*) from target_positions tp where tp.portfolio_uid = p.uid)::int as target_positions
    from portfolios p
    where p.uid = any(${uidArray(db, uids)})
      and (exists (select 1 from virtual_funds vf where vf.target_portfolio_uid = p.uid)
           or exists (select 1 from target_positions tp where tp.portfolio_uid = p.uid))`
  for (const row of rows) {
    const sentences: string[] = []
    if (row.virtual_funds > 0) {
      sentences.push(
        `VirtualFundTable.target_portfolio_uid references this portfolio (count=${row.virtual_funds}). Delete or ` +
          `retarget those virtual funds first.`,
      )
    }
    if (row.target_positions > 0) {
      sentences.push(
        `TargetPositionsStorage.portfolio_uid references this portfolio (count=${row.target_positions}). Delete or ` +
          `retarget account target positions first.`,
      )
    }
    blockers.set(row.uid, sentences)
  }
  return blockers
}

/**
 * Deletes the portfolios of `uids` that have no protected reference, with their weights and values rows. Call it
 * inside a transaction after checking blockers: the NOT EXISTS guards make a blocked portfolio (or one that
 * became blocked meanwhile) a no-op instead of a half delete, and the caller compares `deleted_count`.
 */
export async function deletePortfolios(db: Queryable, uids: string[]): Promise<PortfolioDeleteCounts> {
  if (uids.length === 0) return { deleted_count: 0, deleted_weights_count: 0, deleted_values_count: 0 }
  const [row] = await q(db)<{ weights: number; values_count: number; portfolios: number }[]>`
    with target as (
      select p.uid, p.unique_identifier from portfolios p
      where p.uid = any(${uidArray(db, uids)})
        and not exists (select 1 from virtual_funds vf where vf.target_portfolio_uid = p.uid)
        and not exists (select 1 from target_positions tp where tp.portfolio_uid = p.uid)
    ),
    -- "= any(array(...))": one probe of the primary key per portfolio. A join on the CTE would be planned as a hash
    -- join over the whole series table (1,000,000 weights: seconds of CPU and temp files beside pricing).
    w as (delete from portfolio_weights pw where pw.portfolio_identifier = any(array(select unique_identifier from
      target)) returning 1),
    v as (delete from portfolio_values pv where pv.portfolio_identifier = any(array(select unique_identifier from
      target)) returning 1)
    select (select count(*) from w)::int as weights, (select count(*) from v)::int as values_count, (select count(*)
      from target)::int as portfolios`
  // The data-modifying CTEs above complete before this statement, so the RESTRICT keys on weights and values no
  // longer see rows for these identifiers.
  const deleted = await q(db)`
    delete from portfolios p
    where p.uid = any(${uidArray(db, uids)})
      and not exists (select 1 from virtual_funds vf where vf.target_portfolio_uid = p.uid)
      and not exists (select 1 from target_positions tp where tp.portfolio_uid = p.uid)
      and not exists (select 1 from portfolio_weights pw where pw.portfolio_identifier = p.unique_identifier)
      and not exists (select 1 from portfolio_values pv where pv.portfolio_identifier = p.unique_identifier)`
  return { deleted_count: deleted.count, deleted_weights_count: row.weights, deleted_values_count: row.values_count }
}
