/**
 * PiecewiseZeroSpreadedTermStructure (ql/termstructures/yield/piecewisezerospreadedtermstructure.hpp, QuantLib
 * 1.29, Linear, Continuous): the base curve's continuous zero rate plus a spread interpolated linearly between
 * the given times, flat before the first and after the last. Key-rate durations bump one of its spreads.
 */
import type { DateSerial, DiscountFactor, Time } from '../types.ts'
import { require } from '../errors.ts'
import { LinearInterpolation } from '../math/interpolations/linear.ts'
import type { YieldTermStructure } from './yield-term-structure.ts'
import { spreadedDiscount, type ZeroMemo } from './zero-spreaded-term-structure.ts'

export class PiecewiseZeroSpreadedTermStructure implements YieldTermStructure {
  readonly referenceDate: DateSerial
  readonly dayCounter: YieldTermStructure['dayCounter']
  readonly maxTime: Time
  readonly allowsExtrapolation = true
  private readonly interpolation: LinearInterpolation | null

  constructor(
    private readonly base: YieldTermStructure,
    private readonly times: readonly Time[],
    private readonly spreads: readonly number[],
    /** continuous zero rates of the base, shared with the other bumps of the same valuation */
    private readonly zeros?: ZeroMemo,
  ) {
    require(times.length > 0 && times.length === spreads.length, 'one spread per time required')
    for (let i = 1; i < times.length; i++) require(times[i] > times[i - 1], 'spread times must increase')
    this.referenceDate = base.referenceDate
    this.dayCounter = base.dayCounter
    this.maxTime = base.maxTime
    this.interpolation = times.length > 1 ? new LinearInterpolation(times, spreads) : null
  }

  private spread(t: Time): number {
    if (t <= this.times[0] || this.interpolation === null) return this.spreads[0]
    if (t >= this.times[this.times.length - 1]) return this.spreads[this.spreads.length - 1]
    return this.interpolation.value(t)
  }

  discountT(t: Time): DiscountFactor {
    if (t === 0) return 1
    return spreadedDiscount(this.base, t, this.spread(t), 'Continuous', -1, this.zeros)
  }
}
