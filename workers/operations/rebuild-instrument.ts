/**
 * Rebuilds a bond of the numerical core from stored terms (design §4): defaults (Following, 2 settlement days,
 * redemption 100), the generated schedule when none is stored (Forward from issue to maturity at the coupon
 * frequency, on the bond calendar, the bond convention at both ends, no end of month), or the stored schedule
 * dates, which are authoritative. Bad terms raise QuantInputError naming the field (`terms.<name>`).
 */
import type { DateSerial } from '../quant/types.ts'
import { QuantInputError, require } from '../quant/errors.ts'
import { fromIso } from '../quant/time/date.ts'
import { parseBusinessDayConvention, type BusinessDayConvention } from '../quant/time/business-day-convention.ts'
import { calendarFromTerms } from '../quant/time/calendars/index.ts'
import type { Calendar } from '../quant/time/calendar.ts'
import { dayCounterFromCode } from '../quant/time/daycounters/index.ts'
import { parsePeriod, periodFrequency, Frequency, type Period } from '../quant/time/period.ts'
import { makeSchedule, scheduleFromDates, type Schedule } from '../quant/time/schedule.ts'
import type { ExCouponTerms } from '../quant/cashflows/fixed-rate-leg.ts'
import type { IborIndex } from '../quant/indexes/ibor-index.ts'
import { iborCouponDates } from '../quant/cashflows/ibor-leg.ts'
import type { Bond } from '../quant/instruments/bond.ts'
import { fixedRateBond } from '../quant/instruments/bonds/fixed-rate-bond.ts'
import { zeroCouponBond } from '../quant/instruments/bonds/zero-coupon-bond.ts'
import { floatingRateBondPlan, type FloatingRateBondPlan } from '../quant/instruments/bonds/floating-rate-bond.ts'
import type { DayCounter } from '../quant/time/day-counter.ts'
import { FlatForward } from '../quant/curves/flat-forward.ts'
import { actual365Fixed } from '../quant/time/daycounters/actual365-fixed.ts'
import { checkCallableTree } from './callable.ts'
import { TERMS_LIMITS } from './terms-limits.ts'

type Terms = Record<string, unknown>
type CalendarInput = Parameters<typeof calendarFromTerms>[0]

const FIXED_TYPES = ['FixedRateBond', 'CallableFixedRateBond', 'AmortizingFixedRateBond'] as const
const FLOATING_TYPES = ['FloatingRateBond', 'AmortizingFloatingRateBond'] as const
export const BOND_TYPES = [...FIXED_TYPES, 'ZeroCouponBond', ...FLOATING_TYPES] as const
export type BondType = (typeof BOND_TYPES)[number]

export const isFloatingType = (t: string) => (FLOATING_TYPES as readonly string[]).includes(t)

function field<T>(terms: Terms, name: string, check: (v: unknown) => boolean, what: string): T {
  const v = terms[name]
  if (!check(v)) throw new QuantInputError(`terms.${name}: ${what} required, got ${JSON.stringify(v)}`, `terms.${name}`)
  return v as T
}
const optional = (terms: Terms, name: string) => (terms[name] === null ? undefined : terms[name])
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v)
const isString = (v: unknown) => typeof v === 'string' && v.length > 0
const date = (terms: Terms, name: string) => fromIso(field<string>(terms, name, isString, 'an ISO date'), `terms.${name}`)
const calendar = (v: unknown, name: string): Calendar => {
  if (!v || typeof v !== 'object') throw new QuantInputError(`terms.${name}: a calendar object {name} is required`, `terms.${name}`)
  return calendarFromTerms(v as CalendarInput, `terms.${name}`)
}
const convention = (v: unknown, name: string, fallback: BusinessDayConvention): BusinessDayConvention =>
  v === undefined || v === null ? fallback : parseBusinessDayConvention(String(v), `terms.${name}`)
const numbers = (terms: Terms, name: string): number[] | undefined => {
  const v = optional(terms, name)
  if (v === undefined) return undefined
  if (!Array.isArray(v) || v.length === 0 || !v.every(isNumber)) throw new QuantInputError(`terms.${name}: a non-empty list of numbers required`, `terms.${name}`)
  return v as number[]
}

