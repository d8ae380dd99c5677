/**
 * Which client-side database failures mean "PostgreSQL is unavailable" (no connection, no answer: the request
 * may succeed later, 503 with Retry-After) rather than "the service is broken". The detail never names the host,
 * the database or the failing SQL; the log gets the cause.
 */

/** postgres.js connection failures and the socket watchdog (src/db/watchdog.ts). */
const CLIENT_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
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

export type Unavailability = 'unreachable' | 'timeout'

/** The kind of outage an error shows, or null when it is not one. */
export function databaseUnavailability(error: unknown): Unavailability | null {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return null
  if (code === 'DB_QUEUE_TIMEOUT' || code === 'CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return 'timeout'
  if (CLIENT_CODES.has(code)) return 'unreachable'
  // SQLSTATEs (a server that answers: shutdown, statement timeout, too many connections) are mapped by class in
  // src/http/errors.ts
  return null
}

const DETAILS: Record<Unavailability, string> = {
  unreachable: 'The database is unavailable; retry shortly.',
  timeout: 'The database did not answer in time; retry shortly.',
}

export const unavailabilityDetail = (kind: Unavailability): string => DETAILS[kind]
