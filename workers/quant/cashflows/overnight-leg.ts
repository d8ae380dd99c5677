/**
 * Overnight-compounded (or simple-averaged) coupons on an overnight index (design §4.2): QuantLib 1.29's OvernightLeg
 * and OvernightIndexedCoupon (ql/cashflows/overnightindexedcoupon.cpp) when there is no lookback, lockout or
 * observation shift, and the design's formula with them:
 * - without shift, day i of the index calendar's business days d_1 < ... < d_n in [S, E) (d_{n+1} = E) observes the
 *   fixing of advance(d_i, -lookback) and weighs dc(d_i, d_{i+1}); the period is the coupon's accrual fraction;
 * - with shift, the observation period [S', E') = [advance(S, -L), advance(E, -L)] gives the days, weights and
 *   fixings, and the period is dc(S', E');
 * - a lockout of k days repeats the (count - k)-th rate for the last k days.
 * A day's rate is its fixing when its fixing date is past (or today, when present), else the projection curve's
 * forecast over [f, next business day]. Forecasts over consecutive days whose weights are the forecasts' own spans
 * telescope to one ratio of discount factors, as QuantLib computes them.
 */
import type { DateSerial, Rate } from '../types.ts'
import { require } from '../errors.ts'
import type { DayCounter } from '../time/day-counter.ts'
import { adjust, advance, type Calendar } from '../time/calendar.ts'
import type { BusinessDayConvention } from '../time/business-day-convention.ts'
import type { Schedule } from '../time/schedule.ts'
import { toIso } from '../time/date.ts'
import { discountAt } from '../curves/yield-term-structure.ts'
import { forecastFixing, missingFixing, type IborIndex } from '../indexes/ibor-index.ts'
import type { FloatingRateCoupon } from './cash-flow.ts'
import { exCouponDateFor, legReferencePeriod, nth, paymentDateFor, type ExCouponTerms } from './fixed-rate-leg.ts'

export type RateAveraging = 'Compound' | 'Simple'

/** The overnight terms of a floater (design §4.2), defaults applied. */
export interface OvernightTerms {
  averaging: RateAveraging
  lookbackDays: number
  lockoutDays: number
  observationShift: boolean
  paymentLag: number
}

export interface OvernightLegOptions {
  schedule: Schedule
  /** an overnight index: tenor 1D, no fixing days */
  index: IborIndex
  notionals: readonly number[]
  paymentDayCounter: DayCounter
  paymentCalendar?: Calendar
  paymentConvention?: BusinessDayConvention
  gearings?: readonly number[]
  spreads?: readonly number[]
  exCoupon?: ExCouponTerms | null
  overnight: OvernightTerms
}

/** A coupon's observation days, fixed when the leg is planned: only the rates depend on fixings and curves. */
export interface OvernightCouponPlan {
  date: DateSerial
  nominal: number
  accrualStart: DateSerial
  accrualEnd: DateSerial
  refStart: DateSerial
  refEnd: DateSerial
  exCouponDate: DateSerial | null
  dayCounter: DayCounter
  gearing: number
  spread: number
  averaging: RateAveraging
  /** the coupon's accrual fraction of [S, E) in the bond's day count */
  yf: number
  /** observation dates o_1..o_{m+1}: the days and the end of the last one (E, or E' when shifted) */
  obs: DateSerial[]
  /** the fixing date of each day */
  fixing: DateSerial[]
  /** each day's weight: the index day count over [o_i, o_{i+1}] */
  weight: Float64Array
  /** the end of each day's forecast period: the index calendar's next business day after its fixing date */
  next: DateSerial[]
  /** whether a day's forecast period is its own observation period (its forecast then telescopes) */
  aligned: Uint8Array
  /** days from the first locked one (the last lockout_days), which repeat the rate of the day before it */
  lock: number
  /** the compounding period: the accrual fraction, or dc(S', E') when shifted */
  period: number
  /** lookback days when the observation period is shifted (accrued interest observes to advance(d, -shift)) */
  shift: number | null
}

export type OvernightLegPlan = OvernightCouponPlan[]

