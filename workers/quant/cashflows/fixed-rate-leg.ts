/**
 * FixedRateLeg (ql/cashflows/fixedratecoupon.cpp, QuantLib 1.29) as an options object: one coupon per schedule
 * period, payment dates adjusted on the payment calendar (with an optional lag), reference periods for
 * irregular first and last periods, and ex-coupon dates.
 */
import type { DateSerial, Rate } from '../types.ts'
import { QuantInputError, require } from '../errors.ts'
import type { DayCounter } from '../time/day-counter.ts'
import { adjust, advance, advanceByPeriod, type Calendar } from '../time/calendar.ts'
import type { BusinessDayConvention } from '../time/business-day-convention.ts'
import { shiftByPeriod, type Period } from '../time/period.ts'
import type { Schedule } from '../time/schedule.ts'
import { compoundFactor, type Compounding } from '../curves/interest-rate.ts'
import type { FixedRateCoupon } from './cash-flow.ts'

export interface ExCouponTerms {
  period: Period
  calendar: Calendar
  convention: BusinessDayConvention
  endOfMonth: boolean
}

export interface FixedRateLegOptions {
  schedule: Schedule
  notionals: readonly number[]
  rates: readonly Rate[]
  dayCounter: DayCounter
  /** the first period's own day count (QuantLib's withFirstPeriodDayCounter): its amount and its accrual */
  firstPeriodDayCounter?: DayCounter | null
  compounding?: Compounding
  frequency?: number
  paymentCalendar?: Calendar
  paymentConvention?: BusinessDayConvention
  paymentLag?: number
  exCoupon?: ExCouponTerms | null
}

/** QuantLib's detail::get: the i-th value, the last one beyond the end, the default when empty. */
export const nth = (values: readonly number[], i: number, fallback: number) =>
  values.length === 0 ? fallback : i < values.length ? values[i] : values[values.length - 1]

export function paymentDateFor(
  end: DateSerial,
  calendar: Calendar,
  convention: BusinessDayConvention,
  lag: number,
): DateSerial {
  return advance(calendar, end, lag, 'Days', convention)
}

export function exCouponDateFor(paymentDate: DateSerial, ex: ExCouponTerms | null | undefined): DateSerial | null {
  if (!ex || ex.period.length === 0) return null
  return advanceByPeriod(
    ex.calendar,
    paymentDate,
    { length: -ex.period.length, unit: ex.period.unit },
    ex.convention,
    ex.endOfMonth,
  )
}

/**
 * Is period i (1-based, ending at dates[i]) regular? Without flags (explicit dates) every period is, as in QuantLib
 * 1.29.
 */
export function isRegularPeriod(schedule: Schedule, i: number): boolean {
  return schedule.isRegular.length === 0 || schedule.isRegular[i - 1]
}

/**
 * The reference period of period i (0-based) of a floating, overnight or CPI leg (QuantLib's leg builders): a flagged
 * irregular first or last period takes one tenor from its other end, adjusted by `convention` on the schedule's
 * calendar; any other period is its own.
 */
export function legReferencePeriod(
  schedule: Schedule,
  i: number,
  convention: BusinessDayConvention,
): [DateSerial, DateSerial] {
  const dates = schedule.dates
  const n = dates.length - 1
  const start = dates[i]
  const end = dates[i + 1]
  let refStart = start
  let refEnd = end
  if (i === 0 && schedule.tenor && !isRegularPeriod(schedule, 1))
    refStart = adjust(schedule.calendar, shiftByPeriod(end, schedule.tenor, -1), convention)
  if (i === n - 1 && schedule.tenor && !isRegularPeriod(schedule, n))
    refEnd = adjust(schedule.calendar, shiftByPeriod(start, schedule.tenor, 1), convention)
  return [refStart, refEnd]
}

export function fixedRateLeg(o: FixedRateLegOptions): FixedRateCoupon[] {
  const { schedule } = o
  const dates = schedule.dates
  const n = dates.length
  require(n >= 2, 'a fixed-rate leg needs a schedule with at least two dates', 'schedule')
  require(o.rates.length > 0, 'no coupon rates given', 'coupon_rate')
  require(o.notionals.length > 0, 'no notional given', 'face_value')
  const compounding = o.compounding ?? 'Simple'
  const frequency = o.frequency ?? 1
  const payCal = o.paymentCalendar ?? schedule.calendar
  const payConv = o.paymentConvention ?? 'Following'
  const lag = o.paymentLag ?? 0
  const coupons: FixedRateCoupon[] = []

  const coupon = (i: number, refStart: DateSerial, refEnd: DateSerial): FixedRateCoupon => {
    const dayCounter = i === 1 ? (o.firstPeriodDayCounter ?? o.dayCounter) : o.dayCounter
    const start = dates[i - 1]
    const end = dates[i]
    const date = paymentDateFor(end, payCal, payConv, lag)
    const rate = nth(o.rates, i - 1, 0)
    const nominal = nth(o.notionals, i - 1, 0)
    let amount: number
    let refused: string | null = null
    try {
      amount =
        nominal *
        (compoundFactor(rate, compounding, frequency, dayCounter.yearFraction(start, end, refStart, refEnd)) - 1)
    } catch (error) {
      if (!(error instanceof QuantInputError)) throw error
      amount = Number.NaN
      refused = error.message
    }
    return {
      kind: 'fixed',
      date,
      nominal,
      accrualStart: start,
      accrualEnd: end,
      refStart,
      refEnd,
      exCouponDate: exCouponDateFor(date, o.exCoupon),
      dayCounter,
      rate,
      compounding,
      frequency,
      amount,
      refused,
    }
  }

  // QuantLib 1.29's FixedRateLeg: the first period is irregular only when the schedule has a tenor and says so; the
  // last one whenever the schedule has a tenor but does not say it is regular. An irregular period takes a notional
  // reference period one tenor long, advanced on the schedule calendar with its end-of-month rule.
  const referenceShift = (from: DateSerial, sign: 1 | -1, tenor: Period) => {
    require(schedule.endOfMonth !== null, 'full interface (end of month) not available: an explicit schedule with a ' +
      'tenor needs end_of_month', 'schedule.end_of_month')
    return advanceByPeriod(
      schedule.calendar,
      from,
      { length: sign * tenor.length, unit: tenor.unit },
      schedule.convention,
      schedule.endOfMonth,
    )
  }
  const hasFlags = schedule.isRegular.length > 0
  const tenor = schedule.tenor
  if (tenor === null || !hasFlags || schedule.isRegular[0]) coupons.push(coupon(1, dates[0], dates[1]))
  else coupons.push(coupon(1, referenceShift(dates[1], -1, tenor), dates[1]))
  for (let i = 2; i < n - 1; i++) coupons.push(coupon(i, dates[i - 1], dates[i]))
  if (n > 2) {
    if ((hasFlags && schedule.isRegular[n - 2]) || tenor === null)
      coupons.push(coupon(n - 1, dates[n - 2], dates[n - 1]))
    else coupons.push(coupon(n - 1, dates[n - 2], referenceShift(dates[n - 2], 1, tenor)))
  }
  return coupons
}
