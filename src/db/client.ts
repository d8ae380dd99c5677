/**
 * The postgres.js client. `numeric` stays a string on purpose (holdings and weights are returned as exact
 * decimal strings); `bigint` counts become numbers (they are row counts, far below 2^53).
 */
import postgres from 'postgres'

export type Sql = postgres.Sql
export type TransactionSql = postgres.TransactionSql
export type ReservedSql = postgres.ReservedSql

export interface SqlOptions {
  max?: number
  /** suppress NOTICE messages (e.g. "relation already exists, skipping") */
  quiet?: boolean
}

export function createSql(databaseUrl: string, options: SqlOptions = {}): Sql {
  return postgres(databaseUrl, {
    max: options.max ?? 10,
    // throughput decays on very long-lived connections under load (design §9): recycle them
    max_lifetime: 60 * 30,
    idle_timeout: 60,
    connect_timeout: 10,
    onnotice: () => {},
    types: {
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
    connection: { application_name: 'fixed-income-service' },
  })
}

/** Creates the configured database when it is missing (connecting to the server's `postgres` database). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres'
  url.pathname = '/postgres'
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {}, connect_timeout: 10 })
  try {
    const [row] = await admin<{ exists: boolean }[]>`select exists(select 1 from pg_database where datname = ${name}) as exists`
    if (!row.exists) {
      try {
        await admin.unsafe(`create database "${name.replace(/"/g, '""')}"`)
      } catch (error) {
        // another process created it at the same moment
        if ((error as { code?: string }).code !== '42P04') throw error
      }
    }
  } finally {
    await admin.end({ timeout: 5 })
  }
}

/** The connection target without credentials, for logs and errors. */
export function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl)
  return `${url.hostname}:${url.port || 5432}${url.pathname}`
}