/** The index calendar's business days in [start, end), and end. */
function observationDates(calendar: Calendar, start: DateSerial, end: DateSerial): DateSerial[] {
  const dates: DateSerial[] = []
  for (let d = start; d < end; d++) if (calendar.isBusinessDay(d)) dates.push(d)
  dates.push(end)
  return dates
}

export function overnightLegPlan(o: OvernightLegOptions): OvernightLegPlan {
  const { schedule, index, overnight } = o
  const dates = schedule.dates
  const n = dates.length - 1
  require(n >= 1, 'an overnight leg needs a schedule with at least two dates', 'schedule')
  const payCal = o.paymentCalendar ?? schedule.calendar
  const payConv = o.paymentConvention ?? 'Following'
  const cal = index.fixingCalendar
  const dc = index.dayCounter
  const L = overnight.lookbackDays
  const plan: OvernightLegPlan = []
  for (let i = 0; i < n; i++) {
    const start = dates[i]
    const end = dates[i + 1]
    // OvernightLeg adjusts an irregular period's reference by the payment convention (IborLeg by the schedule's)
    const [refStart, refEnd] = legReferencePeriod(schedule, i, payConv)
    const date = paymentDateFor(end, payCal, payConv, overnight.paymentLag)
    const yf = o.paymentDayCounter.yearFraction(start, end, refStart, refEnd)
    let obs: DateSerial[]
    let fixing: DateSerial[]
    let period: number
    if (overnight.observationShift) {
      const shiftedStart = advance(cal, start, -L, 'Days')
      const shiftedEnd = advance(cal, end, -L, 'Days')
      obs = observationDates(cal, shiftedStart, shiftedEnd)
      fixing = obs.slice(0, -1)
      period = dc.yearFraction(shiftedStart, shiftedEnd)
    } else {
      // QuantLib 1.29's arithmetic pricer weighs the last day to the end adjusted on the index calendar (its
      // compounding pricer, to the end itself): kept where the design equates the coupon with QuantLib's (no lookback,
      // no lockout); the design's formula weighs it to the end
      const asQuantLib = overnight.averaging === 'Simple' && L === 0 && overnight.lockoutDays === 0
      obs = observationDates(cal, start, asQuantLib ? adjust(cal, end, 'Following') : end)
      fixing = obs.slice(0, -1).map((d) => (L === 0 ? d : advance(cal, d, -L, 'Days')))
      period = yf
    }
    const days = fixing.length
    require(days >= 1, () =>
      `the coupon period ${toIso(start)} to ${toIso(end)} has no business day of the index calendar to ` +
      'observe', 'schedule')
    require(overnight.lockoutDays < days, () =>
      `overnight.lockout_days (${overnight.lockoutDays}) must be fewer than the ${days} observed days of the ` +
      `coupon period ${toIso(start)} to ${toIso(end)}`, 'overnight.lockout_days')
    const weight = new Float64Array(days)
    const next: DateSerial[] = []
    const aligned = new Uint8Array(days)
    for (let k = 0; k < days; k++) {
      weight[k] = dc.yearFraction(obs[k], obs[k + 1])
      next.push(advance(cal, fixing[k], 1, 'Days'))
      aligned[k] = fixing[k] === obs[k] && next[k] === obs[k + 1] ? 1 : 0
    }
    plan.push({
      date,
      nominal: nth(o.notionals, i, 1),
      accrualStart: start,
      accrualEnd: end,
      refStart,
      refEnd,
      exCouponDate: exCouponDateFor(date, o.exCoupon),
      dayCounter: o.paymentDayCounter,
      gearing: nth(o.gearings ?? [], i, 1),
      spread: nth(o.spreads ?? [], i, 0),
      averaging: overnight.averaging,
      yf,
      obs,
      fixing,
      weight,
      next,
      aligned,
      lock: days - overnight.lockoutDays,
      period,
      shift: overnight.observationShift ? L : null,
    })
  }
  return plan
}

/** What an overnight coupon's rate reads: the index (fixings, projection curve) at an evaluation date. */
interface Observed {
  index: IborIndex
  evaluationDate: DateSerial
}

/**
 * The discount factor of the last forecast day's end: a lookback's consecutive days each start where the one before
 * ended, so a coupon's forecasts read each date's discount once instead of twice.
 */
interface DiscountMemo {
  date: DateSerial
  discount: number
}

