/**
 * Rebuilds a bond of the numerical core from stored terms (design §4, §4.1): defaults (Following, 2 settlement
 * days, redemption 100), the schedule (see unboundedSchedule), one coupon rate or one per period, the first
 * period's own day count. Bad terms raise QuantInputError naming the field (`terms.<name>`).
 */
import type { DateSerial } from '../quant/types.ts'
import { QuantInputError, require } from '../quant/errors.ts'
import { fromIso, toIso } from '../quant/time/date.ts'
import { parseBusinessDayConvention, type BusinessDayConvention } from '../quant/time/business-day-convention.ts'
import { calendarFromTerms } from '../quant/time/calendars/index.ts'
import { timeWorkspace } from '../quant/time/workspace.ts'
import type { Calendar } from '../quant/time/calendar.ts'
import {
  dayCounterFromCode,
  dayCountNeedsCalendar,
  dayCountNeedsTerminationDate,
} from '../quant/time/daycounters/index.ts'
import { parsePeriod, periodFrequency, Frequency, type Period } from '../quant/time/period.ts'
import {
  DATE_GENERATION_RULES,
  makeSchedule,
  scheduleFromDates,
  type DateGenerationRule,
  type Schedule,
} from '../quant/time/schedule.ts'
import type { ExCouponTerms } from '../quant/cashflows/fixed-rate-leg.ts'
import type { IborIndex } from '../quant/indexes/ibor-index.ts'
import type { CpiInterpolation, ZeroInflationIndex } from '../quant/indexes/zero-inflation-index.ts'
import type { CpiBondOptions } from '../quant/instruments/bonds/cpi-bond.ts'
import { iborCouponDates } from '../quant/cashflows/ibor-leg.ts'
import { overnightCouponDates, overnightLegPlan, type OvernightTerms } from '../quant/cashflows/overnight-leg.ts'
import type { Bond } from '../quant/instruments/bond.ts'
import { fixedRateBond } from '../quant/instruments/bonds/fixed-rate-bond.ts'
import { zeroCouponBond } from '../quant/instruments/bonds/zero-coupon-bond.ts'
import { floatingRateBondPlan, type FloatingRateBondPlan } from '../quant/instruments/bonds/floating-rate-bond.ts'
import type { DayCounter } from '../quant/time/day-counter.ts'
import { FlatForward } from '../quant/curves/flat-forward.ts'
import { actual365Fixed } from '../quant/time/daycounters/actual365-fixed.ts'
import { checkCallableTree } from './callable.ts'
import { TERMS_LIMITS } from './terms-limits.ts'
import { isFloatingType } from '../../src/contracts/pricing.ts'
import type { CalendarTerms, InstrumentTermsFields } from '../../src/contracts/instrument-terms.ts'

/**
 * Stored terms of any class, read field by field (src/contracts/instrument-terms.ts). Typed by their schemas, but
 * checked as they are read: a stored row may predate a field or a check, and the loader runs these very checks.
 */
type Terms = InstrumentTermsFields

/**
 * What this thread's calendars and Business/252 counts reuse from one rebuild to the next (quant/time/workspace.ts).
 */
export const timeCaches = timeWorkspace()

export { isFloatingType }

/** A field the terms need, checked: its schema's type (`V` narrows it: a positive number, a non-empty string). */
function field<K extends keyof Terms, V extends NonNullable<Terms[K]>>(
  terms: Terms,
  name: K,
  check: (v: unknown) => v is V,
  what: string,
): V {
  const v: unknown = terms[name]
  if (!check(v)) throw new QuantInputError(`terms.${name}: ${what} required, got ${JSON.stringify(v)}`, `terms.${name}`)
  return v
}
/** A field that may be absent: null (as a stored row may have it) is absent too. */
const optional = <T, K extends keyof T>(terms: T, name: K): Exclude<T[K], null> | undefined => {
  const v = terms[name]
  return v === null ? undefined : (v as Exclude<T[K], null>)
}
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0
const isNonNegative = (v: unknown): v is number => isNumber(v) && v >= 0
const date = (terms: Terms, name: 'issue_date' | 'maturity_date') =>
  fromIso(field(terms, name, isString, 'an ISO date'), `terms.${name}`)
