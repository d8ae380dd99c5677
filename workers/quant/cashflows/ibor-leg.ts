/**
 * IborLeg (ql/cashflows/iborcoupon.cpp and cashflowvectors.hpp, QuantLib 1.29): one Ibor coupon per schedule
 * period, fixing `fixingDays` business days before the period start (end, in arrears) on the index calendar,
 * with QuantLib 1.29's at-par coupons (the forecast spans the coupon's own period), gearings, spreads, and
 * caps/floors. Stored terms carry no volatility, so optionlets are priced at zero volatility (intrinsic), as
 * QuantLib's BlackIborCouponPricer does with a zero constant optionlet volatility; the in-arrears convexity
 * adjustment is then zero as well. A zero gearing makes a fixed coupon at the spread, as in QuantLib.
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
  /** evaluation date: fixings before it are historical, later ones forecast */
  evaluationDate: DateSerial
}

export function iborLeg(o: IborLegOptions): (FloatingRateCoupon | FixedRateCoupon)[] {
  const { schedule, index } = o
  const dates = schedule.dates
  const n = dates.length - 1
  require(n >= 1, 'an Ibor leg needs a schedule with at least two dates', 'schedule')
  const payCal = o.paymentCalendar ?? schedule.calendar
  const payConv = o.paymentConvention ?? 'Following'
  const lag = o.paymentLag ?? 0
  const inArrears = o.inArrears ?? false
  const fixingDays = o.fixingDays ?? index.fixingDays
  const leg: (FloatingRateCoupon | FixedRateCoupon)[] = []

  for (let i = 0; i < n; i++) {
    const start = dates[i]
    const end = dates[i + 1]
    let refStart = start
    let refEnd = end
    const date = paymentDateFor(end, payCal, payConv, lag)
    // FloatingLeg (cashflowvectors.hpp): only flagged irregular periods, reference adjusted with the schedule convention
    if (i === 0 && schedule.tenor && !isRegularPeriod(schedule, 1)) refStart = adjust(schedule.calendar, shiftByPeriod(end, schedule.tenor, -1), schedule.convention)
    if (i === n - 1 && schedule.tenor && !isRegularPeriod(schedule, n)) refEnd = adjust(schedule.calendar, shiftByPeriod(start, schedule.tenor, 1), schedule.convention)
    const exCouponDate = exCouponDateFor(date, o.exCoupon)
    const nominal = nth(o.notionals, i, 1)
    const gearing = nth(o.gearings ?? [], i, 1)
    const spread = nth(o.spreads ?? [], i, 0)
    const dc = o.paymentDayCounter
    const yf = dc.yearFraction(start, end, refStart, refEnd)
    if (gearing === 0) {
      leg.push({ kind: 'fixed', date, nominal, accrualStart: start, accrualEnd: end, refStart, refEnd, exCouponDate, dayCounter: dc, rate: spread, compounding: 'Simple', frequency: 1, amount: nominal * spread * yf })
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
    require(spanning > 0, () => `cannot calculate forward rate between ${value} and ${fixingEnd}: non positive time`, 'schedule')
    const indexFixing = couponIndexFixing(index, fixingDate, o.evaluationDate, value, fixingEnd, spanning)
    let rate = gearing * indexFixing + spread
    const cap = o.caps && o.caps.length ? nth(o.caps, i, Number.NaN) : Number.NaN
    const floor = o.floors && o.floors.length ? nth(o.floors, i, Number.NaN) : Number.NaN
    require(Number.isNaN(cap) || Number.isNaN(floor) || cap >= floor, () => `cap level (${cap}) less than floor level (${floor})`, 'caps')
    require((Number.isNaN(cap) && Number.isNaN(floor)) || gearing > 0, () => `caps and floors need a positive gearing (${gearing})`, 'gearings')
    // zero-volatility optionlets are intrinsic: the capped/floored rate is clamped
    if (!Number.isNaN(floor)) rate = Math.max(rate, floor)
    if (!Number.isNaN(cap)) rate = Math.min(rate, cap)
    leg.push({
      kind: 'floating', date, nominal, accrualStart: start, accrualEnd: end, refStart, refEnd, exCouponDate, dayCounter: dc, rate, amount: nominal * rate * yf,
      fixingDate, indexFixing, gearing, spread, cap: Number.isNaN(cap) ? null : cap, floor: Number.isNaN(floor) ? null : floor, inArrears,
      missingFixing: Number.isNaN(indexFixing) ? missingFixing(index, fixingDate) : null,
      nullAccrual: yf === 0,
    })
  }
  return leg
}

/** The fixing and payment dates of an Ibor leg's floating coupons, without pricing anything (fixings availability). */
export function iborCouponDates(o: Pick<IborLegOptions, 'schedule' | 'index' | 'fixingDays' | 'inArrears' | 'gearings' | 'paymentCalendar' | 'paymentConvention' | 'paymentLag'>): { fixingDate: DateSerial; paymentDate: DateSerial }[] {
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
