/**
 * FloatingRateBond and AmortizingFloatingRateBond (ql/instruments/bonds/floatingratebond.hpp,
 * amortizingfloatingratebond.hpp).
 */
import type { DateSerial } from '../../types.ts'
import { require } from '../../errors.ts'
import type { DayCounter } from '../../time/day-counter.ts'
import type { Calendar } from '../../time/calendar.ts'
import type { BusinessDayConvention } from '../../time/business-day-convention.ts'
import type { Schedule } from '../../time/schedule.ts'
import type { ExCouponTerms } from '../../cashflows/fixed-rate-leg.ts'
import { iborLegAmounts, iborLegCoupons, iborLegPlan, type IborLegPlan } from '../../cashflows/ibor-leg.ts'
import type { OptionletVolatility } from '../../cashflows/optionlet-pricer.ts'
import {
  overnightCouponAmount,
  overnightCouponFixed,
  overnightLegCoupons,
  overnightLegPlan,
  type OvernightLegPlan,
  type OvernightTerms,
} from '../../cashflows/overnight-leg.ts'
import { amountOf, hasOccurred, tradingExCoupon } from '../../cashflows/cash-flow.ts'
import { discountAt, type YieldTermStructure } from '../../curves/yield-term-structure.ts'
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
  /** on an overnight index: its coupons compound (or average) daily fixings (design §4.2) */
  overnight?: OvernightTerms
}

/**
 * A floater with every date fixed (see iborLegPlan): re-forecast on another projection curve by floatingRateBondFrom.
 */
export interface FloatingRateBondPlan {
  base: Omit<Bond, 'cashflows' | 'notionals' | 'notionalSchedule'>
  /** an Ibor floater's coupons (empty for an overnight floater) */
  leg: IborLegPlan
  /** an overnight floater's coupons, null for an Ibor floater */
  overnight: OvernightLegPlan | null
  redemptions: readonly number[]
}

export function floatingRateBondPlan(o: FloatingRateBondOptions): FloatingRateBondPlan {
  require(o.settlementDays >= 0, () => `settlement days (${o.settlementDays}) must be non-negative`, 'settlement_days')
  const calendar = o.paymentCalendar ?? o.schedule.calendar
  if (o.overnight) {
    const overnight = overnightLegPlan({
      schedule: o.schedule,
      index: o.index,
      notionals: o.notionals,
      paymentDayCounter: o.paymentDayCounter,
      paymentCalendar: calendar,
      paymentConvention: o.paymentConvention ?? 'Following',
      gearings: o.gearings,
      spreads: o.spreads,
      exCoupon: o.exCoupon,
      overnight: o.overnight,
    })
    // Bond(settlementDays, calendar, issueDate, coupons): matures on its last coupon's payment date
    const maturityDate = overnight[overnight.length - 1].date
    return {
      base: { settlementDays: o.settlementDays, calendar, issueDate: o.issueDate ?? null, maturityDate },
      leg: [],
      overnight,
      redemptions: o.redemptions ?? [100],
    }
  }
  const leg = iborLegPlan({
    schedule: o.schedule,
    index: o.index,
    notionals: o.notionals,
    paymentDayCounter: o.paymentDayCounter,
    paymentCalendar: calendar,
    paymentConvention: o.paymentConvention ?? 'Following',
    paymentLag: o.paymentLag,
    fixingDays: o.fixingDays,
    gearings: o.gearings,
    spreads: o.spreads,
    caps: o.caps,
    floors: o.floors,
    inArrears: o.inArrears,
    exCoupon: o.exCoupon,
  })
  const maturityDate = o.schedule.dates[o.schedule.dates.length - 1]
  return {
    base: { settlementDays: o.settlementDays, calendar, issueDate: o.issueDate ?? null, maturityDate },
    leg,
    overnight: null,
    redemptions: o.redemptions ?? [100],
  }
}

/**
 * The bond of a plan, its coupons fixed or forecast by `index` (its history and projection curve) at the evaluation
 * date; `inPlace`: the plan's first bond may be its own coupons (see iborLegCoupons); `vol`: the optionlet
 * volatility of its capped, floored and in-arrears coupons (none: zero).
 */
