/**
 * Request validation. Bodies are validated strictly (no type coercion: a number is not a uid string, and unknown
 * fields are rejected, never silently removed); query strings and path parameters are coerced from text.
 */
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'
import { createAjv } from './ajv.ts'

const bodyAjv = createAjv({ coerceTypes: false, useDefaults: true, removeAdditional: false })
const textAjv = createAjv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false })

/** Compiles a schema for bodies (strict, no coercion, defaults applied), as route validation does. */
export const compileBodySchema = (schema: object): ValidateFunction => bodyAjv.compile(schema)

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv
  return ajv.compile(schema as object) as ValidateFunction
}

export interface ValidationIssue {
  location: string
  message: string
}

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' }

const typeNames = (e: Partial<ErrorObject>): string[] => {
  const t = (e.params as { type?: string | string[] } | undefined)?.type
  return Array.isArray(t) ? t : t === undefined ? [] : [t]
}

/**
 * The failures that say what is wrong. A union (a nullable field, `number | number[]`) fails in every branch and
 * Ajv reports each: "must be null" beside the real problem, "must be array" beside "must be <= 10". Where a
 * branch got past the type check (an error of another kind at the same place, or any error inside the value),
 * the other branches' type errors there are noise; where no branch did, their types are merged into one
 * "must be number or array"; the union's own `anyOf` error says nothing more.
 */
export function relevantErrors<E extends Partial<ErrorObject>>(errors: readonly E[]): E[] {
  const at = (e: E) => e.instancePath ?? ''
  // linear in the errors: a megabyte of wrong items is tens of thousands of them
  const ancestors = new Set<string>()
  const otherKinds = new Set<string>()
  const typesAt = new Map<string, E[]>()
  for (const e of errors) {
    const path = at(e)
    for (let i = path.lastIndexOf('/'); i >= 0; i = path.lastIndexOf('/', i - 1)) {
      const prefix = path.slice(0, i)
      if (ancestors.has(prefix)) break
      ancestors.add(prefix)
      if (i === 0) break
    }
    if (e.keyword === 'type') {
      const here = typesAt.get(path)
      if (here) here.push(e)
      else typesAt.set(path, [e])
    } else if (e.keyword !== 'anyOf') otherKinds.add(path)
  }
  // a rate that looks like a percentage: its bounds say nothing more
  const percentages = new Set(errors.filter((e) => e.keyword === 'x-decimal-rate').map(at))
  const kept: E[] = []
  const merged = new Set<string>()
  for (const e of errors) {
    if (e.keyword === 'anyOf' && errors.length > 1) continue
    if ((e.keyword === 'minimum' || e.keyword === 'maximum') && percentages.has(at(e))) continue
    if (e.keyword !== 'type') {
      kept.push(e)
      continue
    }
    const path = at(e)
    // a branch got past the type check here: the other branches' type errors are noise
    if (ancestors.has(path) || otherKinds.has(path)) continue
    const sameHere = typesAt.get(path) ?? [e]
    if (sameHere.length === 1) {
      kept.push(e)
      continue
    }
    if (merged.has(path)) continue
    merged.add(path)
    // "must be null" only when null is all that could be said
    const names = [...new Set(sameHere.flatMap(typeNames))]
    const shown = names.length > 1 ? names.filter((n) => n !== 'null') : names
    kept.push({ ...e, params: { type: shown }, message: `must be ${shown.join(' or ')}` })
  }
  return kept
}

/** "body.parameters: unknown field 'foo'" style messages, one per failure. */
export function formatValidationErrors(
  allErrors: readonly Partial<ErrorObject>[],
  context?: string,
): ValidationIssue[] {
  const part = PART_NAMES[context ?? 'body'] ?? context ?? 'request'
  const seen = new Set<string>()
  const issues: ValidationIssue[] = []
  const errors = relevantErrors(allErrors)
  for (const e of errors) {
    const path = (e.instancePath ?? '').split('/').filter(Boolean).join('.')
    const params = (e.params ?? {}) as Record<string, unknown>
    let location = path ? `${part}.${path}` : part
    let message = e.message ?? 'is invalid'
    switch (e.keyword) {
      case 'additionalProperties':
        message = `unknown field '${String(params.additionalProperty)}'`
        break
      case 'required':
        location = `${location}.${String(params.missingProperty)}`
        message = 'field required'
        break
      case 'enum':
        message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
        break
      case 'const':
        message = `must be ${JSON.stringify(params.allowedValue)}`
        break
      case 'format':
        // a date-time keyword error at the same place says why; the bare format error adds nothing
        if (
          params.format === 'date-time' &&
          errors.some((o) => o.keyword === 'x-utc-date-time' && o.instancePath === e.instancePath)
        )
          continue
        break
      default:
        break
    }
    const key = `${location}|${message}`
    if (!seen.has(key)) {
      seen.add(key)
      issues.push({ location, message })
    }
  }
  return issues
}

/**
 * At most this many failures are listed in one answer: Ajv reports every failing item (allErrors), and a 1 MB
 * array of wrong items would otherwise answer 50 MB of messages.
 */
export const MAX_LISTED_ISSUES = 20

/** The `{detail, errors}` of a 422: the first MAX_LISTED_ISSUES failures, and how many more there were. */
export function describeIssues(issues: readonly ValidationIssue[]): { detail: string; errors: ValidationIssue[] } {
  const errors = issues.slice(0, MAX_LISTED_ISSUES)
  const more = issues.length - errors.length
  const detail =
    errors.map((e) => `${e.location}: ${e.message}`).join('; ') + (more > 0 ? `; and ${more} more failure(s)` : '')
  return { detail, errors }
}
