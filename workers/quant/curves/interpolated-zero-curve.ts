/**
 * InterpolatedZeroCurve (ql/termstructures/yield/zerocurve.hpp, QuantLib 1.29): continuous zero rates
 * interpolated in time; input rates with other compounding are converted to continuous at each node's time
 * (the first node, at time 0, at one day). Beyond the last node the instantaneous forward is held flat.
 */
import type { DateSerial, DiscountFactor, Rate, Time } from '../types.ts'
import { require } from '../errors.ts'
import type { DayCounter } from '../time/day-counter.ts'
import type { Interpolation } from '../math/interpolation.ts'
import { equivalentRate, interestRate, type Compounding } from './interest-rate.ts'
import type { YieldTermStructure } from './yield-term-structure.ts'

export type Interpolator = (xs: ArrayLike<number>, ys: ArrayLike<number>) => Interpolation

/** Times of the node dates from the first (the reference date), strictly increasing as QuantLib requires. */
export function nodeTimes(dates: readonly DateSerial[], dayCounter: DayCounter): Float64Array {
  const times = new Float64Array(dates.length)
  for (let i = 1; i < dates.length; i++) {
    times[i] = dayCounter.yearFraction(dates[0], dates[i])
    require(times[i] > times[i - 1], () =>
      `two dates correspond to the same time under this curve's day count convention (${dayCounter.name})`, 'nodes')
  }
  return times
}

export class InterpolatedZeroCurve implements YieldTermStructure {
  readonly referenceDate: DateSerial
  readonly maxTime: Time
  private readonly interpolation: Interpolation
  private readonly tMax: Time
  private readonly zMax: Rate
  private readonly fwdMax: Rate

  constructor(
    dates: readonly DateSerial[],
    rates: readonly Rate[],
    readonly dayCounter: DayCounter,
    interpolator: Interpolator,
    compounding: Compounding,
    frequency: number,
    readonly allowsExtrapolation: boolean,
  ) {
    require(dates.length === rates.length, 'dates/data count mismatch', 'nodes')
    this.referenceDate = dates[0]
    const times = nodeTimes(dates, dayCounter)
    const data = Float64Array.from(rates)
    if (compounding !== 'Continuous') {
      // time 0 cannot be used: QuantLib falls back to about one day for the first rate
      data[0] = equivalentRate(interestRate(rates[0], dayCounter, compounding, frequency), 'Continuous', -1, 1 / 365)
      for (let i = 1; i < dates.length; i++)
        data[i] = equivalentRate(interestRate(rates[i], dayCounter, compounding, frequency), 'Continuous', -1, times[i])
    }
    this.interpolation = interpolator(times, data)
    this.tMax = times[times.length - 1]
    this.maxTime = this.tMax
    this.zMax = data[data.length - 1]
    this.fwdMax = this.zMax + this.tMax * this.interpolation.derivative(this.tMax)
  }

  zeroYield(t: Time): Rate {
    if (t <= this.tMax) return this.interpolation.value(t)
    // flat forward extrapolation
    return (this.zMax * this.tMax + this.fwdMax * (t - this.tMax)) / t
  }

  discountT(t: Time): DiscountFactor {
    if (t === 0) return 1
    return Math.exp(-this.zeroYield(t) * t)
  }
}
