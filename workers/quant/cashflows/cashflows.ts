/**
 * Stateless functions over legs (ql/cashflows/cashflows.cpp, QuantLib 1.29): NPV on a curve or at a flat yield,
 * accrued amount, duration, convexity, basis-point value, yield and z-spread solvers.
 */
import type { DateSerial, Rate, Real, Time } from '../types.ts'
import { QuantInputError, require } from '../errors.ts'
import { addYears } from '../time/date.ts'
import type { DayCounter } from '../time/day-counter.ts'
import { solveWithStep } from '../math/solver1d.ts'
import { brent } from '../math/solvers1d/brent.ts'
import { newtonSafe } from '../math/solvers1d/newton-safe.ts'
import { compoundFormula, type InterestRate } from '../curves/interest-rate.ts'
import { discountAt, type YieldTermStructure } from '../curves/yield-term-structure.ts'
import { amountOf, hasOccurred, isCoupon, tradingExCoupon, type CashFlow, type Leg } from './cash-flow.ts'
import { accruedAmount as couponAccrued } from './coupon-accrual.ts'

/** CashFlows::npv(leg, curve, includeSettlementDateFlows, settlementDate, npvDate). */
export function npv(
  leg: Leg,
  curve: YieldTermStructure,
  settlement: DateSerial,
  npvDate: DateSerial,
  includeSettlementDateFlows = false,
): Real {
  let total = 0
  for (const cf of leg) {
    if (hasOccurred(cf, settlement, includeSettlementDateFlows) || tradingExCoupon(cf, settlement)) continue
    total += amountOf(cf) * discountAt(curve, cf.date, true)
  }
  return total / discountAt(curve, npvDate, true)
}

/**
 * npv(leg, curve, first, first) and npv(leg, curve, second, second) at once, each exactly what npv gives: a flow live
 * at both dates is discounted once (the same product in both sums), and each sum adds its flows in leg order. The
 * engine's NPV and settlement value discounted every live flow twice.
 */
export function npvAtTwoDates(
  leg: Leg,
  curve: YieldTermStructure,
  first: DateSerial,
  second: DateSerial,
): { first: Real; second: Real } {
  let totalFirst = 0
  let totalSecond = 0
  for (const cf of leg) {
    const inFirst = !(hasOccurred(cf, first, false) || tradingExCoupon(cf, first))
    const inSecond = !(hasOccurred(cf, second, false) || tradingExCoupon(cf, second))
    if (!inFirst && !inSecond) continue
    const value = amountOf(cf) * discountAt(curve, cf.date, true)
    if (inFirst) totalFirst += value
    if (inSecond) totalSecond += value
  }
  return { first: totalFirst / discountAt(curve, first, true), second: totalSecond / discountAt(curve, second, true) }
}

/** CashFlows::nextCashFlow index, or -1. */
function nextCashFlowIndex(leg: Leg, settlement: DateSerial, include = false): number {
  return leg.findIndex((cf) => !hasOccurred(cf, settlement, include))
}

/** CashFlows::accruedAmount: accrual of the coupons paid on the next payment date. */
export function accruedAmount(leg: Leg, settlement: DateSerial, include = false): Real {
  let i = nextCashFlowIndex(leg, settlement, include)
  if (i < 0) return 0
  const paymentDate = leg[i].date
  let result = 0
  for (; i < leg.length && leg[i].date === paymentDate; i++) {
    const cf = leg[i]
    if (isCoupon(cf)) result += couponAccrued(cf, settlement)
  }
  return result
}

/** getStepwiseDiscountTime of cashflows.cpp: the time from the previous flow, under the coupon's reference period. */
function stepwiseTime(cf: CashFlow, dc: DayCounter, npvDate: DateSerial, lastDate: DateSerial): Time {
  let refStart: DateSerial
  let refEnd: DateSerial
  if (isCoupon(cf)) {
    refStart = cf.refStart
    refEnd = cf.refEnd
    if (lastDate !== cf.accrualStart) {
      const couponPeriod = dc.yearFraction(cf.accrualStart, cf.date, refStart, refEnd)
      const accruedPeriod = dc.yearFraction(cf.accrualStart, lastDate, refStart, refEnd)
      return couponPeriod - accruedPeriod
    }
  } else {
    // no previous coupon date: fake one a year before
    refStart = lastDate === npvDate ? addYears(cf.date, -1) : lastDate
    refEnd = cf.date
  }
  return dc.yearFraction(lastDate, cf.date, refStart, refEnd)
}

