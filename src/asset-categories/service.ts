/** The rules and transactions of asset categories and their memberships; the SQL is in repository.ts. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { deleteAssetCategories } from '../bulk/deletions/asset-categories.ts'
import { conflictOnDuplicate, notFound, unprocessable } from '../http/errors.ts'
import * as repo from './repository.ts'
import type { AssetCategory, CreateAssetCategoryRequest, PatchAssetCategoryRequest } from './schemas.ts'

export const missing = (uid: string) => notFound(`Asset category '${uid}' was not found.`)

/** "Crypto Core" → "crypto_core"; the peer's fallback when nothing survives. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return (slug || 'asset_category').slice(0, 255)
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()

async function setMembers(tx: TransactionSql, categoryUid: string, assets: string[] | null): Promise<void> {
  const unique = [...new Set((assets ?? []).map((a) => a.toLowerCase()))]
  const unknown = await repo.missingAssets(tx, unique)
  if (unknown.length)
    throw unprocessable(`body.assets: asset(s) ${unknown.map((u) => `'${u}'`).join(', ')} do not exist.`)
  await repo.replaceMembers(tx, categoryUid, unique)
}

/** Creates a category (its identifier from the name when none is sent) with its members, in one transaction. */
export async function createCategory(sql: Sql, b: CreateAssetCategoryRequest): Promise<AssetCategory> {
  const explicit = blankToNull(b.unique_identifier)
  return sql
    .begin(async (tx) => {
      const row = await repo.insertCategory(tx, {
        unique_identifier: explicit ?? (await repo.freeIdentifier(tx, slugify(b.display_name))),
        display_name: b.display_name.trim(),
        description: blankToNull(b.description) ?? null,
      })
      if (b.assets !== undefined) await setMembers(tx, row.uid, b.assets)
      return row
    })
    .catch(conflictOnDuplicate(() => `An asset category with unique_identifier '${explicit}' already exists.`))
}

export async function updateCategory(sql: Sql, uid: string, b: PatchAssetCategoryRequest): Promise<AssetCategory> {
  return sql.begin(async (tx) => {
    if (!(await repo.findCategory(tx, uid, true))) throw missing(uid)
    const patch: Record<string, unknown> = {}
    if (b.display_name !== undefined) patch.display_name = b.display_name.trim()
    if (b.description !== undefined) patch.description = blankToNull(b.description) ?? null
    const row = await repo.updateCategory(tx, uid, patch)
    if (b.assets !== undefined) await setMembers(tx, uid, b.assets)
    return row!
  })
}

/** Deletes a category with its memberships (the assets stay); 404 when there is none. */
export async function deleteCategory(sql: Sql, uid: string): Promise<void> {
  const { deleted_count } = await deleteAssetCategories(sql, [uid])
  if (deleted_count === 0) throw missing(uid)
}
