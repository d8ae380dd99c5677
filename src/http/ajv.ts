/**
 * One way to make an Ajv instance with formats (uuid, date, date-time) for the HTTP layer and the loader.
 * `date-time` follows src/http/date-time.ts: RFC 3339, naive (UTC) or a date, years 1901-2199; the keyword
 * `x-utc-date-time` (carried by the shared DateTime schema) rewrites the value in place to its UTC ISO form, so
 * handlers and SQL only ever see `YYYY-MM-DDTHH:MM:SS.sssZ`.
 */
import { Ajv, type Options } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { parseDateTimeInput } from './date-time.ts'

// ajv-formats is CommonJS: under ESM its function may arrive wrapped in `default`
type AddFormats = (ajv: Ajv) => Ajv
const addFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats)

/** Where Ajv found the value (its DataValidationCxt): the parent to write the normalized value into. */
interface DataContext {
  parentData: unknown
  parentDataProperty: string | number
}

interface KeywordValidate {
  (schema: unknown, data: unknown, parentSchema?: unknown, cxt?: DataContext): boolean
  errors?: { keyword: string; message: string; params: Record<string, unknown> }[]
}

const normalizeDateTime: KeywordValidate = (_schema, data, _parent, cxt) => {
  if (typeof data !== 'string') return true
  const parsed = parseDateTimeInput(data)
  if (!parsed.ok) {
    normalizeDateTime.errors = [{ keyword: 'x-utc-date-time', message: parsed.reason, params: {} }]
    return false
  }
  if (cxt?.parentData !== undefined && cxt.parentDataProperty !== undefined)
    (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = parsed.iso
  return true
}

/**
 * `x-decimal-rate`: a rate given as a decimal. Above 1 (100%) in size it is almost surely a percentage (4.5 for
 * 4.5%), which would price on a 450% yield: refused, saying how to write it.
 */
const decimalRate: KeywordValidate = (_schema, data) => {
  if (typeof data !== 'number' || Math.abs(data) <= 1) return true
  decimalRate.errors = [
    {
      keyword: 'x-decimal-rate',
      message: `${data} would be a rate of ${+(data * 100).toPrecision(12)}%: rates are decimals (4.5% is 0.045)`,
      params: {},
    },
  ]
  return false
}

export function createAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    // OpenAPI annotations carried by our schemas are not validation keywords
    keywords: [
      'x-ui-contract',
      'x-workspace-consumer',
      'x-ui-output-root',
      'x-ui-response-mode',
      'x-ui-flat-outputs',
      'x-response-mappings',
    ],
    ...options,
  })
  addFormats(ajv)
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => parseDateTimeInput(s).ok })
  ajv.addKeyword({
    keyword: 'x-utc-date-time',
    type: 'string',
    modifying: true,
    errors: true,
    validate: normalizeDateTime,
  })
  ajv.addKeyword({ keyword: 'x-decimal-rate', type: 'number', errors: true, validate: decimalRate })
  return ajv
}