/**
 * The live flows at a yield. Their times follow QuantLib's stepwise rule and can decrease where 30E/360 ISDA
 * counts an empty interval as negative (a February-end termination date): every yield function below then
 * continues the same formulas where QuantLib 1.29 refuses some (npv, yield) and not others (duration), so
 * yield, price, durations, convexity and BPV always agree with one another.
 */
interface YieldFlows {
  /** cumulative times of the live flows from npvDate */
  times: Float64Array
  /** step times */
  steps: Float64Array
  amounts: Float64Array
}

/**
 * The live flows a caller computed last, reused by its next yield function on the same leg, day counter and dates:
 * an analytics answer solves the yield and then reads the durations and convexity at it from the same flows (their
 * times cost a day count each). The caller owns it (one per request); without one each call computes its own flows.
 */
export interface YieldFlowsWorkspace {
  last: {
    leg: Leg
    dc: DayCounter
    settlement: DateSerial
    npvDate: DateSerial
    include: boolean
    flows: YieldFlows
  } | null
}

export const yieldFlowsWorkspace = (): YieldFlowsWorkspace => ({ last: null })

/** The live flows of a leg and their stepwise times under a yield's day counter (shared by every yield function). */
function yieldFlows(
  leg: Leg,
  dc: DayCounter,
  settlement: DateSerial,
  npvDate: DateSerial,
  ws: YieldFlowsWorkspace | undefined,
  include = false,
): YieldFlows {
  const last = ws?.last
  if (
    last &&
    last.leg === leg &&
    last.dc === dc &&
    last.settlement === settlement &&
    last.npvDate === npvDate &&
    last.include === include
  )
    return last.flows
  // counted first, so the typed arrays are written once (JS arrays copied into them: ~0.3 µs a call on an 11-flow leg)
  let n = 0
  for (const cf of leg) if (!hasOccurred(cf, settlement, include)) n++
  const times = new Float64Array(n)
  const steps = new Float64Array(n)
  const amounts = new Float64Array(n)
  let t = 0
  let lastDate = npvDate
  let i = 0
  for (const cf of leg) {
    if (hasOccurred(cf, settlement, include)) continue
    const step = stepwiseTime(cf, dc, npvDate, lastDate)
    t += step
    steps[i] = step
    times[i] = t
    amounts[i] = tradingExCoupon(cf, settlement) ? 0 : amountOf(cf)
    lastDate = cf.date
    i++
  }
  const flows = { times, steps, amounts }
  if (ws !== undefined) ws.last = { leg, dc, settlement, npvDate, include, flows }
  return flows
}

/**
 * CashFlows::npv(leg, InterestRate y, ...): discount factors multiplied step by step, as QuantLib does (see YieldFlows
 * on negative steps).
 */
function npvAtYield(f: YieldFlows, y: InterestRate): Real {
  let total = 0
  let discount = 1
  // a regular schedule repeats its step (0.5, 0.5, ...): the same step gives the same factor, so it is computed once
  let lastStep = Number.NaN
  let stepDiscount = 1
  for (let i = 0; i < f.amounts.length; i++) {
    const step = f.steps[i]
    if (step !== lastStep) {
      stepDiscount = 1 / compoundFormula(y.rate, y.compounding, y.frequency, step)
      lastStep = step
    }
    discount *= stepDiscount
    total += f.amounts[i] * discount
  }
  return total
}

/**
 * Each live flow's discount factor at the yield, 1 / (its compound factor at its time): what the durations and the
 * convexity weigh by.
 */
function discountsAtYield(f: YieldFlows, y: InterestRate): Float64Array {
  const B = new Float64Array(f.times.length)
  for (let i = 0; i < B.length; i++) B[i] = 1 / compoundFormula(y.rate, y.compounding, y.frequency, f.times[i])
  return B
}

export function npvYield(
  leg: Leg,
  y: InterestRate,
  settlement: DateSerial,
  npvDate: DateSerial = settlement,
  ws?: YieldFlowsWorkspace,
): Real {
  return npvAtYield(yieldFlows(leg, y.dayCounter, settlement, npvDate, ws), y)
}

function modifiedDurationOf(f: YieldFlows, y: InterestRate, discounts = discountsAtYield(f, y)): Real {
  let P = 0
  let dPdy = 0
  const r = y.rate
  const N = y.frequency
  for (let i = 0; i < f.amounts.length; i++) {
    const t = f.times[i]
    const c = f.amounts[i]
    const B = discounts[i]
    P += c * B
    switch (y.compounding) {
      case 'Simple':
        dPdy -= c * B * B * t
        break
      case 'Compounded':
        dPdy -= (c * t * B) / (1 + r / N)
        break
      case 'Continuous':
        dPdy -= c * B * t
        break
      case 'SimpleThenCompounded':
        dPdy -= t <= 1 / N ? c * B * B * t : (c * t * B) / (1 + r / N)
        break
      case 'CompoundedThenSimple':
        dPdy -= t > 1 / N ? c * B * B * t : (c * t * B) / (1 + r / N)
        break
    }
  }
  return P === 0 ? 0 : -dPdy / P
}

