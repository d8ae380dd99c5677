/**
 * An Ibor-style index (ql/indexes/iborindex.hpp) as plain data: its conventions, its fixing history and the
 * projection curve that forecasts it. `fixing` follows IborCoupon::indexFixing of QuantLib 1.29: a fixing date
 * before the evaluation date must be in the history (typed error naming index and date otherwise); on the
 * evaluation date a stored fixing is used when present, else the forecast; later dates are forecast.
 */
import type { DateSerial, Rate, Time } from '../types.ts'
import { require } from '../errors.ts'
import type { Calendar } from '../time/calendar.ts'
import { advance, advanceByPeriod } from '../time/calendar.ts'
import type { DayCounter } from '../time/day-counter.ts'
import type { BusinessDayConvention } from '../time/business-day-convention.ts'
import type { Period } from '../time/period.ts'
import { toIso } from '../time/date.ts'
import { discountAt, type YieldTermStructure } from '../curves/yield-term-structure.ts'

export interface IborIndex {
  name: string
  tenor: Period
  fixingDays: number
  fixingCalendar: Calendar
  dayCounter: DayCounter
  convention: BusinessDayConvention
  endOfMonth: boolean
  /** fixing date → rate */
  history: ReadonlyMap<DateSerial, Rate>
  forecastCurve: YieldTermStructure | null
  /** an OvernightIndex (tenor 1D): its coupons compound daily fixings (overnight-leg.ts) */
  overnight: boolean
}

/**
 * The index forecasting on another curve (a bumped projection curve), its fixings the same. Spelled out rather
 * than spread: V8 gives each `{ ...index, forecastCurve }` hidden classes of its own, in the old generation.
 */
export function withForecastCurve(index: IborIndex, forecastCurve: YieldTermStructure | null): IborIndex {
  const { name, tenor, fixingDays, fixingCalendar, dayCounter, convention, endOfMonth, history, overnight } = index
  return {
    name,
    tenor,
    fixingDays,
    fixingCalendar,
    dayCounter,
    convention,
    endOfMonth,
    history,
    forecastCurve,
    overnight,
  }
}

/** IborIndex::valueDate: the fixing date advanced by the fixing days on the fixing calendar. */
export const valueDate = (index: IborIndex, fixingDate: DateSerial) =>
  advance(index.fixingCalendar, fixingDate, index.fixingDays, 'Days')

/** IborIndex::maturityDate. */
export const maturityDate = (index: IborIndex, value: DateSerial) =>
  advanceByPeriod(index.fixingCalendar, value, index.tenor, index.convention, index.endOfMonth)

/** IborIndex::forecastFixing(d1, d2, t) = (P(d1)/P(d2) - 1)/t. */
export function forecastFixing(index: IborIndex, d1: DateSerial, d2: DateSerial, t: Time): Rate {
  require(index.forecastCurve !== null, () =>
    `null term structure set to this instance of ${index.name}`, 'curves.projection')
  require(t > 0, () =>
    `cannot calculate forward rate between ${toIso(d1)} and ${toIso(d2)}: non positive time (${t}) using ` +
    `${index.dayCounter.name} daycounter`)
  return (discountAt(index.forecastCurve, d1, true) / discountAt(index.forecastCurve, d2, true) - 1) / t
}

/**
 * The rate of a fixing (past or forecast) over [valueDate, endDate], spanning t under the index day counter;
 * NaN when a historical fixing is missing (the coupon then fails only if its amount is used, as in QuantLib).
 */
export function couponIndexFixing(
  index: IborIndex,
  fixingDate: DateSerial,
  evaluationDate: DateSerial,
  value: DateSerial,
  end: DateSerial,
  t: Time,
): Rate {
  if (fixingDate > evaluationDate) return forecastFixing(index, value, end, t)
  const past = index.history.get(fixingDate)
  if (fixingDate < evaluationDate) return past ?? Number.NaN
  return past ?? forecastFixing(index, value, end, t)
}

export const missingFixing = (index: IborIndex, fixingDate: DateSerial) => ({
  index: index.name,
  date: toIso(fixingDate),
})
