/**
 * IborLeg (ql/cashflows/iborcoupon.cpp and cashflowvectors.hpp, QuantLib 1.29): one Ibor coupon per schedule
 * period, fixing `fixingDays` business days before the period start (end, in arrears) on the index calendar,
 * with QuantLib 1.29's at-par coupons (the forecast spans the coupon's own period), gearings, spreads, and
 * caps/floors. Optionlets are priced at zero volatility (intrinsic), as QuantLib's BlackIborCouponPricer does with a
 * zero constant optionlet volatility (the in-arrears convexity adjustment is then zero as well), unless the market
 * data gives a volatility (optionlet-pricer.ts). A zero gearing makes a fixed coupon at the spread, as in QuantLib.
 */
import type { DateSerial, Rate } from '../types.ts'
import { require } from '../errors.ts'
import type { DayCounter } from '../time/day-counter.ts'
import { adjust, advance, type Calendar } from '../time/calendar.ts'
import type { BusinessDayConvention } from '../time/business-day-convention.ts'
import type { Schedule } from '../time/schedule.ts'
import { couponIndexFixing, maturityDate, missingFixing, valueDate, type IborIndex } from '../indexes/ibor-index.ts'
import type { FixedRateCoupon, FloatingRateCoupon } from './cash-flow.ts'
import { exCouponDateFor, isRegularPeriod, nth, paymentDateFor, type ExCouponTerms } from './fixed-rate-leg.ts'
import { shiftByPeriod } from '../time/period.ts'
import { blackIborCouponRate, type OptionletVolatility } from './optionlet-pricer.ts'

export interface IborLegOptions {
  schedule: Schedule
  index: IborIndex
  notionals: readonly number[]
  paymentDayCounter: DayCounter
  paymentCalendar?: Calendar
  paymentConvention?: BusinessDayConvention
  paymentLag?: number
  fixingDays?: number | null
  gearings?: readonly number[]
  spreads?: readonly number[]
  caps?: readonly number[]
  floors?: readonly number[]
  inArrears?: boolean
  exCoupon?: ExCouponTerms | null
}

/**
 * An Ibor leg with every date fixed and checked (calendars, the index's value and end dates, day counts): what a
 * forecast curve does not change. A bumped projection curve re-forecasts the plan (iborLegCoupons) instead of
 * building the schedule again. A coupon whose dates or caps cannot be built ends the plan with its error, raised by
 * iborLegCoupons where QuantLib's leg raises it: at that coupon, after its fixing is read when it is a cap/floor
 * check (so a fixing that fails to forecast fails first).
 */
export type IborLegPlan = IborCouponPlan[] & {
  /**
   * whether the plan's floating coupons have been forecast in place (iborLegCoupons with `inPlace`): the first leg
   * of a plan is its own coupons, every later one (a bumped curve) new objects
   */
  forecast?: boolean
}

/**
 * A planned floating coupon: a FloatingRateCoupon whose rate fields are filled by a forecast, with what the forecast
 * reads. One object per coupon serves as plan and as the first forecast's coupon: a cached floater holds ~500 bytes
 * per flow where a plan beside its coupons held ~800 (23 kB for a 44-coupon floater, 70% of a book's instruments).
 */
type PlannedCoupon = FloatingRateCoupon & {
  failsAfterFixing?: unknown
  yf: number
  value: DateSerial
  fixingEnd: DateSerial
  spanning: number
}

type IborCouponPlan = { kind: 'fixed'; coupon: FixedRateCoupon } | PlannedCoupon | { kind: 'fails'; error: unknown }

