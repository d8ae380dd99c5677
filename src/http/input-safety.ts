/**
 * Input safety shared by every route, before any schema or handler sees a request:
 * - JSON bodies nest at most MAX_JSON_DEPTH levels (checked on the text, before JSON.parse and Ajv recurse);
 * - an empty body with a JSON content type is no body (GET and DELETE clients often send the header anyway);
 * - no string anywhere (body values and keys, query, path) holds a NUL character, which PostgreSQL cannot
 *   store in text or jsonb, or a lone UTF-16 surrogate, which jsonb refuses and text would silently turn into
 *   U+FFFD; no body number is infinite (JSON's 1e400).
 * Each refusal is a 422 naming the field, shaped as validation errors are. A body in a content coding other than
 * identity (`Content-Encoding: gzip`, ...) is a 415 before it is read: it would otherwise be parsed as if plain.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './errors.ts'

export const MAX_JSON_DEPTH = 64

const OPEN_OBJECT = 0x7b
const OPEN_ARRAY = 0x5b
const CLOSE_OBJECT = 0x7d
const CLOSE_ARRAY = 0x5d
const QUOTE = 0x22
const BACKSLASH = 0x5c

/** The deepest nesting of objects and arrays in a JSON text, stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--
  }
  return false
}

export interface InputIssue {
  location: string
  message: string
}

const NUL = '\u0000'
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function textIssue(text: string): string | null {
  if (text.includes(NUL)) return 'must not contain a NUL character (\\u0000)'
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds a lone UTF-16 surrogate)'
  return null
}

/** The first unsafe value under `value` (NUL or a lone surrogate in a string or key, a non-finite number), or null. */
export function findUnsafeValue(value: unknown, location: string): InputIssue | null {
  if (typeof value === 'string') {
    const message = textIssue(value)
    return message ? { location, message } : null
  }
  if (typeof value === 'number') return Number.isFinite(value) ? null : { location, message: 'must be a finite number' }
  if (value === null || typeof value !== 'object') return null
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value)
  for (const [key, item] of entries) {
    const keyIssue = textIssue(key)
    if (keyIssue) return { location, message: `has a field name that ${keyIssue}` }
    const found = findUnsafeValue(item, `${location}.${key}`)
    if (found) return found
  }
  return null
}

const refuse = (issue: InputIssue) => new HttpError(422, `${issue.location}: ${issue.message}`, [issue])

function checkRequest(request: FastifyRequest): void {
  const found =
    findUnsafeValue(request.params, 'path') ??
    findUnsafeValue(request.query, 'query') ??
    findUnsafeValue(request.body, 'body')
  if (found) throw refuse(found)
}

/** A request body's content coding other than identity (none: undefined). */
function bodyCoding(request: FastifyRequest): string | undefined {
  const coding = request.headers['content-encoding']?.trim().toLowerCase()
  if (!coding || coding === 'identity') return undefined
  const hasBody =
    request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] ?? '0') !== '0'
  return hasBody ? coding : undefined
}

export function installInputSafety(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const coding = bodyCoding(request)
    if (coding === undefined) return
    reply.header('accept-encoding', 'identity')
    throw new HttpError(415, `Content-Encoding '${coding}' is not supported: send the request body uncompressed.`)
  })
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const body = text as string
    if (body.trim() === '') return done(null, undefined)
    if (jsonDepthExceeds(body, MAX_JSON_DEPTH))
      return done(refuse({ location: 'body', message: `JSON nests deeper than ${MAX_JSON_DEPTH} levels` }), undefined)
    void parseJson(request, body, done)
  })
  // preValidation: after parsing and routing (params known), before the schemas coerce or reject anything
  app.addHook('preValidation', async (request) => checkRequest(request))
}