export function floatingRateBondFrom(
  plan: FloatingRateBondPlan,
  index: IborIndex,
  evaluationDate: DateSerial,
  inPlace = false,
  vol?: OptionletVolatility,
): Bond {
  const leg = plan.overnight
    ? overnightLegCoupons(plan.overnight, index, evaluationDate)
    : iborLegCoupons(plan.leg, index, evaluationDate, inPlace, vol)
  return bondFromCoupons(plan.base, leg, plan.redemptions)
}

/**
 * discountingBondNpv(floatingRateBondFrom(plan, index, evaluationDate), curve), bit for bit, without building that
 * bond: `bond` is the plan's bond at the same evaluation date forecast on another curve (the instrument's own), and
 * `planIndex` maps its flows to the plan (floatingCouponPlanIndex). The flows, their order and every amount but the
 * floating coupons' are the same in both bonds; those are forecast again by iborLegCoupons' arithmetic, and the sum
 * runs over the same live flows in the same order as npv's. A bumped valuation (effective duration, convexity, key
 * rates) built ~40 coupon objects and a sorted bond per bump for this one number. Undefined where a live coupon's
 * amount would fail (a null accrual, a missing fixing): the caller builds the bond, which fails as it always did.
 * `scratch`: room for the plan's amounts, the caller's to reuse across bumps (its contents are overwritten; a
 * shorter or missing one is replaced by a new array for this call). `vol` as floatingRateBondFrom's.
 */
export function floatingRateBondNpv(
  plan: FloatingRateBondPlan,
  bond: Bond,
  planIndex: Int32Array,
  index: IborIndex,
  evaluationDate: DateSerial,
  curve: YieldTermStructure,
  scratch?: Float64Array,
  vol?: OptionletVolatility,
): number | undefined {
  // an overnight floater's bumped valuations build its bond
  if (plan.overnight) return undefined
  const amounts =
    scratch !== undefined && scratch.length >= plan.leg.length ? scratch : new Float64Array(plan.leg.length)
  iborLegAmounts(plan.leg, index, evaluationDate, amounts, vol)
  const reference = curve.referenceDate
  const leg = bond.cashflows
  let total = 0
  for (let k = 0; k < leg.length; k++) {
    const cf = leg[k]
    if (hasOccurred(cf, reference, false) || tradingExCoupon(cf, reference)) continue
    const j = planIndex[k]
    const amount = j < 0 ? amountOf(cf) : amounts[j]
    // the bond would fail reading this amount (a missing fixing, a null accrual): the caller builds it
    if (j >= 0 && Number.isNaN(amount)) return undefined
    total += amount * discountAt(curve, cf.date, true)
  }
  return total / discountAt(curve, reference, true)
}

/**
 * floatingRateBondNpv for an overnight floater: discountingBondNpv(floatingRateBondFrom(plan, index, evaluationDate),
 * curve), bit for bit, from `bond` (the plan's bond at the same date on another curve): its live coupons still
 * observing days on or after the evaluation date are compounded again on `index` (overnightCouponAmount, the
 * coupon's own arithmetic), the others keep their amounts. Undefined where a live amount would fail (a missing
 * fixing): the caller builds the bond, which fails as it always did.
 */
export function overnightFloatingRateBondNpv(
  bond: Bond,
  index: IborIndex,
  evaluationDate: DateSerial,
  curve: YieldTermStructure,
): number | undefined {
  const reference = curve.referenceDate
  let total = 0
  for (const cf of bond.cashflows) {
    if (hasOccurred(cf, reference, false) || tradingExCoupon(cf, reference)) continue
    let amount: number
    if (cf.kind === 'floating' && cf.overnight && !overnightCouponFixed(cf.overnight.plan, evaluationDate)) {
      amount = overnightCouponAmount(cf.overnight.plan, index, evaluationDate)
      if (Number.isNaN(amount)) return undefined
    } else if (cf.kind === 'floating' && (cf.missingFixing || cf.nullAccrual)) return undefined
    else amount = amountOf(cf)
    total += amount * discountAt(curve, cf.date, true)
  }
  return total / discountAt(curve, reference, true)
}
