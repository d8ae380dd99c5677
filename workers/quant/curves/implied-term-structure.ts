/**
 * ImpliedTermStructure (ql/termstructures/yield/impliedtermstructure.hpp, QuantLib 1.29): today's curve seen
 * from a later reference date. A time t from the new reference is the original curve's time t + τ, τ the
 * original day counter's year fraction between the two references, so D'(t) = D(t + τ) / D(τ): forwards are
 * unchanged, which is what carry "on an unchanged curve" means.
 */
import type { DateSerial, DiscountFactor, Time } from '../types.ts'
import { discountTime, type YieldTermStructure } from './yield-term-structure.ts'

export class ImpliedTermStructure implements YieldTermStructure {
  readonly dayCounter: YieldTermStructure['dayCounter']
  readonly maxTime: Time
  readonly allowsExtrapolation: boolean
  private readonly offset: Time
  private readonly atReference: DiscountFactor

  constructor(
    private readonly original: YieldTermStructure,
    readonly referenceDate: DateSerial,
  ) {
    this.dayCounter = original.dayCounter
    this.offset = original.dayCounter.yearFraction(original.referenceDate, referenceDate)
    // the original's last date, as a time from the new reference
    this.maxTime = original.maxTime - this.offset
    this.allowsExtrapolation = original.allowsExtrapolation
    this.atReference = discountTime(original, this.offset, true)
  }

  discountT(t: Time): DiscountFactor {
    return discountTime(this.original, t + this.offset, true) / this.atReference
  }
}
