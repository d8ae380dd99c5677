/**
 * HTTP errors and the single error handler. Client errors carry a `detail` that says what and where; a 5xx
 * body is always generic (the cause goes to the log with the request id), so no stack trace, SQL or
 * connection string can leak.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { formatValidationErrors } from './validation.ts'
import { databaseUnavailability, unavailabilityDetail, RETRY_AFTER_SECONDS } from '../db/availability.ts'

export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(readonly statusCode: number, readonly detail: string) {
    super(detail)
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail)
export const notFound = (detail: string) => new HttpError(404, detail)
export const conflict = (detail: string) => new HttpError(409, detail)
export const unprocessable = (detail: string) => new HttpError(422, detail)
export const serviceUnavailable = (detail: string) => new HttpError(503, detail)

/** PostgreSQL errors a request can provoke with valid-looking input; they are client errors, never 500. */
interface PgError {
  code?: string
  detail?: string
  constraint_name?: string
  table_name?: string
}

function fromPostgres(error: PgError): HttpError | null {
  // the server's `detail` names the key and value ("Key (set_key)=(eod) already exists."), never the SQL
  const what = error.detail ? ` ${error.detail}` : ''
  switch (error.code) {
    case '23505':
      return conflict(`A row with the same unique key already exists.${what}`)
    case '23503':
      return conflict(`The change conflicts with a reference between rows.${what}`)
    case '23514':
      return unprocessable(`A value breaks a data rule${error.constraint_name ? ` (${error.constraint_name})` : ''}.`)
    case '23502':
      return unprocessable('A required value is missing.')
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return unprocessable('A value has an invalid format or is out of range.')
    case '40001':
    case '40P01':
      return conflict('The request conflicted with a concurrent change; retry it.')
    default:
      return null
  }
}

/** For `.catch()` on a write: a unique-key violation becomes a 409 whose detail names the key; anything else rethrows. */
export const conflictOnDuplicate =
  (detail: () => string) =>
  (error: unknown): never => {
    throw (error as PgError).code === '23505' ? conflict(detail()) : error
  }

export function errorHandler(this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.validation) {
    const errors = formatValidationErrors(error.validation, error.validationContext)
    return reply.code(422).send({ detail: errors.map((e) => `${e.location}: ${e.message}`).join('; '), errors })
  }
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed')
    // a dependency away (Redis, the database): tell the client when asking again makes sense
    if (error.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS))
    return reply.code(error.statusCode).send({ detail: error.detail })
  }
  const outage = databaseUnavailability(error)
  if (outage) {
    // the cause (host, code, message) goes to the log only
    request.log.warn({ err: error }, 'database unavailable')
    return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ detail: unavailabilityDetail(outage) })
  }
  const pg = fromPostgres(error as PgError)
  if (pg) {
    request.log.info({ code: (error as PgError).code, constraint: (error as PgError).constraint_name }, 'database rejected the change')
    return reply.code(pg.statusCode).send({ detail: pg.detail })
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, body too large, bad content type): safe, specific messages.
    const code = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 422 : status
    return reply.code(code).send({ detail: error.message })
  }
  request.log.error({ err: error }, 'unexpected failure')
  return reply.code(500).send({ detail: 'Internal server error. The failure was logged with this request id.' })
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ detail: `Route ${request.method} ${request.url.split('?')[0]} does not exist.` })
}