/** Day k's rate: its fixing when fixed (past, or today when present), else the forecast; NaN: a past one missing. */
function dayRate(p: OvernightCouponPlan, k: number, o: Observed, memo?: DiscountMemo): Rate {
  const f = p.fixing[k]
  if (f <= o.evaluationDate) {
    const fixed = o.index.history.get(f)
    if (fixed !== undefined) return fixed
    if (f < o.evaluationDate) return Number.NaN
  }
  const next = p.next[k]
  const t = o.index.dayCounter.yearFraction(f, next)
  const curve = o.index.forecastCurve
  if (memo === undefined || curve === null || !(t > 0)) return forecastFixing(o.index, f, next, t)
  // forecastFixing's (P(d1) / P(d2) - 1) / t, each discount read once
  const start = memo.date === f ? memo.discount : discountAt(curve, f, true)
  const end = discountAt(curve, next, true)
  memo.date = next
  memo.discount = end
  return (start / end - 1) / t
}

/** The first past day without its fixing, or -1. */
function missingDay(p: OvernightCouponPlan, o: Observed, days: number): number {
  for (let k = 0; k < days; k++) {
    const f = p.fixing[k]
    if (f >= o.evaluationDate) return -1
    if (!o.index.history.has(f)) return k
  }
  return -1
}

const isKnown = (p: OvernightCouponPlan, k: number, o: Observed) =>
  p.fixing[k] < o.evaluationDate || (p.fixing[k] === o.evaluationDate && o.index.history.has(p.fixing[k]))

/**
 * The compound factor (or the simple sum of rate x weight) of days [0, upTo), the last of them weighed `lastWeight`
 * when given (accrued interest to a date inside it); NaN when a past fixing is missing.
 */
function accumulate(p: OvernightCouponPlan, o: Observed, upTo: number, lastWeight?: number): number {
  const compound = p.averaging === 'Compound'
  const weightOf = (k: number) => (lastWeight !== undefined && k === upTo - 1 ? lastWeight : p.weight[k])
  const unlocked = Math.min(upTo, p.lock)
  let acc = compound ? 1 : 0
  let k = 0
  for (; k < unlocked && isKnown(p, k, o); k++) {
    const r = o.index.history.get(p.fixing[k])
    if (r === undefined) return Number.NaN
    acc = compound ? acc * (1 + r * weightOf(k)) : acc + r * weightOf(k)
  }
  if (k < unlocked && p.fixing[k] < o.evaluationDate) return Number.NaN
  const curve = o.index.forecastCurve
  const telescopes = (k: number) => compound && curve !== null && p.aligned[k] === 1 && weightOf(k) === p.weight[k]
  const memo: DiscountMemo = { date: -1, discount: 0 }
  while (k < unlocked) {
    if (curve !== null && telescopes(k)) {
      // a run of consecutive days each weighed by its own forecast period: one ratio of discount factors
      let j = k
      while (j + 1 < unlocked && telescopes(j + 1) && p.next[j] === p.fixing[j + 1]) j++
      acc *= discountAt(curve, p.fixing[k], true) / discountAt(curve, p.next[j], true)
      k = j + 1
      continue
    }
    const r = dayRate(p, k, o, memo)
    acc = compound ? acc * (1 + r * weightOf(k)) : acc + r * weightOf(k)
    k++
  }
  if (upTo > p.lock) {
    const r = dayRate(p, p.lock - 1, o)
    for (; k < upTo; k++) acc = compound ? acc * (1 + r * weightOf(k)) : acc + r * weightOf(k)
  }
  return acc
}

/** R of the whole period (design §4.2): the compounded or averaged overnight rate; NaN when a fixing is missing. */
function periodRate(p: OvernightCouponPlan, o: Observed): Rate {
  const acc = accumulate(p, o, p.fixing.length)
  return p.averaging === 'Compound' ? (acc - 1) / p.period : acc / p.period
}

/**
 * An overnight coupon as a FloatingRateCoupon: its fixing date the first observed, its index fixing the period's
 * compounded (or averaged) rate R, its rate gearing x R + spread. A missing past fixing fails the amount when read.
 */
