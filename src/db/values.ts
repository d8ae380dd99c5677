/** Parameter helpers shared by every repository that writes optional or JSON columns. */
import type { Sql, TransactionSql } from './client.ts'

/** undefined → null, for optional columns written as NULL. */
export const nul = <T>(v: T | undefined): T | null => (v === undefined ? null : v)

/** A jsonb parameter (postgres.js needs `sql.json` for objects), null when absent. */
export const jsonValue = (sql: Sql | TransactionSql, v: unknown) =>
  v === undefined || v === null ? null : sql.json(v as Parameters<Sql['json']>[0])

/** The keys of a PATCH body the client sent (undefined means "not sent"), ready for `update … set ${sql(patch)}`. */
export const sentFields = (body: object, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(
    keys
      .filter((k) => (body as Record<string, unknown>)[k] !== undefined)
      .map((k) => [k, (body as Record<string, unknown>)[k]]),
  )

/**
 * The uids of `uids` with no row in `table` (a name from the caller's code, never input), so a client learns which is
 * wrong.
 */
export async function missingUids(sql: Sql | TransactionSql, table: string, uids: string[]): Promise<string[]> {
  if (uids.length === 0) return []
  const rows = await sql<
    { uid: string }[]
  >`select u::text as uid from unnest(${uids}::uuid[]) as u where not exists (select 1 from ${sql(table)} t where
    t.uid = u)`
  return rows.map((r) => r.uid)
}
