/**
 * Instrument terms are checked when loaded, so a stored pricing-details row always rebuilds (design §4): the
 * six bond classes against their TypeBox schemas, then rebuilt by the numerical core without market data
 * (codes, calendars, schedule, amortization length). Other instrument types are stored as given: the pricer's
 * discovery reports them as unsupported and never prices them.
 */
import type { ValidateFunction } from 'ajv'
import { INSTRUMENT_TERMS, type InstrumentType } from '../../contracts/instrument-terms.ts'
import { createAjv } from '../../http/ajv.ts'
import { validateBondTerms } from '../../../workers/operations/rebuild-instrument.ts'
import { jsonPath, type BundleIssue } from './validate.ts'

const ajv = createAjv({})
const validators = new Map<string, ValidateFunction>()
const validatorFor = (type: InstrumentType) => {
  let v = validators.get(type)
  if (!v) {
    v = ajv.compile(INSTRUMENT_TERMS[type])
    validators.set(type, v)
  }
  return v
}

/** Issues with paths relative to the dump (`$.coupon_rate`). */
export function validateInstrumentDump(instrumentType: string, dump: unknown): BundleIssue[] {
  if (!(instrumentType in INSTRUMENT_TERMS)) return []
  const validate = validatorFor(instrumentType as InstrumentType)
  if (!validate(dump)) {
    return (validate.errors ?? []).map((e) => ({
      path: e.keyword === 'required' ? `${jsonPath(e.instancePath)}.${String(e.params.missingProperty)}` : jsonPath(e.instancePath),
      message: e.keyword === 'additionalProperties' ? `unknown field '${String(e.params.additionalProperty)}'` : e.keyword === 'required' ? 'field required' : (e.message ?? 'is invalid'),
    }))
  }
  try {
    validateBondTerms(instrumentType, dump as Record<string, unknown>)
    return []
  } catch (error) {
    const field = (error as { field?: string }).field
    return [{ path: field ? `$.${field.replace(/^terms\./, '')}` : '$', message: (error as Error).message }]
  }
}
