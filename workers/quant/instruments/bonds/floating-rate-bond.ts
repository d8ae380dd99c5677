/** FloatingRateBond and AmortizingFloatingRateBond (ql/instruments/bonds/floatingratebond.hpp, amortizingfloatingratebond.hpp). */
import type { DateSerial } from '../../types.ts'
import { require } from '../../errors.ts'
import type { DayCounter } from '../../time/day-counter.ts'
import type { Calendar } from '../../time/calendar.ts'
import type { BusinessDayConvention } from '../../time/business-day-convention.ts'
import type { Schedule } from '../../time/schedule.ts'
import type { ExCouponTerms } from '../../cashflows/fixed-rate-leg.ts'
import { iborLegCoupons, iborLegPlan, type IborLegPlan } from '../../cashflows/ibor-leg.ts'
import type { IborIndex } from '../../indexes/ibor-index.ts'
import { bondFromCoupons, type Bond } from '../bond.ts'

export interface FloatingRateBondOptions {
  settlementDays: number
  notionals: readonly number[]
  schedule: Schedule
  index: IborIndex
  paymentDayCounter: DayCounter
  paymentConvention?: BusinessDayConvention
  paymentCalendar?: Calendar
  paymentLag?: number
  fixingDays?: number | null
  gearings?: readonly number[]
  spreads?: readonly number[]
  caps?: readonly number[]
  floors?: readonly number[]
  inArrears?: boolean
  redemptions?: readonly number[]
  issueDate?: DateSerial | null
  exCoupon?: ExCouponTerms | null
}

/** A floater with every date fixed (see iborLegPlan): re-forecast on another projection curve by floatingRateBondFrom. */
export interface FloatingRateBondPlan {
  base: Omit<Bond, 'cashflows' | 'notionals' | 'notionalSchedule'>
  leg: IborLegPlan
  redemptions: readonly number[]
}

export function floatingRateBondPlan(o: FloatingRateBondOptions): FloatingRateBondPlan {
  require(o.settlementDays >= 0, () => `settlement days (${o.settlementDays}) must be non-negative`, 'settlement_days')
  const calendar = o.paymentCalendar ?? o.schedule.calendar
  const leg = iborLegPlan({
    schedule: o.schedule, index: o.index, notionals: o.notionals, paymentDayCounter: o.paymentDayCounter, paymentCalendar: calendar,
    paymentConvention: o.paymentConvention ?? 'Following', paymentLag: o.paymentLag, fixingDays: o.fixingDays, gearings: o.gearings,
    spreads: o.spreads, caps: o.caps, floors: o.floors, inArrears: o.inArrears, exCoupon: o.exCoupon,
  })
  const maturityDate = o.schedule.dates[o.schedule.dates.length - 1]
  return { base: { settlementDays: o.settlementDays, calendar, issueDate: o.issueDate ?? null, maturityDate }, leg, redemptions: o.redemptions ?? [100] }
}

/**
 * The bond of a plan, its coupons fixed or forecast by `index` (its history and projection curve) at the evaluation
 * date; `inPlace`: the plan's first bond may be its own coupons (see iborLegCoupons).
 */
export function floatingRateBondFrom(plan: FloatingRateBondPlan, index: IborIndex, evaluationDate: DateSerial, inPlace = false): Bond {
  return bondFromCoupons(plan.base, iborLegCoupons(plan.leg, index, evaluationDate, inPlace), plan.redemptions)
}
