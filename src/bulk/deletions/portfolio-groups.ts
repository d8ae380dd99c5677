/**
 * Portfolio-group deletion for the bulk-delete job. A group has no protected reference: its memberships cascade
 * by foreign key and the portfolios themselves stay.
 */
import { q, uidArray, type Queryable } from './queryable.ts'

/** Nothing protects a portfolio group; kept for symmetry with the other resources (always empty). */
export async function findPortfolioGroupDeleteBlockers(
  _db: Queryable,
  _uids: string[],
): Promise<Map<string, string[]>> {
  return new Map()
}

export async function deletePortfolioGroups(db: Queryable, uids: string[]): Promise<{ deleted_count: number }> {
  if (uids.length === 0) return { deleted_count: 0 }
  const deleted = await q(db)`delete from portfolio_groups where uid = any(${uidArray(db, uids)})`
  return { deleted_count: deleted.count }
}