export function iborLegPlan(o: IborLegOptions): IborLegPlan {
  const { schedule, index } = o
  const dates = schedule.dates
  const n = dates.length - 1
  require(n >= 1, 'an Ibor leg needs a schedule with at least two dates', 'schedule')
  const payCal = o.paymentCalendar ?? schedule.calendar
  const payConv = o.paymentConvention ?? 'Following'
  const lag = o.paymentLag ?? 0
  const inArrears = o.inArrears ?? false
  const fixingDays = o.fixingDays ?? index.fixingDays
  const plan: IborLegPlan = []

  for (let i = 0; i < n; i++) {
    let failing = true
    try {
      const start = dates[i]
      const end = dates[i + 1]
      let refStart = start
      let refEnd = end
      const date = paymentDateFor(end, payCal, payConv, lag)
      // FloatingLeg (cashflowvectors.hpp): only flagged irregular periods, reference adjusted with the schedule
      // convention
      if (i === 0 && schedule.tenor && !isRegularPeriod(schedule, 1))
        refStart = adjust(schedule.calendar, shiftByPeriod(end, schedule.tenor, -1), schedule.convention)
      if (i === n - 1 && schedule.tenor && !isRegularPeriod(schedule, n))
        refEnd = adjust(schedule.calendar, shiftByPeriod(start, schedule.tenor, 1), schedule.convention)
      const exCouponDate = exCouponDateFor(date, o.exCoupon)
      const nominal = nth(o.notionals, i, 1)
      const gearing = nth(o.gearings ?? [], i, 1)
      const spread = nth(o.spreads ?? [], i, 0)
      const dc = o.paymentDayCounter
      const yf = dc.yearFraction(start, end, refStart, refEnd)
      if (gearing === 0) {
        plan.push({
          kind: 'fixed',
          coupon: {
            kind: 'fixed',
            date,
            nominal,
            accrualStart: start,
            accrualEnd: end,
            refStart,
            refEnd,
            exCouponDate,
            dayCounter: dc,
            rate: spread,
            compounding: 'Simple',
            frequency: 1,
            amount: nominal * spread * yf,
            refused: null,
          },
        })
        failing = false
        continue
      }
      // FloatingRateCoupon::fixingDate: fixing days before the start (end, in arrears), Preceding
      const fixingDate = advance(index.fixingCalendar, inArrears ? end : start, -fixingDays, 'Days', 'Preceding')
      const value = valueDate(index, fixingDate)
      const indexMaturity = maturityDate(index, value)
      let fixingEnd = indexMaturity
      if (!inArrears) {
        // at-par coupons: the estimation period follows the coupon's accrual period
        const nextFixingDate = advance(index.fixingCalendar, end, -fixingDays, 'Days')
        fixingEnd = Math.max(advance(index.fixingCalendar, nextFixingDate, index.fixingDays, 'Days'), value + 1)
      }
      const spanning = index.dayCounter.yearFraction(value, fixingEnd)
      require(spanning > 0, () =>
        `cannot calculate forward rate between ${value} and ${fixingEnd}: non positive time`, 'schedule')
      failing = false
      const cap = o.caps && o.caps.length ? nth(o.caps, i, Number.NaN) : Number.NaN
      const floor = o.floors && o.floors.length ? nth(o.floors, i, Number.NaN) : Number.NaN
      // the coupon's fields in FloatingRateCoupon's order, then the plan's: every planned coupon of one shape
      const coupon: PlannedCoupon = {
        kind: 'floating',
        date,
        nominal,
        accrualStart: start,
        accrualEnd: end,
        refStart,
        refEnd,
        exCouponDate,
        dayCounter: dc,
        rate: Number.NaN,
        amount: Number.NaN,
        fixingDate,
        indexFixing: Number.NaN,
        gearing,
        spread,
        cap: Number.isNaN(cap) ? null : cap,
        floor: Number.isNaN(floor) ? null : floor,
        inArrears,
        missingFixing: null,
        nullAccrual: yf === 0,
        failsAfterFixing: undefined,
        yf,
        value,
        fixingEnd,
        spanning,
      }
      plan.push(coupon)
      try {
        require(Number.isNaN(cap) || Number.isNaN(floor) || cap >= floor, () =>
          `cap level (${cap}) less than floor level (${floor})`, 'caps')
        require((Number.isNaN(cap) && Number.isNaN(floor)) || gearing > 0, () =>
          `caps and floors need a positive gearing (${gearing})`, 'gearings')
      } catch (error) {
        // raised after the coupon's fixing, as QuantLib's leg does
        coupon.failsAfterFixing = error
        return plan
      }
    } catch (error) {
      if (!failing) throw error
      plan.push({ kind: 'fails', error })
      return plan
    }
  }
  return plan
}

/**
 * The coupons of a planned leg with the index's fixings and forecasts (its projection curve) at an evaluation date:
 * fixings before it are historical, later ones forecast. The plan's first forecast may be written into its own
 * coupons (`inPlace`: the cached instrument the plan is built for), once: every other forecast is new coupons, so
 * the leg of a forecast never changes after it is returned. `vol`: the optionlet volatility of capped, floored and
 * in-arrears coupons (none: zero volatility).
 */
export function iborLegCoupons(
  plan: IborLegPlan,
  index: IborIndex,
  evaluationDate: DateSerial,
  inPlace = false,
  vol?: OptionletVolatility,
): (FloatingRateCoupon | FixedRateCoupon)[] {
  const leg: (FloatingRateCoupon | FixedRateCoupon)[] = []
  const own = inPlace && !plan.forecast
  if (own) plan.forecast = true
  for (const p of plan) {
    if (p.kind === 'fails') throw p.error
    if (p.kind === 'fixed') {
      leg.push(p.coupon)
      continue
    }
    const indexFixing = plannedFixing(p, index, evaluationDate)
    const rate = plannedRate(p, indexFixing, evaluationDate, vol)
    const missing = Number.isNaN(indexFixing) ? missingFixing(index, p.fixingDate) : null
    if (own) {
      p.rate = rate
      p.amount = p.nominal * rate * p.yf
      p.indexFixing = indexFixing
      p.missingFixing = missing
      leg.push(p)
      continue
    }
    leg.push({
      kind: 'floating',
      date: p.date,
      nominal: p.nominal,
      accrualStart: p.accrualStart,
      accrualEnd: p.accrualEnd,
      refStart: p.refStart,
      refEnd: p.refEnd,
      exCouponDate: p.exCouponDate,
      dayCounter: p.dayCounter,
      rate,
      amount: p.nominal * rate * p.yf,
      fixingDate: p.fixingDate,
      indexFixing,
      gearing: p.gearing,
      spread: p.spread,
      cap: p.cap,
      floor: p.floor,
      inArrears: p.inArrears,
      missingFixing: missing,
      nullAccrual: p.nullAccrual,
    })
  }
  return leg
}

