/**
 * InterpolatedForwardCurve (ql/termstructures/yield/forwardcurve.hpp): instantaneous forward rates
 * interpolated in time; the zero rate is the average forward (the primitive over t). Beyond the last node the
 * last forward is held flat.
 */
import type { DateSerial, DiscountFactor, Rate, Time } from '../types.ts'
import { require } from '../errors.ts'
import type { DayCounter } from '../time/day-counter.ts'
import type { Interpolation } from '../math/interpolation.ts'
import { nodeTimes, type Interpolator } from './interpolated-zero-curve.ts'
import type { YieldTermStructure } from './yield-term-structure.ts'

export class InterpolatedForwardCurve implements YieldTermStructure {
  readonly referenceDate: DateSerial
  readonly maxTime: Time
  private readonly interpolation: Interpolation
  private readonly tMax: Time
  private readonly fMax: Rate
  private readonly integralMax: number

  constructor(
    dates: readonly DateSerial[],
    forwards: readonly Rate[],
    readonly dayCounter: DayCounter,
    interpolator: Interpolator,
    readonly allowsExtrapolation: boolean,
  ) {
    require(dates.length === forwards.length, 'dates/data count mismatch', 'nodes')
    this.referenceDate = dates[0]
    const times = nodeTimes(dates, dayCounter)
    this.interpolation = interpolator(times, forwards)
    this.tMax = times[times.length - 1]
    this.maxTime = this.tMax
    this.fMax = forwards[forwards.length - 1]
    this.integralMax = this.interpolation.primitive(this.tMax)
  }

  discountT(t: Time): DiscountFactor {
    if (t === 0) return 1
    const integral = t <= this.tMax ? this.interpolation.primitive(t) : this.integralMax + this.fMax * (t - this.tMax)
    return Math.exp(-integral)
  }
}
