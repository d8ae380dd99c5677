/**
 * The postgres.js client. `numeric` stays a string on purpose (holdings and weights are returned as exact
 * decimal strings); `bigint` counts become numbers (they are row counts, far below 2^53).
 */
import postgres from 'postgres'
import { withAdmission } from './admission.ts'
import { watchedSocketFactory } from './watchdog.ts'

export type Sql = postgres.Sql
export type TransactionSql = postgres.TransactionSql
export type ReservedSql = postgres.ReservedSql

export interface SqlOptions {
  max?: number
  /** suppress NOTICE messages (e.g. "relation already exists, skipping") */
  quiet?: boolean
  /** seconds an unused connection stays open */
  idleTimeoutSeconds?: number
  /** seconds to open a connection when no `timeouts` are given (default 10) */
  connectTimeoutSeconds?: number
  /** outage bounds of a serving pool (the API, workers); without them, the generous defaults of tools and tests */
  timeouts?: DatabaseTimeouts
}

export interface DatabaseTimeouts {
  /** opening a connection (TCP and startup); also how long a query may wait for its turn (admission.ts) */
  connectMs: number
  /**
   * PostgreSQL statement_timeout; a connection silent for this plus WATCHDOG_GRACE_MS while a query waits is dropped
   */
  statementMs: number
}

/** Longest pause between two connection attempts of a serving pool while the database is away. */
export const RECONNECT_BACKOFF_MAX_MS = 500

/** Time the server gets beyond statement_timeout to report the cancellation before the link is deemed dead. */
export const WATCHDOG_GRACE_MS = 1_000

export function createSql(databaseUrl: string, options: SqlOptions = {}): Sql {
  const { timeouts } = options
  const max = options.max ?? 10
  const sql = postgres(databaseUrl, {
    max,
    // throughput decays on very long-lived connections under load (design §9): recycle them
    max_lifetime: 60 * 30,
    idle_timeout: options.idleTimeoutSeconds ?? 60,
    connect_timeout: timeouts ? timeouts.connectMs / 1000 : (options.connectTimeoutSeconds ?? 10),
    onnotice: () => {},
    types: {
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
    connection: {
      application_name: 'fixed-income-service',
      ...(timeouts
        ? { statement_timeout: timeouts.statementMs, idle_in_transaction_session_timeout: timeouts.statementMs * 2 }
        : {}),
    },
    ...(timeouts ? serving(databaseUrl, timeouts) : {}),
  })
  // a serving pool: a query waits at most connectMs for its turn (admission.ts)
  return timeouts ? withAdmission(sql, max, timeouts.connectMs) : sql
}

/** What a serving pool adds: the socket watchdog (plain TCP only) and a short reconnect backoff. */
// `socket` is a documented postgres.js option missing from its type declarations
function serving(
  databaseUrl: string,
  timeouts: DatabaseTimeouts,
): { socket?: ReturnType<typeof watchedSocketFactory>; backoff: (retries: number) => number } {
  const url = new URL(databaseUrl)
  const sslmode = url.searchParams.get('sslmode') ?? process.env.PGSSLMODE ?? 'disable'
  // TLS bytes cannot be read by the watchdog; several hosts need postgres.js's own host rotation
  const plain =
    ['disable', 'allow', 'prefer'].includes(sslmode) && !url.searchParams.has('ssl') && !url.host.includes(',')
  return {
    ...(plain ? { socket: watchedSocketFactory(timeouts.statementMs + WATCHDOG_GRACE_MS) } : {}),
    // postgres.js backs off up to 20 s between attempts after failures: a database that is back would wait that long
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, RECONNECT_BACKOFF_MAX_MS / 1000),
  }
}

/**
 * Creates the configured database when it is missing (connecting to the server's `postgres` database); true when it
 * did.
 */
export async function ensureDatabase(databaseUrl: string, connectTimeoutSeconds = 10): Promise<boolean> {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres'
  url.pathname = '/postgres'
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {}, connect_timeout: connectTimeoutSeconds })
  try {
    const [row] = await admin<
      { exists: boolean }[]
    >`select exists(select 1 from pg_database where datname = ${name}) as exists`
    if (row.exists) return false
    try {
      await admin.unsafe(`create database "${name.replace(/"/g, '""')}"`)
      return true
    } catch (error) {
      // another process created it at the same moment
      if ((error as { code?: string }).code !== '42P04') throw error
      return false
    }
  } finally {
    await admin.end({ timeout: 5 })
  }
}

/** Why a connection failed, in one phrase without credentials (postgres.js messages name host and port at most). */
export function describeConnectError(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (code === 'CONNECT_TIMEOUT') return 'no answer within the connect timeout'
  return typeof message === 'string' && message ? message : String(code ?? 'unknown error')
}

/** The connection target without credentials, for logs and errors. */
export function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl)
  return `${url.hostname}:${url.port || 5432}${url.pathname}`
}
