import type { Sql, TransactionSql } from '../../db/client.ts'

/** The pool or a transaction: the deletion helpers run both as a preflight (pool) and inside the job's transaction. */
export type Queryable = Sql | TransactionSql

// postgres.js types a transaction as Omit<Sql, ...>, which drops no query signature but is not assignable to Sql;
// one narrowing cast keeps the call sites typed.
export const q = (sql: Queryable): Sql => sql as Sql

/**
 * A selection of (validated, canonical) uids as a `uuid[]` SQL fragment bound as one text parameter. postgres.js
 * escapes an array parameter element by element; for 10,000 uids that costs the event loop several milliseconds
 * per query (and as much garbage), where one joined string costs almost nothing. Uids never contain a comma.
 */
export function uidArray(db: Queryable, uids: readonly string[]) {
  if (uids.some((u) => u.includes(','))) throw new TypeError('a uid of a selection contains a comma')
  return q(db)`string_to_array(${uids.join(',')}, ',')::uuid[]`
}

export type BulkTable = 'asset_categories' | 'portfolios' | 'portfolio_groups'

/**
 * The uids of `uids` with no row in `table`. Only the missing ones travel back (usually none), not one row per
 * uid. With `lock`, the existing rows are locked FOR UPDATE in uid order (a fixed order: overlapping deletes
 * cannot deadlock) until the transaction ends.
 */
export async function findMissing(
  db: Queryable,
  table: BulkTable,
  uids: readonly string[],
  lock = false,
): Promise<Set<string>> {
  if (uids.length === 0) return new Set()
  const sql = q(db)
  if (lock) {
    const [{ n }] = await sql<{ n: number }[]>`
      select count(*)::int as n from (select uid from ${sql(table)} where uid = any(${uidArray(db, uids)}) order by
        uid for update) locked`
    if (n === uids.length) return new Set()
  }
  const rows = await sql<{ uid: string }[]>`
    select u::text as uid from unnest(${uidArray(db, uids)}) as u where not exists (select 1 from ${sql(table)} t
      where t.uid = u)`
  return new Set(rows.map((r) => r.uid))
}