const calendar = (v: CalendarTerms | null | undefined, name: string): Calendar => {
  // checked: a stored row is what it is
  if (!v || typeof v !== 'object')
    throw new QuantInputError(`terms.${name}: a calendar object {name} is required`, `terms.${name}`)
  return calendarFromTerms(v, `terms.${name}`, timeCaches)
}
const convention = (
  v: string | null | undefined,
  name: string,
  fallback: BusinessDayConvention,
): BusinessDayConvention =>
  v === undefined || v === null ? fallback : parseBusinessDayConvention(String(v), `terms.${name}`)
const numbers = <T, K extends keyof T & string>(terms: T, name: K): number[] | undefined => {
  const v: unknown = optional(terms, name)
  if (v === undefined) return undefined
  if (!Array.isArray(v) || v.length === 0 || !v.every(isNumber))
    throw new QuantInputError(`terms.${name}: a non-empty list of numbers required`, `terms.${name}`)
  return v
}

/**
 * A day count of the terms: 30E/360 ISDA takes the maturity as its termination date, Business252 counts the
 * business days of `day_count_calendar` (default the bond's calendar); other codes resolve to one shared counter.
 */
export function termsDayCounter(
  terms: Terms,
  code: string,
  field: string,
  maturity: DateSerial,
  bondCalendar: Calendar,
): DayCounter {
  if (dayCountNeedsTerminationDate(code)) return dayCounterFromCode(code, { terminationDate: maturity }, field)
  if (dayCountNeedsCalendar(code)) {
    const stored = optional(terms, 'day_count_calendar')
    return dayCounterFromCode(
      code,
      { calendar: stored === undefined ? bondCalendar : calendar(stored, 'day_count_calendar'), workspace: timeCaches },
      field,
    )
  }
  return dayCounterFromCode(code, {}, field)
}

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
  /** the first coupon period's own day count (QuantLib's firstPeriodDayCounter), when the terms give one */
  firstPeriodDayCounter: DayCounter | null
}

/**
 * The common terms of a terms object, parsed. A rebuild parses them once and hands them to each reader (the schedule,
 * the leg, the instrument's own copy: the builders below take them as their last argument); a cached instrument keeps
 * its own (valuation.ts, `parsed`), which is what a request reads.
 */
export function commonTerms(terms: Terms): Readonly<CommonTerms> {
  return parseCommonTerms(terms)
}

