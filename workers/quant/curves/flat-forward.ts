/** FlatForward (ql/termstructures/yield/flatforward.hpp): one rate with its compounding at every maturity. */
import type { DateSerial, DiscountFactor, Rate, Time } from '../types.ts'
import type { DayCounter } from '../time/day-counter.ts'
import { discountFactor, interestRate, type Compounding } from './interest-rate.ts'
import type { YieldTermStructure } from './yield-term-structure.ts'

export class FlatForward implements YieldTermStructure {
  readonly maxTime = Infinity
  readonly allowsExtrapolation = true

  constructor(
    readonly referenceDate: DateSerial,
    readonly rate: Rate,
    readonly dayCounter: DayCounter,
    readonly compounding: Compounding = 'Continuous',
    readonly frequency: number = 1,
  ) {
    interestRate(rate, dayCounter, compounding, frequency)
  }

  discountT(t: Time): DiscountFactor {
    return discountFactor(this.rate, this.compounding, this.frequency, t)
  }
}
