/**
 * ZeroSpreadedTermStructure (ql/termstructures/yield/zerospreadedtermstructure.hpp): the base curve's zero rate
 * (in the given compounding, under the base curve's day counter) plus a spread, converted back to continuous.
 * With continuous compounding this is D(t)·exp(-s·t), which the z-spread solver exploits directly; the class
 * itself follows QuantLib's arithmetic.
 */
import type { DateSerial, DiscountFactor, Spread, Time } from '../types.ts'
import type { DayCounter } from '../time/day-counter.ts'
import { compoundFactor, impliedRate, type Compounding } from './interest-rate.ts'
import { zeroRateTime, type YieldTermStructure } from './yield-term-structure.ts'

export class ZeroSpreadedTermStructure implements YieldTermStructure {
  readonly referenceDate: DateSerial
  readonly dayCounter: DayCounter
  readonly maxTime: Time
  readonly allowsExtrapolation: boolean

  constructor(
    private readonly base: YieldTermStructure,
    readonly spread: Spread,
    private readonly compounding: Compounding = 'Continuous',
    private readonly frequency: number = -1,
  ) {
    this.referenceDate = base.referenceDate
    this.dayCounter = base.dayCounter
    this.maxTime = base.maxTime
    this.allowsExtrapolation = base.allowsExtrapolation
  }

  // QuantLib's arithmetic step by step (zero rate, plus spread, its continuous equivalent, exp): bump-and-reprice
  // differences (convexity, small key-rate durations) amplify any other rounding path
  discountT(t: Time): DiscountFactor {
    if (t === 0) return 1
    return spreadedDiscount(this.base, t, this.spread, this.compounding, this.frequency)
  }
}

/** ZeroSpreadedTermStructure::zeroYieldImpl then ZeroYieldStructure::discountImpl (QuantLib 1.29) at t > 0. */
export function spreadedDiscount(base: YieldTermStructure, t: Time, spread: Spread, compounding: Compounding = 'Continuous', frequency = -1): DiscountFactor {
  const zero = zeroRateTime(base, t, compounding, frequency, true)
  const continuous = impliedRate(compoundFactor(zero + spread, compounding, frequency, t), 'Continuous', -1, t)
  return Math.exp(-continuous * t)
}
