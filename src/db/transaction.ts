/**
 * Transactions that concurrent writers may collide in. PostgreSQL resolves a deadlock (40P01) or a
 * serialization failure (40001) by aborting one transaction, which is then safe to run again from the start:
 * the client should never see that collision, so the whole transaction is retried a bounded number of times
 * with a jittered backoff.
 */
import type { Sql, TransactionSql } from './client.ts'

/** PostgreSQL binds at most 65,535 parameters per statement (postgres.js 65,534); multi-row writes split below. */
export const MAX_BIND_PARAMETERS = 65_000

const RETRYABLE = new Set(['40P01', '40001'])
export const TRANSACTION_ATTEMPTS = 6

const isRetryable = (error: unknown) => RETRYABLE.has(String((error as { code?: unknown }).code))
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function retryingTransaction<T>(
  sql: Sql,
  work: (tx: TransactionSql) => Promise<T>,
  attempts = TRANSACTION_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await sql.begin(work)) as T
    } catch (error) {
      if (!isRetryable(error) || attempt >= attempts) throw error
      // 5, 10, 20, 40 ms … each with jitter, so the colliding transactions do not meet again in step
      await pause(5 * 2 ** (attempt - 1) * (0.5 + Math.random()))
    }
  }
}

/** Consecutive slices of `items` whose rows of `columns` values each fit one statement's bind parameters. */
export function chunksForParameters<T>(items: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_BIND_PARAMETERS / Math.max(1, columns)))
  const chunks: T[][] = []
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size))
  return chunks
}

/** Rows of one shape (the keys of the first) in slices that each fit one multi-row INSERT. */
export const rowChunks = <T extends object>(rows: readonly T[]): T[][] =>
  chunksForParameters(rows, Object.keys(rows[0] ?? {}).length)
