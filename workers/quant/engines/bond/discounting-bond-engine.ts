/**
 * DiscountingBondEngine (ql/pricingengines/bond/discountingbondengine.cpp): NPV of the live flows at the
 * curve's reference date, and the settlement value at the settlement date (a flow on the settlement date is
 * never included).
 */
import type { DateSerial, Real } from '../../types.ts'
import { npv } from '../../cashflows/cashflows.ts'
import type { YieldTermStructure } from '../../curves/yield-term-structure.ts'
import { settlementDate, type Bond } from '../../instruments/bond.ts'

export interface BondValuation {
  /** NPV at the curve's reference date, in currency */
  npv: Real
  /** value at the settlement date, in currency */
  settlementValue: Real
  settlementDate: DateSerial
}

export function discountingBondEngine(bond: Bond, curve: YieldTermStructure, evaluationDate: DateSerial): BondValuation {
  const reference = curve.referenceDate
  const value = npv(bond.cashflows, curve, reference, reference, false)
  const settlement = settlementDate(bond, evaluationDate)
  const settlementValue = reference === settlement ? value : npv(bond.cashflows, curve, settlement, settlement, false)
  return { npv: value, settlementValue, settlementDate: settlement }
}
