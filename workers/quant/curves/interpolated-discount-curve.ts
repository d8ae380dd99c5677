/**
 * InterpolatedDiscountCurve (ql/termstructures/yield/discountcurve.hpp): discount factors interpolated in time
 * (log-linear, log-cubic); the first discount must be 1 at the reference date. Beyond the last node the
 * instantaneous forward is held flat.
 */
import type { DateSerial, DiscountFactor, Rate, Time } from '../types.ts'
import { require } from '../errors.ts'
import type { DayCounter } from '../time/day-counter.ts'
import type { Interpolation } from '../math/interpolation.ts'
import { nodeTimes, type Interpolator } from './interpolated-zero-curve.ts'
import type { YieldTermStructure } from './yield-term-structure.ts'

export class InterpolatedDiscountCurve implements YieldTermStructure {
  readonly referenceDate: DateSerial
  readonly maxTime: Time
  private readonly interpolation: Interpolation
  private readonly tMax: Time
  private readonly dMax: DiscountFactor
  private readonly fwdMax: Rate

  constructor(
    dates: readonly DateSerial[],
    discounts: readonly DiscountFactor[],
    readonly dayCounter: DayCounter,
    interpolator: Interpolator,
    readonly allowsExtrapolation: boolean,
  ) {
    require(dates.length === discounts.length, 'dates/data count mismatch', 'nodes')
    require(discounts[0] ===
      1, 'the first discount must be == 1.0 to flag the corresponding date as reference date', 'nodes')
    for (let i = 1; i < discounts.length; i++)
      require(discounts[i] > 0, () => `negative discount (${discounts[i]})`, 'nodes')
    this.referenceDate = dates[0]
    const times = nodeTimes(dates, dayCounter)
    this.interpolation = interpolator(times, discounts)
    this.tMax = times[times.length - 1]
    this.maxTime = this.tMax
    this.dMax = discounts[discounts.length - 1]
    this.fwdMax = -this.interpolation.derivative(this.tMax) / this.dMax
  }

  discountT(t: Time): DiscountFactor {
    if (t <= this.tMax) return this.interpolation.value(t)
    return this.dMax * Math.exp(-this.fwdMax * (t - this.tMax))
  }
}