const THIRTY_360_ISDA = /^(thirty360_(isda|german)|30e\/360 \(isda\))$/i

/** What every class shares. */
export interface CommonTerms {
  face: number
  issue: DateSerial
  maturity: DateSerial
  dayCounter: DayCounter
  calendar: Calendar
  convention: BusinessDayConvention
  paymentConvention: BusinessDayConvention
  paymentCalendar: Calendar
  settlementDays: number
}

/**
 * The common terms of a terms object. The last one parsed is kept, for the several readers of one rebuild (the
 * schedule, the leg, the instrument's own copy); a cached instrument keeps its own (valuation.ts, `parsed`), which
 * is what a request reads. Terms are never mutated once parsed.
 */
let lastParsed: { terms: Terms; common: Readonly<CommonTerms> } | undefined

export function commonTerms(terms: Terms): Readonly<CommonTerms> {
  if (lastParsed?.terms !== terms) lastParsed = { terms, common: parseCommonTerms(terms) }
  return lastParsed.common
}

function parseCommonTerms(terms: Terms): CommonTerms {
  const face = field<number>(terms, 'face_value', (v) => isNumber(v) && (v as number) > 0, 'a positive number')
  const issue = date(terms, 'issue_date')
  const maturity = date(terms, 'maturity_date')
  require(maturity > issue, () => `terms.maturity_date: maturity (${String(terms.maturity_date)}) must be after issue (${String(terms.issue_date)})`, 'terms.maturity_date')
  const cal = calendar(terms.calendar, 'calendar')
  const bdc = convention(terms.business_day_convention, 'business_day_convention', 'Following')
  const dayCount = field<string>(terms, 'day_count', isString, 'a day count code')
  const settlementDays = terms.settlement_days === undefined || terms.settlement_days === null ? 2 : field<number>(terms, 'settlement_days', (v) => Number.isInteger(v) && (v as number) >= 0, 'a non-negative integer')
  return {
    face,
    issue,
    maturity,
    // only 30E/360 ISDA depends on the termination date: other codes resolve to one shared day counter
    dayCounter: dayCounterFromCode(dayCount, THIRTY_360_ISDA.test(dayCount) ? { terminationDate: maturity } : {}, 'terms.day_count'),
    calendar: cal,
    convention: bdc,
    paymentConvention: convention(terms.payment_convention, 'payment_convention', bdc),
    paymentCalendar: terms.payment_calendar ? calendar(terms.payment_calendar, 'payment_calendar') : cal,
    settlementDays,
  }
}

export function couponTenor(terms: Terms): Period {
  const tenor = parsePeriod(field<string>(terms, 'coupon_frequency', isString, 'a period such as 6M'), 'terms.coupon_frequency')
  require(tenor.length > 0, 'terms.coupon_frequency: must be a positive period', 'terms.coupon_frequency')
  return tenor
}

/** The coupon frequency for yields (QuantLib Frequency); a zero-coupon bond compounds annually. */
export function yieldFrequency(terms: Terms, type: string): number {
  if (type === 'ZeroCouponBond') return Frequency.Annual
  const f = periodFrequency(couponTenor(terms))
  require(f > 0 && f !== Frequency.OtherFrequency, () => `terms.coupon_frequency: ${String(terms.coupon_frequency)} is not a regular coupon frequency`, 'terms.coupon_frequency')
  return f
}

/** A schedule within the coupon-period limit (workers/operations/terms-limits.ts). */
export function bondSchedule(terms: Terms, c: CommonTerms): Schedule {
  const schedule = unboundedSchedule(terms, c)
  const periods = schedule.dates.length - 1
  require(periods <= TERMS_LIMITS.couponPeriods, () => `terms.schedule: ${periods} coupon periods, over the limit of ${TERMS_LIMITS.couponPeriods}`, optional(terms, 'schedule') ? 'terms.schedule.dates' : 'terms.coupon_frequency')
  return schedule
}