function parseCommonTerms(terms: Terms): CommonTerms {
  const face = field(terms, 'face_value', (v): v is number => isNumber(v) && v > 0, 'a positive number')
  const issue = date(terms, 'issue_date')
  const maturity = date(terms, 'maturity_date')
  require(maturity > issue, () =>
    `terms.maturity_date: maturity (${String(terms.maturity_date)}) must be after issue ` +
    `(${String(terms.issue_date)})`, 'terms.maturity_date')
  const cal = calendar(terms.calendar, 'calendar')
  const bdc = convention(terms.business_day_convention, 'business_day_convention', 'Following')
  const dayCount = field(terms, 'day_count', isString, 'a day count code')
  const settlementDays =
    terms.settlement_days === undefined || terms.settlement_days === null
      ? 2
      : field(
          terms,
          'settlement_days',
          (v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0,
          'a non-negative integer',
        )
  const firstPeriod = optional(terms, 'first_period_day_count')
  return {
    face,
    issue,
    maturity,
    dayCounter: termsDayCounter(terms, dayCount, 'terms.day_count', maturity, cal),
    firstPeriodDayCounter:
      firstPeriod === undefined
        ? null
        : termsDayCounter(
            terms,
            field(terms, 'first_period_day_count', isString, 'a day count code'),
            'terms.first_period_day_count',
            maturity,
            cal,
          ),
    calendar: cal,
    convention: bdc,
    paymentConvention: convention(terms.payment_convention, 'payment_convention', bdc),
    paymentCalendar: terms.payment_calendar ? calendar(terms.payment_calendar, 'payment_calendar') : cal,
    settlementDays,
  }
}

export function couponTenor(terms: Terms): Period {
  const tenor = parsePeriod(field(terms, 'coupon_frequency', isString, 'a period such as 6M'), 'terms.coupon_frequency')
  require(tenor.length > 0, 'terms.coupon_frequency: must be a positive period', 'terms.coupon_frequency')
  return tenor
}

/** The coupon frequency for yields (QuantLib Frequency); a zero-coupon bond compounds annually. */
export function yieldFrequency(terms: Terms, type: string): number {
  if (type === 'ZeroCouponBond') return Frequency.Annual
  const f = periodFrequency(couponTenor(terms))
  require(f > 0 && f !== Frequency.OtherFrequency, () =>
    `terms.coupon_frequency: ${String(terms.coupon_frequency)} is not a regular coupon ` +
    `frequency`, 'terms.coupon_frequency')
  return f
}

/** A schedule within the coupon-period limit (workers/operations/terms-limits.ts). */
export function bondSchedule(terms: Terms, c: CommonTerms): Schedule {
  const schedule = unboundedSchedule(terms, c)
  const periods = schedule.dates.length - 1
  require(periods <= TERMS_LIMITS.couponPeriods, () =>
    `terms.schedule: ${periods} coupon periods, over the limit of ${TERMS_LIMITS.couponPeriods}`, optional(
    terms,
    'schedule',
  )
    ? 'terms.schedule.dates'
    : 'terms.coupon_frequency')
  return schedule
}

/**
 * The coupon schedule (design §4.1): none stored is QuantLib's Forward schedule from issue to maturity at the coupon
 * frequency, on the bond calendar and convention, without end-of-month rule (as ever). A stored schedule without
 * `dates` is generated by its `rule` (QuantLib's Schedule with tenor, end of month, first and next-to-last dates);
 * one with `dates` takes them as they are: its regularity is `is_regular` when given; else, with a `tenor`, QuantLib's
 * FixedRateLeg treats the last period as irregular unless it is one tenor long, and without one every period is
 * regular. Terms stored before `is_regular` existed gave `end_of_month` and took coupon_frequency as their tenor:
 * they still do, so they price as they did.
 */
function unboundedSchedule(terms: Terms, c: CommonTerms): Schedule {
  const tenor = couponTenor(terms)
  const stored = optional(terms, 'schedule')
  if (!stored) {
    // a daily tenor over two centuries is 73,000 dates at most: generated, then counted
    return makeSchedule({
      effective: c.issue,
      termination: c.maturity,
      tenor,
      calendar: c.calendar,
      convention: c.convention,
      terminationConvention: c.convention,
      rule: 'Forward',
      endOfMonth: false,
    })
  }
  if (typeof stored !== 'object' || Array.isArray(stored))
    throw new QuantInputError(
      'terms.schedule: an object {rule, ...} or {dates, ...} required, or null',
      'terms.schedule',
    )
  const cal = stored.calendar ? calendar(stored.calendar, 'schedule.calendar') : c.calendar
  const bdc = convention(stored.business_day_convention, 'schedule.business_day_convention', c.convention)
  const terminationConvention = convention(
    stored.termination_business_day_convention,
    'schedule.termination_business_day_convention',
    bdc,
  )
  const endOfMonth = optional(stored, 'end_of_month')
  if (endOfMonth !== undefined && typeof endOfMonth !== 'boolean')
    throw new QuantInputError('terms.schedule.end_of_month: true or false required', 'terms.schedule.end_of_month')
  const storedTenor = optional(stored, 'tenor')
  const rule = scheduleRule(optional(stored, 'rule'))
  const dates = optional(stored, 'dates')
  if (dates === undefined) {
    require(rule !==
      undefined, "terms.schedule.rule: a generated schedule needs a rule (Backward for most bonds; see QuantLib's " +
      "DateGeneration), or give the schedule's dates", 'terms.schedule.rule')
    require(optional(stored, 'is_regular') ===
      undefined, 'terms.schedule.is_regular: only an explicit schedule (with dates) takes is_regular; a generated ' +
      'one knows its irregular periods', 'terms.schedule.is_regular')
    const date = (name: 'first_date' | 'next_to_last_date') => {
      const v = optional(stored, name)
      return v === undefined ? undefined : fromIso(String(v), `terms.schedule.${name}`)
    }
    return makeSchedule({
      effective: c.issue,
      termination: c.maturity,
      tenor: storedTenor === undefined ? tenor : parsePeriod(String(storedTenor), 'terms.schedule.tenor'),
      calendar: cal,
      convention: bdc,
      terminationConvention,
      rule,
      endOfMonth: endOfMonth ?? false,
      firstDate: date('first_date'),
      nextToLastDate: date('next_to_last_date'),
    })
  }
  require(Array.isArray(dates) &&
    dates.length >= 2, 'terms.schedule.dates: at least two dates required', 'terms.schedule.dates')
  for (const name of ['first_date', 'next_to_last_date'] as const) {
    require(optional(stored, name) === undefined, () =>
      `terms.schedule.${name}: only a generated schedule (without dates) takes ${name}; an explicit schedule's dates ` +
      `are its coupon dates`, `terms.schedule.${name}`)
  }
  const flags = optional(stored, 'is_regular')
  if (flags !== undefined) {
    require(Array.isArray(flags) &&
      flags.every(
        (f) => typeof f === 'boolean',
      ), 'terms.schedule.is_regular: a list of true/false flags required', 'terms.schedule.is_regular')
    require(flags.length === dates.length - 1, () =>
      `terms.schedule.is_regular: one flag per period required (${dates.length - 1} ` +
      `periods, ${flags.length} flags)`, 'terms.schedule.is_regular')
  }
  return scheduleFromDates(
    dates.map((d, i) => fromIso(String(d), `terms.schedule.dates[${i}]`)),
    {
      calendar: cal,
      convention: bdc,
      terminationConvention,
      tenor:
        storedTenor !== undefined
          ? parsePeriod(String(storedTenor), 'terms.schedule.tenor')
          : endOfMonth !== undefined
            ? tenor
            : null,
      rule: rule ?? null,
      endOfMonth: endOfMonth ?? false,
      isRegular: flags,
    },
  )
}

function scheduleRule(v: unknown): DateGenerationRule | undefined {
  if (v === undefined) return undefined
  if (typeof v === 'string' && (DATE_GENERATION_RULES as readonly string[]).includes(v)) return v as DateGenerationRule
  throw new QuantInputError(
    `terms.schedule.rule: ${JSON.stringify(v)} is not a DateGeneration rule of QuantLib 1.29 ` +
      `(${DATE_GENERATION_RULES.join(', ')})`,
    'terms.schedule.rule',
  )
}

/** `coupon_rate`: one rate, or one per coupon period with the last repeated (QuantLib's FixedRateLeg). */
export function couponRates(terms: Terms): number[] {
  const v = terms.coupon_rate
  if (isNumber(v)) return [v]
  if (Array.isArray(v) && v.length > 0 && v.every(isNumber)) return v
  throw new QuantInputError(
    `terms.coupon_rate: a number or a non-empty list of numbers (one per coupon period) required, got ` +
      `${JSON.stringify(v)}`,
    'terms.coupon_rate',
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
  const a = terms.amortization
  if (!a || typeof a !== 'object')
    throw new QuantInputError(
      'terms.amortization: {notionals[], redemptions[]?, payment_lag?} required',
      'terms.amortization',
    )
  const notionals = numbers(a, 'notionals')
  const periods = schedule.dates.length - 1
  require(notionals !== undefined && notionals.length === periods, () =>
    `terms.amortization.notionals: one notional per coupon period required (${periods} periods, ` +
    `${notionals?.length ?? 0} notionals)`, 'terms.amortization.notionals')
  require(notionals.every(
    (n) => n > 0,
  ), 'terms.amortization.notionals: notionals must be positive', 'terms.amortization.notionals')
  require(Math.abs(notionals[0] - face) <= 1e-9 * face, () =>
    `terms.amortization.notionals: the first notional (${notionals[0]}) must equal ` +
    `face_value (${face})`, 'terms.amortization.notionals')
  const lag = a.payment_lag === undefined || a.payment_lag === null ? 0 : Number(a.payment_lag)
  require(Number.isInteger(lag) &&
    lag >= 0, 'terms.amortization.payment_lag: a non-negative integer required', 'terms.amortization.payment_lag')
  return { notionals, redemptions: numbers(a, 'redemptions') ?? [100], paymentLag: lag }
}

/** A fixed-rate family bond (FixedRateBond, the callable's underlying leg, AmortizingFixedRateBond). */
export function rebuildFixedRateBond(type: string, terms: Terms, c: Readonly<CommonTerms> = commonTerms(terms)): Bond {
  const schedule = bondSchedule(terms, c)
  const rates = couponRates(terms)
  const amort = type === 'AmortizingFixedRateBond' ? amortization(terms, schedule, c.face) : null
  const redemption =
    terms.redemption === undefined ? 100 : field(terms, 'redemption', isNonNegative, 'a non-negative number')
  return fixedRateBond({
    settlementDays: c.settlementDays,
    notionals: amort ? amort.notionals : [c.face],
    schedule,
    coupons: rates,
    dayCounter: c.dayCounter,
    firstPeriodDayCounter: c.firstPeriodDayCounter,
    paymentConvention: c.paymentConvention,
    paymentCalendar: c.paymentCalendar,
    paymentLag: amort?.paymentLag ?? 0,
    redemptions: amort ? amort.redemptions : [redemption],
    issueDate: c.issue,
    exCoupon: exCoupon(terms, c),
  })
}

/**
 * The fixed-rate bond redeemed at `date` at `price` per 100 (a yield to call, design §6.1): the bond's terms, its
 * schedule's dates before `date` followed by `date`, the last period regular only when `date` is a schedule date.
 */
export function callRedemptionBond(
  terms: Terms,
  date: DateSerial,
  price: number,
  c: Readonly<CommonTerms> = commonTerms(terms),
): Bond {
  const schedule = bondSchedule(terms, c)
  const before = schedule.dates.filter((d) => d < date)
  require(before.length > 0, () =>
    `terms.callability: the call on ${toIso(date)} is not after the first schedule date`, 'terms.callability')
  const onSchedule = schedule.dates.includes(date)
  const earlier =
    schedule.isRegular.length > 0 ? schedule.isRegular.slice(0, before.length - 1) : before.slice(1).map(() => true)
  const truncated = scheduleFromDates([...before, date], {
    calendar: schedule.calendar,
    convention: schedule.convention,
    terminationConvention: schedule.terminationConvention,
    // an irregular last period accrues on a reference period one tenor long
    tenor: schedule.tenor ?? couponTenor(terms),
    rule: schedule.rule,
    endOfMonth: schedule.endOfMonth ?? false,
    isRegular: [...earlier, onSchedule],
  })
  return fixedRateBond({
    settlementDays: c.settlementDays,
    notionals: [c.face],
    schedule: truncated,
    coupons: couponRates(terms),
    dayCounter: c.dayCounter,
    firstPeriodDayCounter: c.firstPeriodDayCounter,
    paymentConvention: c.paymentConvention,
    paymentCalendar: c.paymentCalendar,
    redemptions: [price],
    issueDate: c.issue,
    exCoupon: exCoupon(terms, c),
  })
}

export function rebuildZeroCouponBond(terms: Terms, c: Readonly<CommonTerms> = commonTerms(terms)): Bond {
  const redemption =
    terms.redemption_pct === undefined ? 100 : field(terms, 'redemption_pct', isNonNegative, 'a non-negative number')
  return zeroCouponBond({
    settlementDays: c.settlementDays,
    calendar: c.calendar,
    faceAmount: c.face,
    maturityDate: c.maturity,
    paymentConvention: c.paymentConvention,
    redemption,
    issueDate: c.issue,
  })
}

/** The floating leg's terms as IborLeg options (shared by the rebuilt bond and fixings availability). */
/**
 * Why an index of this tenor cannot fix an Ibor coupon, or null: an Ibor coupon fixes once for its period, so an
 * index shorter than a week is an overnight index, whose coupons compound daily fixings: its conventions must say so
 * (`index_kind: "overnight"`), or an Ibor floater on it would fix each coupon from a single overnight fixing.
 */
export function iborTenorIssue(index: string, tenor: Period | string): string | null {
  if (typeof tenor === 'string') {
    // a tenor that is no period is the conventions' own error (indexConventionIssue)
    try {
      tenor = parsePeriod(tenor)
    } catch {
      return null
    }
  }
  if (tenor.unit !== 'Days' || tenor.length >= 7) return null
  return (
    `index '${index}' has tenor ${tenor.length}D: an index shorter than one week is an overnight index, not an ` +
    `Ibor index (an Ibor floater on it would fix each coupon from a single overnight fixing); give its conventions ` +
    `"index_kind": "overnight" (tenor 1D, fixing_days 0) to compound its daily fixings, or use an Ibor index of the ` +
    `coupon's tenor`
  )
}

function floatingLegTerms(type: string, terms: Terms, index: IborIndex, c: Readonly<CommonTerms>) {
  if (!index.overnight) {
    const issue = iborTenorIssue(index.name, index.tenor)
    if (issue !== null) throw new QuantInputError(issue, 'index.tenor')
  }
  const schedule = bondSchedule(terms, c)
  const amort = type === 'AmortizingFloatingRateBond' ? amortization(terms, schedule, c.face) : null
  const spread = field(terms, 'spread', isNumber, 'a number')
  const fixingDays = optional(terms, 'fixing_days')
  const overnight = overnightTerms(terms, index, amort?.paymentLag ?? 0)
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
    overnight,
  }
}

const OVERNIGHT_REFUSED = ['caps', 'floors', 'in_arrears', 'fixing_days'] as const

/**
 * A floater's overnight terms with their defaults (design §4.2), undefined on an Ibor index; what an overnight coupon
 * cannot honour is refused: caps, floors, in arrears and fixing days, and an amortization payment lag other than its
 * own.
 */
function overnightTerms(terms: Terms, index: IborIndex, amortizationLag: number): OvernightTerms | undefined {
  const o = optional(terms, 'overnight')
  if (!index.overnight) {
    if (o !== undefined)
      throw new QuantInputError(
        `terms.overnight: index '${index.name}' is not an overnight index (its conventions' index_kind is not ` +
          `"overnight"); remove overnight or use an overnight index`,
        'terms.overnight',
      )
    return undefined
  }
  for (const name of OVERNIGHT_REFUSED) {
    const v = optional(terms, name)
    const empty = v === undefined || v === false || (Array.isArray(v) && v.length === 0)
    if (!empty)
      throw new QuantInputError(
        `terms.${name}: an overnight-compounded coupon on '${index.name}' takes no ${name.replace('_', ' ')} ` +
          `(design §4.2); remove it`,
        `terms.${name}`,
      )
  }
  const intOf = (name: 'lookback_days' | 'lockout_days' | 'payment_lag'): number => {
    const v = o?.[name]
    if (v === undefined || v === null) return 0
    require(Number.isInteger(v) && v >= 0 && v <= 30, () =>
      `terms.overnight.${name}: an integer from 0 to 30 required`, `terms.overnight.${name}`)
    return v
  }
  const averaging = o?.averaging ?? 'Compound'
  require(averaging === 'Compound' || averaging === 'Simple', () =>
    `terms.overnight.averaging: Compound or Simple, not '${String(averaging)}'`, 'terms.overnight.averaging')
  const paymentLag = intOf('payment_lag')
  require(amortizationLag === 0 || amortizationLag === paymentLag, () =>
    `terms.amortization.payment_lag (${amortizationLag}) differs from terms.overnight.payment_lag (${paymentLag}): ` +
    'an overnight floater pays on overnight.payment_lag; give it there', 'terms.amortization.payment_lag')
  return {
    averaging,
    lookbackDays: intOf('lookback_days'),
    lockoutDays: intOf('lockout_days'),
    observationShift: o?.observation_shift === true,
    paymentLag: Math.max(paymentLag, amortizationLag),
  }
}

/** A floater's schedule, coupon dates and checks from its terms: what its bumped re-forecasts share (risk.ts). */
export function planFloatingRateBond(
  type: string,
  terms: Terms,
  index: IborIndex,
  common: Readonly<CommonTerms> = commonTerms(terms),
): FloatingRateBondPlan {
  const { c, amort, leg, overnight } = floatingLegTerms(type, terms, index, common)
  const redemption =
    terms.redemption === undefined ? 100 : field(terms, 'redemption', isNonNegative, 'a non-negative number')
  return floatingRateBondPlan({
    ...leg,
    overnight,
    settlementDays: c.settlementDays,
    notionals: amort ? amort.notionals : [c.face],
    paymentDayCounter: c.dayCounter,
    redemptions: amort ? amort.redemptions : [redemption],
    issueDate: c.issue,
    exCoupon: exCoupon(terms, c),
  })
}

/** Fixing and payment dates of a floater's coupons, from the same terms as its rebuilt bond. */
export function floatingCouponDates(
  type: string,
  terms: Terms,
  index: IborIndex,
): { fixingDate: DateSerial; paymentDate: DateSerial }[] {
  const { leg, overnight } = floatingLegTerms(type, terms, index, commonTerms(terms))
  if (overnight)
    return overnightCouponDates(
      overnightLegPlan({ ...leg, paymentDayCounter: commonTerms(terms).dayCounter, notionals: [1], overnight }),
    )
  return iborCouponDates(leg)
}

/**
 * What the loader warns about in terms it accepts: a bond without a stored schedule is generated Forward from
 * issue_date (design §4), where the market rolls most bonds Backward from maturity; when that gives it an irregular
 * coupon period that a Backward schedule would not have, its coupons are probably not the bond's.
 */
export function scheduleWarnings(type: string, terms: Terms): { field: string; message: string }[] {
  if (type === 'ZeroCouponBond' || optional(terms, 'schedule') !== undefined) return []
  const c = commonTerms(terms)
  const forward = bondSchedule(terms, c)
  const irregular = forward.isRegular.findIndex((regular) => !regular)
  if (irregular < 0) return []
  const backward = makeSchedule({
    effective: c.issue,
    termination: c.maturity,
    tenor: couponTenor(terms),
    calendar: c.calendar,
    convention: c.convention,
    terminationConvention: c.convention,
    rule: 'Backward',
    endOfMonth: false,
  })
  const backwardIrregular = backward.isRegular.filter((regular) => !regular).length
  if (backwardIrregular >= forward.isRegular.filter((regular) => !regular).length) return []
  const period = `${toIso(forward.dates[irregular])} to ${toIso(forward.dates[irregular + 1])}`
  return [
    {
      field: 'schedule',
      message:
        `schedule is null, so the coupons are generated Forward from issue_date, which makes the period ${period} ` +
        `irregular; a schedule rolled Backward from maturity_date would not have it ` +
        `(${backwardIrregular === 0 ? 'every period regular' : 'a stub at issue only'}). Most bonds roll back from ` +
        `maturity: write "schedule": {"rule": "Backward"} (with "end_of_month": true for a month-end bond) if that ` +
        `is this bond's schedule`,
    },
  ]
}

/** Checks terms without market data (what the loader runs): codes, calendars, schedule, amortization length, sizes. */
export function validateBondTerms(type: string, terms: Terms): void {
  if (type === 'ZeroCouponBond') rebuildZeroCouponBond(terms)
  else if (type === 'CPIBond') {
    const c = commonTerms(terms)
    field(terms, 'inflation_index_uid', isString, 'an index uid')
    // its schedule and fields, on an index with nothing published (the market data is checked when it prices)
    cpiBondOptions(
      terms,
      {
        name: 'probe',
        availabilityLag: { length: 1, unit: 'Months' },
        interpolated: false,
        history: new Map(),
        curve: null,
      },
      c,
    )
  } else if (isFloatingType(type)) {
    const c = commonTerms(terms)
    const schedule = bondSchedule(terms, c)
    field(terms, 'floating_rate_index_uid', isString, 'an index uid')
    field(terms, 'spread', isNumber, 'a number')
    if (type === 'AmortizingFloatingRateBond') amortization(terms, schedule, c.face)
  } else {
    const c = commonTerms(terms)
    const bond = rebuildFixedRateBond(type, terms, c)
    if (type === 'CallableFixedRateBond') {
      const issue = c.issue
      checkCallableTree(bond, terms, new FlatForward(issue, 0.03, actual365Fixed), issue)
    }
  }
}

const CPI_INTERPOLATIONS = ['Flat', 'Linear', 'AsIndex'] as const

/** A CPI bond's terms as CPIBond options on its index (design §4.2), checked field by field. */
export function cpiBondOptions(
  terms: Terms,
  index: ZeroInflationIndex,
  c: Readonly<CommonTerms> = commonTerms(terms),
): CpiBondOptions {
  const interpolation = terms.interpolation
  require(CPI_INTERPOLATIONS.includes(interpolation as never), () =>
    `terms.interpolation: Flat, Linear or AsIndex, not '${String(interpolation)}'`, 'terms.interpolation')
  const lag = parsePeriod(field(terms, 'observation_lag', isString, 'a period such as 3M'), 'terms.observation_lag')
  return {
    settlementDays: c.settlementDays,
    faceAmount: c.face,
    growthOnly: terms.growth_only === true,
    baseCpi: field(terms, 'base_cpi', (v): v is number => isNumber(v) && v > 0, 'a positive number'),
    observationLag: lag,
    index,
    interpolation: interpolation as CpiInterpolation,
    schedule: bondSchedule(terms, c),
    couponRate: field(terms, 'coupon_rate', isNonNegative, 'a non-negative number'),
    dayCounter: c.dayCounter,
    paymentConvention: c.paymentConvention,
    issueDate: c.issue,
    paymentCalendar: c.paymentCalendar,
    exCoupon: exCoupon(terms, c),
  }
}
