/**
 * ZeroSpreadedTermStructure (ql/termstructures/yield/zerospreadedtermstructure.hpp): the base curve's zero rate
 * (in the given compounding, under the base curve's day counter) plus a spread, converted back to continuous.
 * With continuous compounding this is D(t)·exp(-s·t), which the z-spread solver exploits directly.
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

  discountT(t: Time): DiscountFactor {
    if (t === 0) return 1
    if (this.compounding === 'Continuous') return this.base.discountT(t) * Math.exp(-this.spread * t)
    const zero = zeroRateTime(this.base, t, this.compounding, this.frequency, true)
    const continuous = impliedRate(compoundFactor(zero + this.spread, this.compounding, this.frequency, t), 'Continuous', -1, t)
    return Math.exp(-continuous * t)
  }
}
