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

/**
 * The base curve's zero rates by time, shared by the spreaded curves of one valuation over the same base (the two
 * bumps of an effective duration, the 22 of key-rate durations): each bump reads every flow's time, and the base's
 * rate there (an interpolation and a logarithm) is the same number for all of them. A memo holds one compounding.
 */
export type ZeroMemo = Map<Time, number>

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
    private readonly zeros?: ZeroMemo,
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
    return spreadedDiscount(this.base, t, this.spread, this.compounding, this.frequency, this.zeros)
  }
}

/** ZeroSpreadedTermStructure::zeroYieldImpl then ZeroYieldStructure::discountImpl (QuantLib 1.29) at t > 0. */
export function spreadedDiscount(
  base: YieldTermStructure,
  t: Time,
  spread: Spread,
  compounding: Compounding = 'Continuous',
  frequency = -1,
  zeros?: ZeroMemo,
): DiscountFactor {
  let zero = zeros?.get(t)
  if (zero === undefined) {
    zero = zeroRateTime(base, t, compounding, frequency, true)
    zeros?.set(t, zero)
  }
  const continuous = impliedRate(compoundFactor(zero + spread, compounding, frequency, t), 'Continuous', -1, t)
  return Math.exp(-continuous * t)
}
