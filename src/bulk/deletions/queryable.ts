import type { Sql, TransactionSql } from '../../db/client.ts'

/** The pool or a transaction: the deletion helpers run both as a preflight (pool) and inside the job's transaction. */
export type Queryable = Sql | TransactionSql

// postgres.js types a transaction as Omit<Sql, ...>, which drops no query signature but is not assignable to Sql;
// one narrowing cast keeps the call sites typed.
export const q = (sql: Queryable): Sql => sql as Sql
