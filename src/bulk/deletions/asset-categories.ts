/**
 * Asset-category deletion for the bulk-delete job (and any single-delete route that wants it). A category has no
 * protected reference: its memberships cascade by foreign key and the assets themselves stay.
 */
import { q, uidArray, type Queryable } from './queryable.ts'

/** Nothing protects an asset category; kept for symmetry with the other resources (always empty). */
export async function findAssetCategoryDeleteBlockers(_db: Queryable, _uids: string[]): Promise<Map<string, string[]>> {
  return new Map()
}

export async function deleteAssetCategories(db: Queryable, uids: string[]): Promise<{ deleted_count: number }> {
  if (uids.length === 0) return { deleted_count: 0 }
  const deleted = await q(db)`delete from asset_categories where uid = any(${uidArray(db, uids)})`
  return { deleted_count: deleted.count }
}
