/**
 * Checks of stored market terms without market data, through the very code that prices with them: index
 * conventions become an Ibor index by `floatingIndex` and curve building details a curve by `buildCurve`. The
 * loader and the index routes call these, so what they accept is exactly what pricing accepts.
 */
import type { IndexConventions, PricingTask, TaskCurve } from '../../src/contracts/pricing.ts'
import { QuantInputError } from '../quant/errors.ts'
import { buildCurve } from '../quant/curves/curve-from-nodes.ts'
import { fromYmd } from '../quant/time/date.ts'
import { floatingIndex, inflationIndex } from './market.ts'

/** What is wrong and where, `field` relative to the checked object (`calendar`, `day_counter`). */
export interface TermIssue {
  field: string
  message: string
}

const PROBE = 'probe'

function issueOf(run: () => void, prefix: RegExp): TermIssue | null {
  try {
    run()
    return null
  } catch (error) {
    if (!(error instanceof QuantInputError)) throw error
    const field = (error.field ?? '').replace(prefix, '')
    const message = error.message.startsWith(`${error.field}: `)
      ? error.message.slice(`${error.field}: `.length)
      : error.message
    return { field, message }
  }
}

/** Null when pricing can build the floating index from these conventions; else what it would refuse. */
export function indexConventionIssue(conventions: Omit<IndexConventions, 'identifier'>): TermIssue | null {
  // what building an index reads of a task: no terms, no fixings, no curve
  const task: Pick<PricingTask, 'indexes' | 'fixings' | 'curves'> = {
    curves: {},
    indexes: { [PROBE]: { identifier: PROBE, ...conventions } },
    fixings: {},
  }
  // an inflation index's conventions are read by its CPI bonds (inflationIndex)
  if (conventions.index_kind === 'inflation') return issueOf(() => inflationIndex(task, PROBE), /^index\./)
  return issueOf(() => floatingIndex(task, PROBE, false), /^index\./)
}

/** Null when pricing can build a curve with these building details; else what it would refuse. */
export function curveBuildingIssue(building: TaskCurve['building']): TermIssue | null {
  const nodes = { days_to_maturity: [0, 365, 730], zero: [0.01, 0.01, 0.01] }
  return issueOf(() => buildCurve({ referenceDate: fromYmd(2000, 1, 3), nodes, building }), /^building\./)
}
