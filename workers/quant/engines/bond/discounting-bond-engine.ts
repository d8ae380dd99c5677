/**
 * DiscountingBondEngine (ql/pricingengines/bond/discountingbondengine.cpp): NPV of the live flows at the
 * curve's reference date, and the settlement value at the settlement date (a flow on the settlement date is
 * never included).
 */
import type { DateSerial, Real } from '../../types.ts'
import { npv, npvAtTwoDates } from '../../cashflows/cashflows.ts'
import type { YieldTermStructure } from '../../curves/yield-term-structure.ts'
import { settlementDate, type Bond } from '../../instruments/bond.ts'

export interface BondValuation {
  /** NPV at the curve's reference date, in currency */
  npv: Real
  /** value at the settlement date, in currency */
  settlementValue: Real
  settlementDate: DateSerial
}

export function discountingBondEngine(
  bond: Bond,
  curve: YieldTermStructure,
  evaluationDate: DateSerial,
): BondValuation {
  const reference = curve.referenceDate
  const settlement = settlementDate(bond, evaluationDate)
  if (reference === settlement) {
    const value = npv(bond.cashflows, curve, reference, reference, false)
    return { npv: value, settlementValue: value, settlementDate: settlement }
  }
  const both = npvAtTwoDates(bond.cashflows, curve, reference, settlement)
  return { npv: both.first, settlementValue: both.second, settlementDate: settlement }
}

/**
 * The engine's NPV alone (discountingBondEngine(...).npv): what a bumped valuation reads, without the settlement value.
 */
export function discountingBondNpv(bond: Bond, curve: YieldTermStructure): Real {
  return npv(bond.cashflows, curve, curve.referenceDate, curve.referenceDate, false)
}