function unboundedSchedule(terms: Terms, c: CommonTerms): Schedule {
  const tenor = couponTenor(terms)
  const stored = optional(terms, 'schedule') as Terms | undefined
  if (!stored) {
    // a daily tenor over two centuries is 73,000 dates at most: generated, then counted
    return makeSchedule({ effective: c.issue, termination: c.maturity, tenor, calendar: c.calendar, convention: c.convention, terminationConvention: c.convention, rule: 'Forward', endOfMonth: false })
  }
  const dates = (stored.dates as unknown[] | undefined) ?? []
  require(Array.isArray(dates) && dates.length >= 2, 'terms.schedule.dates: at least two dates required', 'terms.schedule.dates')
  const cal = stored.calendar ? calendar(stored.calendar, 'schedule.calendar') : c.calendar
  const bdc = convention(stored.business_day_convention, 'schedule.business_day_convention', c.convention)
  return scheduleFromDates(
    dates.map((d, i) => fromIso(String(d), `terms.schedule.dates[${i}]`)),
    {
      calendar: cal,
      convention: bdc,
      terminationConvention: convention(stored.termination_business_day_convention, 'schedule.termination_business_day_convention', bdc),
      tenor: stored.tenor ? parsePeriod(String(stored.tenor), 'terms.schedule.tenor') : tenor,
      rule: (stored.rule as Schedule['rule']) ?? null,
      endOfMonth: (stored.end_of_month as boolean | undefined) ?? null,
    },
  )
}

function exCoupon(terms: Terms, c: CommonTerms): ExCouponTerms | null {
  const period = optional(terms, 'ex_coupon_period')
  if (period === undefined) return null
  return {
    period: parsePeriod(String(period), 'terms.ex_coupon_period'),
    calendar: terms.ex_coupon_calendar ? calendar(terms.ex_coupon_calendar, 'ex_coupon_calendar') : c.calendar,
    convention: convention(terms.ex_coupon_convention, 'ex_coupon_convention', 'Unadjusted'),
    endOfMonth: terms.ex_coupon_end_of_month === true,
  }
}

interface Amortization {
  notionals: number[]
  redemptions: number[]
  paymentLag: number
}

function amortization(terms: Terms, schedule: Schedule, face: number): Amortization {
  const a = terms.amortization as Terms | undefined
  if (!a || typeof a !== 'object') throw new QuantInputError('terms.amortization: {notionals[], redemptions[]?, payment_lag?} required', 'terms.amortization')
  const notionals = numbers(a, 'notionals')
  const periods = schedule.dates.length - 1
  require(notionals !== undefined && notionals.length === periods, () => `terms.amortization.notionals: one notional per coupon period required (${periods} periods, ${notionals?.length ?? 0} notionals)`, 'terms.amortization.notionals')
  require(notionals.every((n) => n > 0), 'terms.amortization.notionals: notionals must be positive', 'terms.amortization.notionals')
  require(Math.abs(notionals[0] - face) <= 1e-9 * face, () => `terms.amortization.notionals: the first notional (${notionals[0]}) must equal face_value (${face})`, 'terms.amortization.notionals')
  const lag = a.payment_lag === undefined || a.payment_lag === null ? 0 : Number(a.payment_lag)
  require(Number.isInteger(lag) && lag >= 0, 'terms.amortization.payment_lag: a non-negative integer required', 'terms.amortization.payment_lag')
  return { notionals, redemptions: numbers(a, 'redemptions') ?? [100], paymentLag: lag }
}

/** A fixed-rate family bond (FixedRateBond, the callable's underlying leg, AmortizingFixedRateBond). */
export function rebuildFixedRateBond(type: string, terms: Terms): Bond {
  const c = commonTerms(terms)
  const schedule = bondSchedule(terms, c)
  const rate = field<number>(terms, 'coupon_rate', isNumber, 'a number')
  const amort = type === 'AmortizingFixedRateBond' ? amortization(terms, schedule, c.face) : null
  const redemption = terms.redemption === undefined ? 100 : field<number>(terms, 'redemption', (v) => isNumber(v) && (v as number) >= 0, 'a non-negative number')
  return fixedRateBond({
    settlementDays: c.settlementDays,
    notionals: amort ? amort.notionals : [c.face],
    schedule,
    coupons: [rate],
    dayCounter: c.dayCounter,
    paymentConvention: c.paymentConvention,
    paymentCalendar: c.paymentCalendar,
    paymentLag: amort?.paymentLag ?? 0,
    redemptions: amort ? amort.redemptions : [redemption],
    issueDate: c.issue,
    exCoupon: exCoupon(terms, c),
  })
}

