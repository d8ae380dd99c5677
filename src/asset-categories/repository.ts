/** SQL of asset categories and their memberships. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { missingUids } from '../db/values.ts'
import { containsPattern } from '../http/pagination.ts'
import type { AssetCategory } from './schemas.ts'

type Db = Sql | TransactionSql
const CATEGORY = 'uid::text, unique_identifier, display_name, description, metadata_json'

export async function listCategories(sql: Sql, f: { limit: number; offset: number; search?: string }) {
  const pattern = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const where = pattern
    ? sql`where lower(uid::text) like ${pattern} or lower(unique_identifier) like ${pattern} or lower(display_name)
      like ${pattern} or lower(coalesce(description, '')) like ${pattern}`
    : sql``
  const [rows, [count]] = await Promise.all([
    sql<AssetCategory[]>`select ${sql.unsafe(CATEGORY)} from asset_categories ${where} order by lower(display_name),
      lower(unique_identifier), uid limit ${f.limit} offset ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from asset_categories ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findCategory(sql: Db, uid: string, lock = false): Promise<AssetCategory | undefined> {
  const [row] = await sql<
    AssetCategory[]
  >`select ${sql.unsafe(CATEGORY)} from asset_categories where uid = ${uid} ${lock ? sql`for update` : sql``}`
  return row
}

export async function countMembers(sql: Db, uid: string): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from asset_category_memberships where category_uid = ${uid}`
  return row.n
}

/** `base`, or `base_2`, `base_3`... : the first identifier no category uses yet. */
export async function freeIdentifier(tx: TransactionSql, base: string): Promise<string> {
  const taken = new Set(
    (
      await tx<
        { unique_identifier: string }[]
      >`select unique_identifier from asset_categories where unique_identifier = ${base} or unique_identifier like
        ${base.replace(/[\\%_]/g, (c) => `\\${c}`) + '\\_%'}`
    ).map((r) => r.unique_identifier),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 255 - String(n).length - 1)}_${n}`
    if (!taken.has(candidate)) return candidate
  }
}

export async function insertCategory(
  tx: TransactionSql,
  v: { unique_identifier: string; display_name: string; description: string | null },
): Promise<AssetCategory> {
  const [row] = await tx<AssetCategory[]>`insert into asset_categories ${tx(v)} returning ${tx.unsafe(CATEGORY)}`
  return row
}

export async function updateCategory(
  tx: TransactionSql,
  uid: string,
  patch: Record<string, unknown>,
): Promise<AssetCategory | undefined> {
  if (Object.keys(patch).length === 0) return findCategory(tx, uid)
  const [row] = await tx<
    AssetCategory[]
  >`update asset_categories set ${tx(patch)} where uid = ${uid} returning ${tx.unsafe(CATEGORY)}`
  return row
}

/** Assets of `uids` that do not exist (so the client learns which uid is wrong). */
export const missingAssets = (tx: TransactionSql, uids: string[]): Promise<string[]> => missingUids(tx, 'assets', uids)

export async function replaceMembers(tx: TransactionSql, categoryUid: string, assetUids: string[]): Promise<void> {
  await tx`delete from asset_category_memberships where category_uid = ${categoryUid}`
  if (assetUids.length)
    await tx`insert into asset_category_memberships (category_uid, asset_uid) select ${categoryUid}, u from
      unnest(${assetUids}::uuid[]) as u`
}
