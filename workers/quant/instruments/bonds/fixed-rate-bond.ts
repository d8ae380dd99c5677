/** FixedRateBond and AmortizingFixedRateBond (ql/instruments/bonds/fixedratebond.hpp, amortizingfixedratebond.hpp). */
import type { DateSerial, Rate } from '../../types.ts'
import { require } from '../../errors.ts'
import type { DayCounter } from '../../time/day-counter.ts'
import type { Calendar } from '../../time/calendar.ts'
import type { BusinessDayConvention } from '../../time/business-day-convention.ts'
import type { Schedule } from '../../time/schedule.ts'
import { fixedRateLeg, type ExCouponTerms } from '../../cashflows/fixed-rate-leg.ts'
import { bondFromCoupons, type Bond } from '../bond.ts'

export interface FixedRateBondOptions {
  settlementDays: number
  /** one notional per coupon period (amortizing), or the face amount */
  notionals: readonly number[]
  schedule: Schedule
  coupons: readonly Rate[]
  dayCounter: DayCounter
  /** QuantLib's firstPeriodDayCounter */
  firstPeriodDayCounter?: DayCounter | null
  paymentConvention?: BusinessDayConvention
  paymentCalendar?: Calendar
  paymentLag?: number
  redemptions?: readonly number[]
  issueDate?: DateSerial | null
  exCoupon?: ExCouponTerms | null
}

export function fixedRateBond(o: FixedRateBondOptions): Bond {
  require(o.settlementDays >= 0, () => `settlement days (${o.settlementDays}) must be non-negative`, 'settlement_days')
  const calendar = o.paymentCalendar ?? o.schedule.calendar
  const coupons = fixedRateLeg({
    schedule: o.schedule,
    notionals: o.notionals,
    rates: o.coupons,
    dayCounter: o.dayCounter,
    firstPeriodDayCounter: o.firstPeriodDayCounter,
    paymentCalendar: calendar,
    paymentConvention: o.paymentConvention ?? 'Following',
    paymentLag: o.paymentLag ?? 0,
    exCoupon: o.exCoupon,
  })
  const maturityDate = o.schedule.dates[o.schedule.dates.length - 1]
  return bondFromCoupons(
    { settlementDays: o.settlementDays, calendar, issueDate: o.issueDate ?? null, maturityDate },
    coupons,
    o.redemptions ?? [100],
  )
}