/**
 * A planned coupon's index fixing at the evaluation date (historical or forecast), raising what the coupon raises after
 * its fixing.
 */
function plannedFixing(p: PlannedCoupon, index: IborIndex, evaluationDate: DateSerial): Rate {
  const indexFixing = couponIndexFixing(index, p.fixingDate, evaluationDate, p.value, p.fixingEnd, p.spanning)
  if (p.failsAfterFixing !== undefined) throw p.failsAfterFixing
  return indexFixing
}

/**
 * A planned coupon's rate from its index fixing: gearing and spread; zero-volatility optionlets are intrinsic, so the
 * floor and cap clamp it. With a volatility, a capped, floored or in-arrears coupon is priced by the optionlet pricer.
 */
function plannedRate(p: PlannedCoupon, indexFixing: Rate, evaluationDate: DateSerial, vol?: OptionletVolatility): Rate {
  if (vol !== undefined && (p.cap !== null || p.floor !== null || p.inArrears) && !Number.isNaN(indexFixing))
    return blackIborCouponRate(p, indexFixing, evaluationDate, vol)
  let rate = p.gearing * indexFixing + p.spread
  if (p.floor !== null) rate = Math.max(rate, p.floor)
  if (p.cap !== null) rate = Math.min(rate, p.cap)
  return rate
}

/**
 * The amount iborLegCoupons(plan, index, evaluationDate) gives each coupon, in plan order, without making the
 * coupons: the same numbers by the same arithmetic, failing where it fails; NaN for a floating coupon whose amount
 * fails when read (amountOf: a missing fixing, a null accrual period). A bumped valuation reads only the amounts
 * (floatingRateBondNpv).
 */
export function iborLegAmounts(
  plan: IborLegPlan,
  index: IborIndex,
  evaluationDate: DateSerial,
  amounts: Float64Array,
  vol?: OptionletVolatility,
): void {
  for (let j = 0; j < plan.length; j++) {
    const p = plan[j]
    if (p.kind === 'fails') throw p.error
    if (p.kind === 'fixed') {
      amounts[j] = p.coupon.amount
      continue
    }
    // a missing fixing is NaN, and so is the amount made of it
    const indexFixing = plannedFixing(p, index, evaluationDate)
    amounts[j] = p.nullAccrual ? Number.NaN : p.nominal * plannedRate(p, indexFixing, evaluationDate, vol) * p.yf
  }
}

/**
 * For each flow of a bond built from `plan` (bondFromCoupons over iborLegCoupons), the plan entry of its floating
 * coupon, -1 for any other flow; null where the flows do not follow the plan's order (a sort that moved a coupon).
 */
export function floatingCouponPlanIndex(
  plan: IborLegPlan,
  leg: readonly { kind: string; accrualStart?: DateSerial }[],
): Int32Array | null {
  const out = new Int32Array(leg.length).fill(-1)
  let j = 0
  let matched = 0
  for (let k = 0; k < leg.length; k++) {
    const cf = leg[k]
    if (cf.kind !== 'floating') continue
    while (
      j < plan.length &&
      !(plan[j].kind === 'floating' && (plan[j] as PlannedCoupon).accrualStart === cf.accrualStart)
    )
      j++
    if (j === plan.length) return null
    out[k] = j++
    matched++
  }
  let floating = 0
  for (const p of plan) if (p.kind === 'floating') floating++
  return matched === floating ? out : null
}

/** The fixing and payment dates of an Ibor leg's floating coupons, without pricing anything (fixings availability). */
export function iborCouponDates(
  o: Pick<
    IborLegOptions,
    | 'schedule'
    | 'index'
    | 'fixingDays'
    | 'inArrears'
    | 'gearings'
    | 'paymentCalendar'
    | 'paymentConvention'
    | 'paymentLag'
  >,
): { fixingDate: DateSerial; paymentDate: DateSerial }[] {
  const { schedule, index } = o
  const days = o.fixingDays ?? index.fixingDays
  const payCal = o.paymentCalendar ?? schedule.calendar
  const out: { fixingDate: DateSerial; paymentDate: DateSerial }[] = []
  for (let i = 0; i < schedule.dates.length - 1; i++) {
    if (nth(o.gearings ?? [], i, 1) === 0) continue
    out.push({
      fixingDate: advance(index.fixingCalendar, schedule.dates[o.inArrears ? i + 1 : i], -days, 'Days', 'Preceding'),
      paymentDate: paymentDateFor(schedule.dates[i + 1], payCal, o.paymentConvention ?? 'Following', o.paymentLag ?? 0),
    })
  }
  return out
}