function simpleDurationOf(f: YieldFlows, y: InterestRate, discounts = discountsAtYield(f, y)): Real {
  let P = 0
  let dPdy = 0
  for (let i = 0; i < f.amounts.length; i++) {
    const B = discounts[i]
    P += f.amounts[i] * B
    dPdy += f.times[i] * f.amounts[i] * B
  }
  return P === 0 ? 0 : dPdy / P
}

export type DurationType = 'Simple' | 'Macaulay' | 'Modified'

/** CashFlows::duration. */
export function duration(
  leg: Leg,
  y: InterestRate,
  type: DurationType,
  settlement: DateSerial,
  npvDate: DateSerial = settlement,
  ws?: YieldFlowsWorkspace,
): Real {
  if (leg.length === 0) return 0
  return durationOf(yieldFlows(leg, y.dayCounter, settlement, npvDate, ws), y, type)
}

function durationOf(f: YieldFlows, y: InterestRate, type: DurationType): Real {
  switch (type) {
    case 'Simple':
      return simpleDurationOf(f, y)
    case 'Modified':
      return modifiedDurationOf(f, y)
    case 'Macaulay':
      require(y.compounding === 'Compounded', 'compounded rate required')
      return (1 + y.rate / y.frequency) * modifiedDurationOf(f, y)
  }
}

/** CashFlows::convexity. */
export function convexity(
  leg: Leg,
  y: InterestRate,
  settlement: DateSerial,
  npvDate: DateSerial = settlement,
  ws?: YieldFlowsWorkspace,
): Real {
  return convexityOf(yieldFlows(leg, y.dayCounter, settlement, npvDate, ws), y)
}

function convexityOf(f: YieldFlows, y: InterestRate, discounts = discountsAtYield(f, y)): Real {
  let P = 0
  let d2 = 0
  const r = y.rate
  const N = y.frequency
  for (let i = 0; i < f.amounts.length; i++) {
    const t = f.times[i]
    const c = f.amounts[i]
    const B = discounts[i]
    P += c * B
    const compounded = (c * B * t * (N * t + 1)) / (N * (1 + r / N) * (1 + r / N))
    switch (y.compounding) {
      case 'Simple':
        d2 += c * 2 * B * B * B * t * t
        break
      case 'Compounded':
        d2 += compounded
        break
      case 'Continuous':
        d2 += c * B * t * t
        break
      case 'SimpleThenCompounded':
        d2 += t <= 1 / N ? c * 2 * B * B * B * t * t : compounded
        break
      case 'CompoundedThenSimple':
        d2 += t > 1 / N ? c * 2 * B * B * B * t * t : compounded
        break
    }
  }
  return P === 0 ? 0 : d2 / P
}

/** CashFlows::basisPointValue: first and second order change of the NPV for one basis point of yield. */
export function basisPointValue(
  leg: Leg,
  y: InterestRate,
  settlement: DateSerial,
  npvDate: DateSerial = settlement,
  ws?: YieldFlowsWorkspace,
): Real {
  if (leg.length === 0) return 0
  return bpvOf(yieldFlows(leg, y.dayCounter, settlement, npvDate, ws), y)
}

function bpvOf(
  f: YieldFlows,
  y: InterestRate,
  modified = modifiedDurationOf(f, y),
  convexity = convexityOf(f, y),
): Real {
  const value = npvAtYield(f, y)
  const delta = -modified * value * 1e-4
  const gamma = (convexity / 100) * value * 1e-8
  return delta + 0.5 * gamma
}

export interface YieldMeasures {
  simple: Real
  modified: Real
  /** null unless the yield is compounded (QuantLib's Macaulay duration requires a compounded rate) */
  macaulay: Real | null
  convexity: Real
  bpv: Real
}

/**
 * The three durations, the convexity and the BPV at a yield from one computation of the live flows and their discount
 * factors, each exactly what its own function gives (an analytics answer reads all five: each function alone rebuilt
 * the flows and their times, and the modified duration and the convexity were computed again for the Macaulay
 * duration and the BPV).
 */
