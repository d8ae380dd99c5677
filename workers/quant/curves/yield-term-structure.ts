/**
 * The yield term structure concept (ql/termstructures/yieldtermstructure.hpp): discount factors as a function
 * of time from the reference date under the curve's day counter. Implementations (interpolated zero, discount
 * and forward curves, flat forward, zero-spreaded) supply `discountT`; everything else is a shared function.
 */
import type { DateSerial, DiscountFactor, Rate, Time } from '../types.ts'
import { QuantInputError, require } from '../errors.ts'
import type { DayCounter } from '../time/day-counter.ts'
import { toIso } from '../time/date.ts'
import { impliedRate, type Compounding } from './interest-rate.ts'

export interface YieldTermStructure {
  readonly referenceDate: DateSerial
  readonly dayCounter: DayCounter
  /** the last time with data (Infinity for curves without one) */
  readonly maxTime: Time
  readonly allowsExtrapolation: boolean
  /** discount factor at time t >= 0, with no range check (callers use `discountAt` / `discountTime`) */
  discountT(t: Time): DiscountFactor
}

export const timeFromReference = (curve: YieldTermStructure, d: DateSerial): Time =>
  curve.dayCounter.yearFraction(curve.referenceDate, d)

/** QuantLib's YieldTermStructure::discount(t): range-checked. */
// hot path: plain checks, no closures or messages built unless they fail
export function discountTime(curve: YieldTermStructure, t: Time, extrapolate = false): DiscountFactor {
  if (!(t >= 0)) throw new QuantInputError(`negative time (${t}) given`)
  if (t > curve.maxTime && !extrapolate && !curve.allowsExtrapolation && Math.abs(t - curve.maxTime) >= 1e-15) {
    throw new QuantInputError(`time (${t}) is past max curve time (${curve.maxTime})`)
  }
  return curve.discountT(t)
}

export function discountAt(curve: YieldTermStructure, d: DateSerial, extrapolate = false): DiscountFactor {
  if (d < curve.referenceDate)
    throw new QuantInputError(`date (${toIso(d)}) before reference date (${toIso(curve.referenceDate)})`)
  // exactly 1 for every curve; and a day counter may count the empty interval as negative (30E/360 ISDA on a
  // February-end termination date), which QuantLib 1.29 then refuses
  if (d === curve.referenceDate) return 1
  return discountTime(curve, curve.dayCounter.yearFraction(curve.referenceDate, d), extrapolate)
}

const DT = 0.0001

/** QuantLib's YieldTermStructure::zeroRate(Date, dayCounter, comp, freq). */
export function zeroRateAt(
  curve: YieldTermStructure,
  d: DateSerial,
  dayCounter: DayCounter,
  compounding: Compounding,
  frequency: number,
  extrapolate = false,
): Rate {
  if (d === curve.referenceDate) {
    return impliedRate(1 / discountTime(curve, DT, extrapolate), compounding, frequency, DT)
  }
  const compound = 1 / discountAt(curve, d, extrapolate)
  return impliedRate(compound, compounding, frequency, dayCounter.yearFraction(curve.referenceDate, d))
}

/** QuantLib's YieldTermStructure::zeroRate(Time, comp, freq): the curve's own day counter. */
export function zeroRateTime(
  curve: YieldTermStructure,
  t: Time,
  compounding: Compounding,
  frequency: number,
  extrapolate = false,
): Rate {
  if (t === 0) t = DT
  return impliedRate(1 / discountTime(curve, t, extrapolate), compounding, frequency, t)
}

/** QuantLib's YieldTermStructure::forwardRate(d1, d2, dayCounter, comp, freq). */
export function forwardRateAt(
  curve: YieldTermStructure,
  d1: DateSerial,
  d2: DateSerial,
  dayCounter: DayCounter,
  compounding: Compounding,
  frequency: number,
  extrapolate = false,
): Rate {
  if (d1 === d2) {
    const t1 = Math.max(timeFromReference(curve, d1) - DT / 2, 0)
    const t2 = t1 + DT
    return impliedRate(discountTime(curve, t1, true) / discountTime(curve, t2, true), compounding, frequency, DT)
  }
  require(d1 < d2, () => `${toIso(d1)} later than ${toIso(d2)}`)
  const compound = discountAt(curve, d1, extrapolate) / discountAt(curve, d2, extrapolate)
  return impliedRate(compound, compounding, frequency, dayCounter.yearFraction(d1, d2))
}