export function rebuildZeroCouponBond(terms: Terms): Bond {
  const c = commonTerms(terms)
  const redemption = terms.redemption_pct === undefined ? 100 : field<number>(terms, 'redemption_pct', (v) => isNumber(v) && (v as number) >= 0, 'a non-negative number')
  return zeroCouponBond({ settlementDays: c.settlementDays, calendar: c.calendar, faceAmount: c.face, maturityDate: c.maturity, paymentConvention: c.paymentConvention, redemption, issueDate: c.issue })
}

/** The floating leg's terms as IborLeg options (shared by the rebuilt bond and fixings availability). */
function floatingLegTerms(type: string, terms: Terms, index: IborIndex) {
  const c = commonTerms(terms)
  const schedule = bondSchedule(terms, c)
  const amort = type === 'AmortizingFloatingRateBond' ? amortization(terms, schedule, c.face) : null
  const spread = field<number>(terms, 'spread', isNumber, 'a number')
  const fixingDays = optional(terms, 'fixing_days')
  return {
    c,
    amort,
    leg: {
      schedule,
      index,
      paymentCalendar: c.paymentCalendar,
      paymentConvention: c.paymentConvention,
      paymentLag: amort?.paymentLag ?? 0,
      fixingDays: fixingDays === undefined ? null : Number(fixingDays),
      gearings: numbers(terms, 'gearings') ?? [1],
      spreads: numbers(terms, 'spreads') ?? [spread],
      caps: numbers(terms, 'caps') ?? [],
      floors: numbers(terms, 'floors') ?? [],
      inArrears: terms.in_arrears === true,
    },
  }
}

/** A floater's schedule, coupon dates and checks from its terms: what its bumped re-forecasts share (risk.ts). */
export function planFloatingRateBond(type: string, terms: Terms, index: IborIndex): FloatingRateBondPlan {
  const { c, amort, leg } = floatingLegTerms(type, terms, index)
  const redemption = terms.redemption === undefined ? 100 : field<number>(terms, 'redemption', (v) => isNumber(v) && (v as number) >= 0, 'a non-negative number')
  return floatingRateBondPlan({
    ...leg,
    settlementDays: c.settlementDays,
    notionals: amort ? amort.notionals : [c.face],
    paymentDayCounter: c.dayCounter,
    redemptions: amort ? amort.redemptions : [redemption],
    issueDate: c.issue,
    exCoupon: exCoupon(terms, c),
  })
}

/** Fixing and payment dates of a floater's coupons, from the same terms as its rebuilt bond. */
export function floatingCouponDates(type: string, terms: Terms, index: IborIndex): { fixingDate: DateSerial; paymentDate: DateSerial }[] {
  return iborCouponDates(floatingLegTerms(type, terms, index).leg)
}

/** Checks terms without market data (what the loader runs): codes, calendars, schedule, amortization length, sizes. */
export function validateBondTerms(type: string, terms: Terms): void {
  if (type === 'ZeroCouponBond') rebuildZeroCouponBond(terms)
  else if (isFloatingType(type)) {
    const c = commonTerms(terms)
    const schedule = bondSchedule(terms, c)
    field<string>(terms, 'floating_rate_index_uid', isString, 'an index uid')
    field<number>(terms, 'spread', isNumber, 'a number')
    if (type === 'AmortizingFloatingRateBond') amortization(terms, schedule, c.face)
  } else {
    const bond = rebuildFixedRateBond(type, terms)
    if (type === 'CallableFixedRateBond') {
      const issue = commonTerms(terms).issue
      checkCallableTree(bond, terms, new FlatForward(issue, 0.03, actual365Fixed), issue)
    }
  }
}