export function yieldMeasures(
  leg: Leg,
  y: InterestRate,
  settlement: DateSerial,
  npvDate: DateSerial = settlement,
  ws?: YieldFlowsWorkspace,
): YieldMeasures {
  if (leg.length === 0) return { simple: 0, modified: 0, macaulay: 0, convexity: 0, bpv: 0 }
  const f = yieldFlows(leg, y.dayCounter, settlement, npvDate, ws)
  const discounts = discountsAtYield(f, y)
  const simple = simpleDurationOf(f, y, discounts)
  const modified = modifiedDurationOf(f, y, discounts)
  const convexity = convexityOf(f, y, discounts)
  const macaulay = y.compounding === 'Compounded' ? (1 + y.rate / y.frequency) * modified : null
  return { simple, modified, macaulay, convexity, bpv: bpvOf(f, y, modified, convexity) }
}

export interface SolverSettings {
  accuracy: number
  maxIterations: number
  guess: number
}

/** CashFlows::yield: NewtonSafe on the flat-yield NPV, as QuantLib (accuracy 1e-10, 100 evaluations, guess 5%). */
export function yieldFromNpv(
  leg: Leg,
  target: Real,
  dc: DayCounter,
  compounding: InterestRate['compounding'],
  frequency: number,
  settlement: DateSerial,
  npvDate: DateSerial,
  s: SolverSettings,
  ws?: YieldFlowsWorkspace,
): Rate {
  const f = yieldFlows(leg, dc, settlement, npvDate, ws)
  require(f.amounts.length > 0, 'no cashflows left to solve the yield from')
  if (compounding === 'Compounded') {
    const e = new CompoundedYieldEvaluator(f, target, frequency)
    return solveWithStep(
      newtonSafe,
      (r) => e.objective(r),
      s.accuracy,
      s.guess,
      s.guess / 10,
      { maxEvaluations: s.maxIterations },
      (r) => e.derivative(r),
    )
  }
  return solveWithStep(
    newtonSafe,
    (r) => target - npvAtYield(f, { rate: r, dayCounter: dc, compounding, frequency }),
    s.accuracy,
    s.guess,
    s.guess / 10,
    { maxEvaluations: s.maxIterations },
    (r) => modifiedDurationOf(f, { rate: r, dayCounter: dc, compounding, frequency }),
  )
}

/**
 * The solver asks for f(r) then f'(r) at the same r: one pass computes both, with one exp per flow
 * (B = (1+r/n)^(-n t) = exp(-n t log1p(r/n)); QuantLib's pow-based form agrees to rounding).
 */
class CompoundedYieldEvaluator {
  private lastRate = Number.NaN
  private value = 0
  private duration = 0

  constructor(
    private readonly f: YieldFlows,
    private readonly target: number,
    private readonly n: number,
  ) {}

  private evaluate(r: number): void {
    if (r === this.lastRate) return
    const { amounts, times } = this.f
    const k = -this.n * Math.log1p(r / this.n)
    const growth = 1 + r / this.n
    let P = 0
    let dPdy = 0
    for (let i = 0; i < amounts.length; i++) {
      const cB = amounts[i] * Math.exp(k * times[i])
      P += cB
      dPdy -= (cB * times[i]) / growth
    }
    this.lastRate = r
    this.value = P
    this.duration = P === 0 ? 0 : -dPdy / P
  }

  objective(r: number): number {
    this.evaluate(r)
    return this.target - this.value
  }

  derivative(r: number): number {
    this.evaluate(r)
    return this.duration
  }
}

/**
 * CashFlows::zSpread with continuous compounding: the flows' base discount factors are computed once, so each
 * solver evaluation costs one exponential per flow. Brent, step 0.01, as QuantLib.
 */
export function zSpreadFromNpv(
  leg: Leg,
  target: Real,
  curve: YieldTermStructure,
  settlement: DateSerial,
  npvDate: DateSerial,
  s: SolverSettings,
): Rate {
  const live = leg.filter((cf) => !hasOccurred(cf, settlement) && !tradingExCoupon(cf, settlement))
  if (live.length === 0) throw new QuantInputError('no cashflows left to solve the z-spread from')
  const n = live.length
  const weights = new Float64Array(n)
  const times = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    times[i] = curve.dayCounter.yearFraction(curve.referenceDate, live[i].date)
    weights[i] = amountOf(live[i]) * discountAt(curve, live[i].date, true)
  }
  const tNpv = curve.dayCounter.yearFraction(curve.referenceDate, npvDate)
  const dNpv = discountAt(curve, npvDate, true)
  // (an inline arrow: named closures pay for their name on every call under tsx)
  return solveWithStep(
    brent,
    (z: number) => {
      let total = 0
      for (let i = 0; i < n; i++) total += weights[i] * Math.exp(-z * times[i])
      return target - total / (dNpv * Math.exp(-z * tNpv))
    },
    s.accuracy,
    s.guess,
    0.01,
    { maxEvaluations: s.maxIterations },
  )
}