function overnightCoupon(p: OvernightCouponPlan, o: Observed): FloatingRateCoupon {
  const average = periodRate(p, o)
  const missing = Number.isNaN(average) ? missingDay(p, o, p.fixing.length) : -1
  const rate = p.gearing * average + p.spread
  return {
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
    fixingDate: p.fixing[0],
    indexFixing: average,
    gearing: p.gearing,
    spread: p.spread,
    cap: null,
    floor: null,
    inArrears: false,
    missingFixing: missing >= 0 ? missingFixing(o.index, p.fixing[missing]) : null,
    nullAccrual: p.yf === 0,
    overnight: { plan: p, index: o.index, evaluationDate: o.evaluationDate },
  }
}

/**
 * overnightCoupon(p, {index, evaluationDate}).amount, without the coupon: NaN where a past fixing is missing. A coupon
 * whose every day is fixed before the evaluation date does not read the curve (the caller keeps its amount).
 */
export function overnightCouponAmount(p: OvernightCouponPlan, index: IborIndex, evaluationDate: DateSerial): number {
  return p.nominal * (p.gearing * periodRate(p, { index, evaluationDate }) + p.spread) * p.yf
}

/** Whether every observed day of the coupon is before the evaluation date (its amount is its fixings'). */
export const overnightCouponFixed = (p: OvernightCouponPlan, evaluationDate: DateSerial) =>
  p.fixing[p.fixing.length - 1] < evaluationDate

/** The coupons of a planned overnight leg with the index's fixings and forecasts at an evaluation date. */
export function overnightLegCoupons(
  plan: OvernightLegPlan,
  index: IborIndex,
  evaluationDate: DateSerial,
): FloatingRateCoupon[] {
  const observed = { index, evaluationDate }
  return plan.map((p) => overnightCoupon(p, observed))
}

/**
 * The coupon's rate for interest accrued to `d` (OvernightIndexedCoupon::averageRate(d) for compounding): the days
 * observed before d, the last one up to d, over the period to d (the accrual fraction; dc(S', d') when shifted, d'
 * = advance(d, -L)). Simple averaging accrues at the period's rate, as QuantLib's arithmetic pricer does.
 */
export function overnightAccruedRate(c: FloatingRateCoupon, d: DateSerial): Rate {
  const on = c.overnight
  if (on === undefined || on.plan.averaging === 'Simple') return c.rate
  const p = on.plan
  const cal = on.index.fixingCalendar
  const dc = on.index.dayCounter
  const until =
    p.shift === null ? Math.min(d, p.accrualEnd) : Math.min(advance(cal, d, -p.shift, 'Days'), p.obs.at(-1)!)
  let upTo = 0
  while (upTo < p.fixing.length && p.obs[upTo] < until) upTo++
  if (upTo === 0) return p.spread
  const last = p.obs[upTo] <= until ? p.weight[upTo - 1] : dc.yearFraction(p.obs[upTo - 1], until)
  const acc = accumulate(p, on, upTo, last)
  const period =
    p.shift === null
      ? p.dayCounter.yearFraction(p.accrualStart, until, p.refStart, p.refEnd)
      : dc.yearFraction(p.obs[0], until)
  return p.gearing * ((acc - 1) / period) + p.spread
}

/** The fixing dates of an overnight leg's coupons with their payment dates (fixings availability). */
export function overnightCouponDates(plan: OvernightLegPlan): { fixingDate: DateSerial; paymentDate: DateSerial }[] {
  return plan.flatMap((p) => p.fixing.map((fixingDate) => ({ fixingDate, paymentDate: p.date })))
}

/**
 * The days an overnight coupon observes, with their rates as its amount reads them (lockout applied): each day's
 * fixing date, rate, weight and whether the rate is a fixing or a forecast. Undefined for any other coupon.
 */
export function overnightDailyRates(
  c: FloatingRateCoupon,
): { fixingDate: DateSerial; rate: Rate; weight: number; fixed: boolean }[] | undefined {
  const on = c.overnight
  if (on === undefined) return undefined
  const p = on.plan
  return p.fixing.map((fixingDate, k) => {
    const from = k < p.lock ? k : p.lock - 1
    return {
      fixingDate,
      rate: dayRate(p, from, on),
      weight: p.weight[k],
      fixed: isKnown(p, from, on),
    }
  })
}
