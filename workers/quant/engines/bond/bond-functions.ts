/**
 * Stateless bond analytics (ql/pricingengines/bond/bondfunctions.cpp): prices per 100 of the notional at
 * settlement, accrued amount, yield, duration, convexity, basis-point value and z-spread.
 */
import type { DateSerial, Rate, Real } from '../../types.ts'
import { require } from '../../errors.ts'
import type { DayCounter } from '../../time/day-counter.ts'
import {
  accruedAmount as legAccrued,
  basisPointValue as legBpv,
  convexity as legConvexity,
  duration as legDuration,
  npvYield,
  yieldMeasures as legYieldMeasures,
  yieldFromNpv,
  zSpreadFromNpv,
  type DurationType,
  type SolverSettings,
  type YieldFlowsWorkspace,
} from '../../cashflows/cashflows.ts'
import type { Compounding, InterestRate } from '../../curves/interest-rate.ts'
import type { YieldTermStructure } from '../../curves/yield-term-structure.ts'
import { notional, type Bond } from '../../instruments/bond.ts'

/** BondFunctions::accruedAmount, per 100 of notional (0 when nothing is outstanding). */
export function accruedAmount(bond: Bond, settlement: DateSerial): Real {
  const n = notional(bond, settlement)
  if (n === 0) return 0
  return (legAccrued(bond.cashflows, settlement) * 100) / n
}

/** Bond::dirtyPrice from a settlement value in currency. */
export function dirtyPriceFromValue(bond: Bond, settlementValue: Real, settlement: DateSerial): Real {
  const n = notional(bond, settlement)
  return n === 0 ? 0 : (settlementValue * 100) / n
}

/**
 * BondFunctions::dirtyPrice from a yield: the flows after settlement discounted at it, per 100 of the notional there.
 */
export function dirtyPriceFromYield(bond: Bond, y: InterestRate, settlement: DateSerial): Real {
  const n = notional(bond, settlement)
  require(n > 0, 'the bond has no notional outstanding at settlement: no price from a yield')
  return (npvYield(bond.cashflows, y, settlement, settlement) * 100) / n
}

export const DEFAULT_YIELD_SOLVER: Readonly<SolverSettings> = Object.freeze({
  accuracy: 1e-10,
  maxIterations: 100,
  guess: 0.05,
})

/** BondFunctions::yield from a clean price per 100. */
export function yieldFromCleanPrice(
  bond: Bond,
  cleanPrice: Real,
  dc: DayCounter,
  compounding: Compounding,
  frequency: number,
  settlement: DateSerial,
  solver: SolverSettings = DEFAULT_YIELD_SOLVER,
  ws?: YieldFlowsWorkspace,
): Rate {
  const n = notional(bond, settlement)
  require(n > 0, 'the bond has no notional outstanding at settlement: no yield')
  const dirty = ((cleanPrice + accruedAmount(bond, settlement)) * n) / 100
  return yieldFromNpv(bond.cashflows, dirty, dc, compounding, frequency, settlement, settlement, solver, ws)
}

export const duration = (bond: Bond, y: InterestRate, type: DurationType, settlement: DateSerial) =>
  legDuration(bond.cashflows, y, type, settlement)
export const convexity = (bond: Bond, y: InterestRate, settlement: DateSerial) =>
  legConvexity(bond.cashflows, y, settlement)
export const basisPointValue = (bond: Bond, y: InterestRate, settlement: DateSerial) =>
  legBpv(bond.cashflows, y, settlement)
export const yieldMeasures = (bond: Bond, y: InterestRate, settlement: DateSerial, ws?: YieldFlowsWorkspace) =>
  legYieldMeasures(bond.cashflows, y, settlement, settlement, ws)

/** BondFunctions::zSpread from a clean price per 100 (continuous spread over the curve's zero rates). */
export function zSpreadFromCleanPrice(
  bond: Bond,
  cleanPrice: Real,
  curve: YieldTermStructure,
  settlement: DateSerial,
  solver: SolverSettings,
): Rate {
  const n = notional(bond, settlement)
  require(n > 0, 'the bond has no notional outstanding at settlement: no z-spread')
  const dirty = ((cleanPrice + accruedAmount(bond, settlement)) * n) / 100
  return zSpreadFromNpv(bond.cashflows, dirty, curve, settlement, settlement, solver)
}
