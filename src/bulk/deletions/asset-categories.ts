/**
 * Asset-category deletion for the bulk-delete job (and any single-delete route that wants it). A category has no
 * protected reference: its memberships cascade by foreign key and the assets themselves stay.
 */
import { q, type Queryable } from './queryable.ts'

/** Categories of `uids` that exist; with `lock`, locked FOR UPDATE until the transaction ends. */
export async function findExistingAssetCategories(db: Queryable, uids: string[], lock = false): Promise<Set<string>> {
  if (uids.length === 0) return new Set()
  const rows = lock
    ? await q(db)<{ uid: string }[]>`select uid::text from asset_categories where uid = any(${uids}::uuid[]) order by uid for update`
    : await q(db)<{ uid: string }[]>`select uid::text from asset_categories where uid = any(${uids}::uuid[])`
  return new Set(rows.map((r) => r.uid))
}

/** Nothing protects an asset category; kept for symmetry with the other resources (always empty). */
export async function findAssetCategoryDeleteBlockers(_db: Queryable, _uids: string[]): Promise<Map<string, string[]>> {
  return new Map()
}

export async function deleteAssetCategories(db: Queryable, uids: string[]): Promise<{ deleted_count: number }> {
  if (uids.length === 0) return { deleted_count: 0 }
  const deleted = await q(db)`delete from asset_categories where uid = any(${uids}::uuid[])`
  return { deleted_count: deleted.count }
}
