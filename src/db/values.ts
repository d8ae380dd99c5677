/** Parameter helpers shared by every repository that writes optional or JSON columns. */
import type { Sql, TransactionSql } from './client.ts'

/** undefined → null, for optional columns written as NULL. */
export const nul = <T>(v: T | undefined): T | null => (v === undefined ? null : v)

/** A jsonb parameter (postgres.js needs `sql.json` for objects), null when absent. */
export const jsonValue = (sql: Sql | TransactionSql, v: unknown) => (v === undefined || v === null ? null : sql.json(v as Parameters<Sql['json']>[0]))
