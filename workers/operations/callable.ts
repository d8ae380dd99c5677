/** CallableFixedRateBond on the Hull-White tree (a = 0.03, sigma = 0.01, 40 steps): terms → core objects. */
import type { DateSerial } from '../quant/types.ts'
import { QuantInputError } from '../quant/errors.ts'
import { fromIso } from '../quant/time/date.ts'
import type { YieldTermStructure } from '../quant/curves/yield-term-structure.ts'
import type { Bond } from '../quant/instruments/bond.ts'
import type { BondValuation } from '../quant/engines/bond/discounting-bond-engine.ts'
import { callableFixedRateBond, type Callability, type CallableBond } from '../quant/instruments/bonds/callable-fixed-rate-bond.ts'
import { callableTreeNodes, treeCallableBondSpreadValuation, type SpreadValuation } from '../quant/engines/callable/tree-callable-bond-engine.ts'
import { TERMS_LIMITS } from './terms-limits.ts'

export const CALLABLE_ENGINE_ID = 'TreeCallableFixedRateBondEngine'

export function callabilityFromTerms(terms: Record<string, unknown>): Callability[] {
  const list = terms.callability
  if (!Array.isArray(list) || list.length === 0) throw new QuantInputError('terms.callability: at least one {date, type, price, price_type} required', 'terms.callability')
  if (list.length > TERMS_LIMITS.callDates) {
    throw new QuantInputError(`terms.callability: ${list.length} call dates, over the limit of ${TERMS_LIMITS.callDates}`, 'terms.callability')
  }
  return list.map((c: Record<string, unknown>, i) => {
    const field = `terms.callability[${i}]`
    if (c.type !== 'Call' && c.type !== 'Put') throw new QuantInputError(`${field}.type: Call or Put required`, `${field}.type`)
    if (c.price_type !== 'Clean' && c.price_type !== 'Dirty') throw new QuantInputError(`${field}.price_type: Clean or Dirty required`, `${field}.price_type`)
    if (typeof c.price !== 'number' || !(c.price > 0)) throw new QuantInputError(`${field}.price: a positive number required`, `${field}.price`)
    return { date: fromIso(String(c.date), `${field}.date`), type: c.type, price: c.price, priceType: c.price_type }
  })
}

const treeLimit = (nodes: number) =>
  new QuantInputError(`terms.callability: the Hull-White tree of these call dates and coupons needs ${nodes} nodes, over the limit of ${TERMS_LIMITS.treeNodes}`, 'terms.callability')

/**
 * The callable of a bond (its fixed-rate leg) and its terms: the call schedule parsed. A cached instrument keeps
 * its own (valuation.ts, `callableOfInstrument`): every valuation of a callable (its price, each bump, each OAS) parsed
 * it again before.
 */
export function callableOf(bond: Bond, terms: Record<string, unknown>): CallableBond {
  return callableFixedRateBond(bond, callabilityFromTerms(terms), Number(terms.face_value))
}

export function callableValuation(callable: CallableBond, curve: YieldTermStructure, evaluationDate: DateSerial): BondValuation {
  return callableSpreadValuation(callable, curve, evaluationDate)(0)
}

/** The valuation under a continuous zero spread over `curve`, from one fitted tree (OAS, parallel bumps): see treeCallableBondSpreadValuation. */
export function callableSpreadValuation(callable: CallableBond, curve: YieldTermStructure, evaluationDate: DateSerial): SpreadValuation {
  try {
    return treeCallableBondSpreadValuation(callable, curve, evaluationDate, { maxNodes: TERMS_LIMITS.treeNodes })
  } catch (error) {
    if (error instanceof QuantInputError && error.field === 'tree') throw treeLimit(callableTreeNodes(callable, curve, evaluationDate))
    throw error
  }
}

/**
 * The loader's check of a callable's tree: its size priced from the issue date (every event still ahead, the
 * largest tree the bond will ever need) on a flat curve with the bond's own day count.
 */
export function checkCallableTree(bond: Bond, terms: Record<string, unknown>, curve: YieldTermStructure, issueDate: DateSerial): void {
  const nodes = callableTreeNodes(callableOf(bond, terms), curve, issueDate)
  if (nodes > TERMS_LIMITS.treeNodes) throw treeLimit(nodes)
}
