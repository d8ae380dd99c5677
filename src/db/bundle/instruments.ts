/**
 * What pricing would refuse, checked at load with pricing's own code: instrument terms rebuilt by the numerical
 * core without market data (codes, calendars, schedule, amortization length), index conventions built into an
 * Ibor index, curve building details built into a curve. The per-class shape of instrument terms is in the
 * bundle's JSON Schema; other instrument types are stored as given only when marked `unpriced`.
 */
import { INSTRUMENT_TERMS } from '../../contracts/instrument-terms.ts'
import type { IndexConvention } from '../../contracts/index-conventions.ts'
import type { TaskCurve } from '../../contracts/pricing.ts'
import {
  curveBuildingIssue,
  indexConventionIssue,
  scheduleWarnings,
  validateBondTerms,
} from '../../../workers/entry.ts'
import type { BundleIssue } from './issues.ts'

/** Issues with paths relative to the dump (`$.calendar`); none for types outside the registry. */
export function validateInstrumentDump(instrumentType: string, dump: unknown): BundleIssue[] {
  if (!(instrumentType in INSTRUMENT_TERMS)) return []
  try {
    validateBondTerms(instrumentType, dump as Record<string, unknown>)
    return []
  } catch (error) {
    const field = (error as { field?: string }).field
    return [{ path: field ? `$.${field.replace(/^terms\./, '')}` : '$', message: (error as Error).message }]
  }
}

/** Issues with paths relative to the conventions (`$.calendar`). */
export function conventionIssues(convention: IndexConvention): BundleIssue[] {
  const issue = indexConventionIssue(convention)
  return issue ? [{ path: issue.field ? `$.${issue.field}` : '$', message: issue.message }] : []
}

/** Issues with paths relative to the building details (`$.day_counter`). */
export function curveBuildingIssues(building: TaskCurve['building']): BundleIssue[] {
  const issue = curveBuildingIssue(building)
  return issue ? [{ path: issue.field ? `$.${issue.field}` : '$', message: issue.message }] : []
}

/**
 * Terms that load but are probably not what was meant: a rate above 1 (100%) is almost surely a percentage typed as
 * a number; a null schedule generated Forward with an irregular period that a Backward schedule would not have.
 */
export function termsWarnings(instrumentType: string, dump: Record<string, unknown>): BundleIssue[] {
  const warnings: BundleIssue[] = []
  for (const k of ['coupon_rate', 'spread']) {
    const v = dump[k]
    const rates = Array.isArray(v) ? v : [v]
    rates.forEach((r, i) => {
      if (typeof r === 'number' && Math.abs(r) > 1)
        warnings.push({
          path: Array.isArray(v) ? `$.${k}[${i}]` : `$.${k}`,
          message: `${r} looks like a percentage: rates are decimals (0.0425 is 4.25%)`,
        })
    })
  }
  try {
    for (const w of scheduleWarnings(instrumentType, dump)) warnings.push({ path: `$.${w.field}`, message: w.message })
  } catch {
    // terms the rebuild refuses are reported as errors by validateInstrumentDump
  }
  return warnings
}
