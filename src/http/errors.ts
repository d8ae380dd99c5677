/**
 * HTTP errors and the single error handler. Client errors carry a `detail` that says what and where; a 5xx
 * body is always generic (the cause goes to the log with the request id), so no stack trace, SQL or
 * connection string can leak.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { describeIssues, formatValidationErrors, type ValidationIssue } from './validation.ts'
import { databaseUnavailability, unavailabilityDetail } from '../db/availability.ts'

export class HttpError extends Error {
  override readonly name = 'HttpError'
  /** `errors`: where and what, as validation failures list them (input-safety refusals carry one) */
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: readonly ValidationIssue[],
  ) {
    super(detail)
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail)
export const notFound = (detail: string) => new HttpError(404, detail)
export const conflict = (detail: string) => new HttpError(409, detail)
export const unprocessable = (detail: string) => new HttpError(422, detail)
export const serviceUnavailable = (detail: string) => new HttpError(503, detail)

/** Seconds a client should wait before retrying a 503 (a database restart or failover takes a few). */
export const RETRY_AFTER_SECONDS = 5

interface PgError {
  code?: string
  constraint_name?: string
}

const INTEGRITY: Record<string, string> = {
  '23505': 'A row with the same unique key already exists.',
  '23503': 'The change conflicts with a reference between rows.',
  '23502': 'A required value is missing.',
  '23514': 'A value breaks a data rule.',
  '23P01': 'The change overlaps an existing row.',
}

const DATA: Record<string, string> = {
  '22001': 'A text value is too long.',
  '22003': 'A number is out of range.',
  '22007': 'A date or time has an invalid format.',
  '22008': 'A date or time is out of range.',
  '22021': 'A text value holds a character the database cannot store.',
  '22P05': 'A text value holds a character the database cannot store.',
}

/**
 * A PostgreSQL error as an HTTP answer, by SQLSTATE class (Appendix A of the PostgreSQL manual). Bodies are
 * written here, never copied from the server, whose messages and details name tables, columns, constraints or
 * values: data exceptions (22) are 422, integrity violations (23) 409, transaction rollbacks (40: a deadlock or
 * serialization failure that outlived its retries) and an unavailable server (08 connection, 53 resources,
 * 57 operator intervention such as a shutdown or a statement timeout, 55P03 lock timeout) 503 with Retry-After,
 * program limits (54: a value too large to index, a statement too complex) 422. Anything else is a defect: 500.
 */
export function fromPostgres(error: PgError): HttpError | null {
  const code = error.code
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code))
    return code === 'MAX_PARAMETERS_EXCEEDED'
      ? new HttpError(413, 'The request holds too many values for one database statement.')
      : null
  switch (code.slice(0, 2)) {
    case '22':
      return unprocessable(DATA[code] ?? 'A value has an invalid format or is out of range.')
    case '23':
      return conflict(INTEGRITY[code] ?? 'The change breaks an integrity rule of the stored data.')
    case '54':
      return unprocessable('A value is too large or the request too complex for the database.')
    case '40':
      return serviceUnavailable('The request conflicted with concurrent changes; retry it.')
    case '08':
    case '53':
    case '57':
      return serviceUnavailable('The database is unavailable; retry shortly.')
    case '55':
      return code === '55P03' ? serviceUnavailable('The data is locked by another change; retry shortly.') : null
    default:
      return null
  }
}

/**
 * For `.catch()` on a write: a unique-key violation becomes a 409 whose detail names the key; anything else rethrows.
 */
export const conflictOnDuplicate =
  (detail: () => string) =>
  (error: unknown): never => {
    throw (error as PgError).code === '23505' ? conflict(detail()) : error
  }

function sendHttpError(reply: FastifyReply, error: HttpError): FastifyReply {
  if (error.statusCode === 503 && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(RETRY_AFTER_SECONDS))
  return reply
    .code(error.statusCode)
    .send(error.errors ? { detail: error.detail, errors: error.errors } : { detail: error.detail })
}

export function errorHandler(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.validation) {
    return reply.code(422).send(describeIssues(formatValidationErrors(error.validation, error.validationContext)))
  }
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed')
    return sendHttpError(reply, error)
  }
  const outage = databaseUnavailability(error)
  if (outage) {
    // the client side of an outage (no connection, no answer); the cause (host, code) goes to the log only
    request.log.warn({ err: error }, 'database unavailable')
    return sendHttpError(reply, serviceUnavailable(unavailabilityDetail(outage)))
  }
  const pg = fromPostgres(error as PgError)
  if (pg) {
    // the full server error (message, detail, constraint) goes to the log only
    request.log[pg.statusCode >= 500 ? 'warn' : 'info'](
      { err: error, code: (error as PgError).code, constraint: (error as PgError).constraint_name },
      'database refused the request',
    )
    return sendHttpError(reply, pg)
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, body too large, bad content type): safe, specific messages.
    const code =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 422
        : status
    return reply.code(code).send({ detail: error.message })
  }
  request.log.error({ err: error }, 'unexpected failure')
  return reply.code(500).send({ detail: 'Internal server error. The failure was logged with this request id.' })
}

/** Longest path parameter the router takes (a uid is 36 characters; set keys and identifiers are shorter than this). */
export const MAX_PATH_PARAM_LENGTH = 200

/**
 * Refusals of the router itself (Fastify's `frameworkErrors`), which never reach errorHandler: the same `{detail}`
 * body.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const detail =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? `path: a path parameter is longer than ${MAX_PATH_PARAM_LENGTH} characters.`
      : error.code === 'FST_ERR_BAD_URL'
        ? 'path: the URL is not valid percent-encoded UTF-8.'
        : 'The request could not be routed.'
  void reply.code(error.statusCode ?? 400).send({ detail })
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (malformed request line or chunking, headers over
 * the size limit, a request that never finished arriving): the same `{detail}` body, written on the socket.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // a reset connection is gone: nothing to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are larger than the server accepts.']
        : [400, 'The request is not valid HTTP (request line, headers, length or chunked encoding).']
  const body = JSON.stringify({ detail })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; ` +
        `charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ detail: `Route ${request.method} ${request.url.split('?')[0]} does not exist.` })
}
