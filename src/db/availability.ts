/**
 * Which database failures mean "PostgreSQL is unavailable" (the request may succeed later: 503 with Retry-After)
 * rather than "the request is wrong" or "the service is broken". The detail never names the host, the database or
 * the failing SQL; the log gets the cause.
 */

/** postgres.js connection failures and the socket watchdog (src/db/watchdog.ts). */
const CLIENT_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'DB_NO_ANSWER',
  'DB_QUEUE_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** What a 503 for an outage tells the client to wait: reconnects are attempted at least every second. */
export const RETRY_AFTER_SECONDS = 2

export type Unavailability = 'unreachable' | 'timeout' | 'overloaded' | 'read-only'

/** The kind of outage an error shows, or null when it is not one. */
export function databaseUnavailability(error: unknown): Unavailability | null {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return null
  if (code === 'DB_NO_ANSWER' || code === 'DB_QUEUE_TIMEOUT' || code === 'CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return 'timeout'
  if (CLIENT_CODES.has(code)) return 'unreachable'
  // SQLSTATE: 57014 query_canceled (statement_timeout), 08 connection exception, 57P01-57P03 shutdown / starting,
  // 53 insufficient resources (too many connections), 25006 read-only transaction (a standby after failover)
  if (code === '57014') return 'timeout'
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return 'unreachable'
  if (code.startsWith('53')) return 'overloaded'
  if (code === '25006') return 'read-only'
  return null
}

const DETAILS: Record<Unavailability, string> = {
  unreachable: 'The database is unavailable. Retry shortly.',
  timeout: 'The database did not answer in time. Retry shortly.',
  overloaded: 'The database is overloaded. Retry shortly.',
  'read-only': 'The database accepts no writes at the moment. Retry shortly.',
}

export const unavailabilityDetail = (kind: Unavailability): string => DETAILS[kind]
