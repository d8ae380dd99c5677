/**
 * Coupon schedules exactly as QuantLib 1.29's Schedule: rule-based generation (every DateGeneration rule: Backward,
 * Forward, Zero, the third-Wednesday and the twentieth/CDS rules) with end-of-month, first and next-to-last dates
 * (stubs) and regularity flags, or a schedule from explicit dates (authoritative). Options objects replace
 * QuantLib's MakeSchedule builder.
 */
import type { DateSerial } from '../types.ts'
import { QuantInputError, require } from '../errors.ts'
import { Wednesday, addMonths, endOfMonth as dateEndOfMonth, fromYmd, month, nthWeekday, toIso, year } from './date.ts'
import { adjust, advanceByPeriod, endOfMonth, isEndOfMonth, type Calendar } from './calendar.ts'
import { nullCalendar } from './calendars/null-calendar.ts'
import { isImmDate } from './imm.ts'
import type { BusinessDayConvention } from './business-day-convention.ts'
import type { Period } from './period.ts'

/** QuantLib's DateGeneration::Rule, in its enum order. */
export const DATE_GENERATION_RULES = [
  'Backward',
  'Forward',
  'Zero',
  'ThirdWednesday',
  'ThirdWednesdayInclusive',
  'Twentieth',
  'TwentiethIMM',
  'OldCDS',
  'CDS',
  'CDS2015',
] as const
export type DateGenerationRule = (typeof DATE_GENERATION_RULES)[number]

export interface Schedule {
  dates: DateSerial[]
  /** isRegular[i-1] tells whether the period (dates[i-1], dates[i]) is regular; empty when unknown */
  isRegular: boolean[]
  calendar: Calendar
  convention: BusinessDayConvention
  terminationConvention: BusinessDayConvention
  tenor: Period | null
  rule: DateGenerationRule | null
  endOfMonth: boolean | null
}

export interface ScheduleOptions {
  effective: DateSerial
  termination: DateSerial
  tenor: Period
  calendar: Calendar
  convention?: BusinessDayConvention
  terminationConvention?: BusinessDayConvention
  rule?: DateGenerationRule
  endOfMonth?: boolean
  firstDate?: DateSerial
  nextToLastDate?: DateSerial
}

const allowsEndOfMonth = (tenor: Period) => (tenor.unit === 'Months' || tenor.unit === 'Years') && tenor.length >= 1
const negate = (p: Period, n: number): Period => ({ length: -n * p.length, unit: p.unit })
const times = (p: Period, n: number): Period => ({ length: n * p.length, unit: p.unit })

/** Rules whose dates after the effective date fall on the 20th of a month. */
const isTwentiethRule = (r: DateGenerationRule) =>
  r === 'Twentieth' || r === 'TwentiethIMM' || r === 'OldCDS' || r === 'CDS' || r === 'CDS2015'
/** Twentieth rules restricted to the IMM months (March, June, September, December). */
const isImmTwentiethRule = (r: DateGenerationRule) => isTwentiethRule(r) && r !== 'Twentieth'
/**
 * The standard CDS rules: they start on the 20th on or before the effective date and keep the termination unadjusted.
 */
const isCdsRule = (r: DateGenerationRule) => r === 'CDS' || r === 'CDS2015'

/** The first 20th on or after d (in an IMM month for the IMM rules). */
function nextTwentieth(d: DateSerial, rule: DateGenerationRule): DateSerial {
  let result = fromYmd(year(d), month(d), 20)
  if (result < d) result = addMonths(result, 1)
  const m = month(result)
  if (isImmTwentiethRule(rule) && m % 3 !== 0) result = addMonths(result, 3 - (m % 3))
  return result
}

/** The last 20th on or before d (in an IMM month for the IMM rules). */
function previousTwentieth(d: DateSerial, rule: DateGenerationRule): DateSerial {
  let result = fromYmd(year(d), month(d), 20)
  if (result > d) result = addMonths(result, -1)
  const m = month(result)
  if (isImmTwentiethRule(rule) && m % 3 !== 0) result = addMonths(result, -(m % 3))
  return result
}

/**
 * QuantLib's Schedule(effective, termination, tenor, calendar, convention, terminationConvention, rule, eom, first,
 * nextToLast).
 */
export function makeSchedule(o: ScheduleOptions): Schedule {
  const convention = o.convention ?? 'Following'
  const terminationConvention = o.terminationConvention ?? convention
  const cal = o.calendar
  let tenor = o.tenor
  let rule: DateGenerationRule = o.rule ?? 'Backward'
  const eom = allowsEndOfMonth(tenor) ? (o.endOfMonth ?? false) : false
  const effective = o.effective
  const termination = o.termination
  const first = o.firstDate === effective ? undefined : o.firstDate
  const nextToLast = o.nextToLastDate === termination ? undefined : o.nextToLastDate

  // ---- requirements, in QuantLib's order
  require(effective < termination, () =>
    `effective date (${toIso(effective)}) later than or equal to termination date (${toIso(termination)})`, 'schedule')
  if (tenor.length === 0) rule = 'Zero'
  else
    require(tenor.length > 0, () =>
      `non positive tenor (${tenor.length}${tenor.unit[0]}) not allowed`, 'schedule.tenor')

  if (first !== undefined) {
    if (rule === 'Backward' || rule === 'Forward') {
      require(first > effective && first <= termination, () =>
        `first date (${toIso(first)}) out of effective-termination date range (${toIso(effective)}, ` +
        `${toIso(termination)}]`, 'schedule.first_date')
    } else if (rule === 'ThirdWednesday') {
      // only the IMM check: QuantLib does not range-check a ThirdWednesday first date
      require(isImmDate(first, false), () => `first date (${toIso(first)}) is not an IMM date`, 'schedule.first_date')
    } else if (rule === 'ThirdWednesdayInclusive') {
      // QuantLib 1.29's switch forgot this rule and fails with "unknown rule (4)"
      throw new QuantInputError(
        'first date not supported with the ThirdWednesdayInclusive date generation rule (QuantLib 1.29: unknown rule)',
        'schedule.first_date',
      )
    } else {
      throw new QuantInputError(`first date incompatible with ${rule} date generation rule`, 'schedule.first_date')
    }
  }
  if (nextToLast !== undefined) {
    if (rule === 'Backward' || rule === 'Forward') {
      require(nextToLast >= effective && nextToLast < termination, () =>
        `next to last date (${toIso(nextToLast)}) out of effective-termination date range [${toIso(effective)}, ` +
        `${toIso(termination)})`, 'schedule.next_to_last_date')
    } else if (rule === 'ThirdWednesday') {
      require(isImmDate(nextToLast, false), () =>
        `next-to-last date (${toIso(nextToLast)}) is not an IMM date`, 'schedule.next_to_last_date')
    } else if (rule === 'ThirdWednesdayInclusive') {
      throw new QuantInputError(
        'next to last date not supported with the ThirdWednesdayInclusive date generation rule (QuantLib 1.29: ' +
          'unknown rule)',
        'schedule.next_to_last_date',
      )
    } else {
      throw new QuantInputError(
        `next to last date incompatible with ${rule} date generation rule`,
        'schedule.next_to_last_date',
      )
    }
  }

  // only Backward and Forward roll month ends
  require(!(eom && rule !== 'Backward' && rule !== 'Forward' && rule !== 'Zero'), () =>
    `endOfMonth convention incompatible with ${rule} date generation rule`, 'schedule.end_of_month')
  // QuantLib 1.29 fails here too: its Zero rule leaves the end-of-month seed as the null date
  require(!(
    rule === 'Zero' && eom
  ), 'end of month is not supported with the Zero date generation rule (QuantLib 1.29 ' +
    'fails on it)', 'schedule.end_of_month')

  // ---- generation of the unadjusted dates
  const dates: DateSerial[] = []
  const isRegular: boolean[] = []
  const adj = (d: DateSerial) => adjust(cal, d, convention)
  const lastOf = () => dates[dates.length - 1]
  let seed: DateSerial = effective
  let periods = 1

  if (rule === 'Zero') {
    tenor = { length: 0, unit: 'Years' }
    dates.push(effective, termination)
    isRegular.push(true)
  } else if (rule === 'Backward') {
    dates.push(termination)
    seed = termination
    if (nextToLast !== undefined) {
      dates.push(nextToLast)
      const temp = advanceByPeriod(nullCalendar, seed, negate(tenor, periods), convention, eom)
      isRegular.push(temp === nextToLast)
      seed = nextToLast
    }
    const exit = first ?? effective
    for (;;) {
      const temp = advanceByPeriod(nullCalendar, seed, negate(tenor, periods), convention, eom)
      if (temp < exit) {
        if (first !== undefined && adj(lastOf()) !== adj(first)) {
          dates.push(first)
          isRegular.push(false)
        }
        break
      }
      // skip dates that would be duplicates after adjustment
      if (adj(lastOf()) !== adj(temp)) {
        dates.push(temp)
        isRegular.push(true)
      }
      periods++
    }
    if (adj(lastOf()) !== adj(effective)) {
      dates.push(effective)
      isRegular.push(false)
    }
    dates.reverse()
    isRegular.reverse()
  } else {
    // every other rule generates forward
    if (isCdsRule(rule)) {
      // CDS accrue from the IMM 20th on or before the effective date, one period earlier if that 20th rolls past it
      const prev20th = previousTwentieth(effective, rule)
      if (adj(prev20th) > effective) {
        dates.push(addMonths(prev20th, -3))
        isRegular.push(true)
      }
      dates.push(prev20th)
    } else {
      dates.push(effective)
    }
    seed = lastOf()

    if (first !== undefined) {
      dates.push(first)
      const temp = advanceByPeriod(nullCalendar, seed, times(tenor, periods), convention, eom)
      isRegular.push(temp === first)
      seed = first
    } else if (isTwentiethRule(rule)) {
      // the twentieth rules roll from the first 20th after the effective date (a short stub, regular for CDS)
      let next20th = nextTwentieth(effective, rule)
      // OldCDS wants at least 30 calendar days in the first period, else it takes the following 20th
      if (rule === 'OldCDS' && next20th - effective < 30) next20th = nextTwentieth(next20th + 1, rule)
      if (next20th !== effective) {
        dates.push(next20th)
        isRegular.push(isCdsRule(rule))
        seed = next20th
      }
    }

    const exit = nextToLast ?? termination
    for (;;) {
      const temp = advanceByPeriod(nullCalendar, seed, times(tenor, periods), convention, eom)
      if (temp > exit) {
        if (nextToLast !== undefined && adj(lastOf()) !== adj(nextToLast)) {
          dates.push(nextToLast)
          isRegular.push(false)
        }
        break
      }
      if (adj(lastOf()) !== adj(temp)) {
        dates.push(temp)
        isRegular.push(true)
      }
      periods++
    }

    if (adjust(cal, lastOf(), terminationConvention) !== adjust(cal, termination, terminationConvention)) {
      if (isTwentiethRule(rule)) {
        // the twentieth rules end on the 20th on or after the termination date, as a regular period
        dates.push(nextTwentieth(termination, rule))
        isRegular.push(true)
      } else {
        dates.push(termination)
        isRegular.push(false)
      }
    }
  }

  // ---- adjustments
  if (rule === 'ThirdWednesday') {
    for (let i = 1; i < dates.length - 1; i++) dates[i] = nthWeekday(3, Wednesday, month(dates[i]), year(dates[i]))
  } else if (rule === 'ThirdWednesdayInclusive') {
    for (let i = 0; i < dates.length; i++) dates[i] = nthWeekday(3, Wednesday, month(dates[i]), year(dates[i]))
  }

  const last = dates.length - 1
  if (eom && isEndOfMonth(cal, seed)) {
    for (let i = 1; i < last; i++)
      dates[i] = convention === 'Unadjusted' ? dateEndOfMonth(dates[i]) : endOfMonth(cal, dates[i])
    let d1 = dates[0]
    let d2 = dates[last]
    if (terminationConvention !== 'Unadjusted') {
      d1 = endOfMonth(cal, dates[0])
      d2 = endOfMonth(cal, dates[last])
    } else if (rule === 'Backward') {
      // the termination date is the first if going backwards, the last otherwise
      d2 = dateEndOfMonth(dates[last])
    } else {
      d1 = dateEndOfMonth(dates[0])
    }
    // an eom adjustment that collapses the schedule to a single date is not applied
    if (d1 !== d2) {
      dates[0] = d1
      dates[last] = d2
    }
  } else {
    // OldCDS keeps its effective date unadjusted
    if (rule !== 'OldCDS') dates[0] = adj(dates[0])
    for (let i = 1; i < last; i++) dates[i] = adj(dates[i])
    // the termination date is not adjusted (ISDA) unless a termination convention says so; never for CDS
    if (terminationConvention !== 'Unadjusted' && !isCdsRule(rule))
      dates[last] = adjust(cal, dates[last], terminationConvention)
  }

  // remove an extra next-to-last (or second) date that EOM adjustments made equal to or past its neighbour
  if (dates.length >= 2 && dates[dates.length - 2] >= dates[dates.length - 1]) {
    if (isRegular.length >= 2) isRegular[isRegular.length - 2] = dates[dates.length - 2] === dates[dates.length - 1]
    dates[dates.length - 2] = dates[dates.length - 1]
    dates.pop()
    isRegular.pop()
  }
  if (dates.length >= 2 && dates[1] <= dates[0]) {
    if (isRegular.length >= 2) isRegular[1] = dates[1] === dates[0]
    dates[1] = dates[0]
    dates.shift()
    isRegular.shift()
  }
  require(dates.length > 1, () => `degenerate single date (${toIso(dates[0])}) schedule`, 'schedule')
  return { dates, isRegular, calendar: cal, convention, terminationConvention, tenor, rule, endOfMonth: eom }
}

export interface ScheduleFromDatesOptions {
  calendar: Calendar
  convention?: BusinessDayConvention
  terminationConvention?: BusinessDayConvention
  tenor?: Period | null
  rule?: DateGenerationRule | null
  endOfMonth?: boolean | null
  isRegular?: boolean[]
}

/** QuantLib's Schedule(vector<Date>, ...): the dates are authoritative and taken as given. */
export function scheduleFromDates(dates: DateSerial[], o: ScheduleFromDatesOptions): Schedule {
  require(dates.length >= 2, () => `a schedule needs at least two dates, got ${dates.length}`, 'schedule.dates')
  for (let i = 1; i < dates.length; i++)
    require(dates[i] > dates[i - 1], () =>
      `schedule dates must increase: ${toIso(dates[i - 1])} then ${toIso(dates[i])}`, `schedule.dates[${i}]`)
  if (o.isRegular && o.isRegular.length)
    require(o.isRegular.length === dates.length - 1, () =>
      `isRegular must have one flag per period`, 'schedule.is_regular')
  const convention = o.convention ?? 'Unadjusted'
  return {
    dates: [...dates],
    isRegular: o.isRegular ? [...o.isRegular] : [],
    calendar: o.calendar,
    convention,
    terminationConvention: o.terminationConvention ?? convention,
    tenor: o.tenor ?? null,
    rule: o.rule ?? null,
    endOfMonth: o.endOfMonth ?? null,
  }
}

/** QuantLib's Schedule::previousDate: the last schedule date strictly before d (undefined if none). */
export function previousDate(s: Schedule, d: DateSerial): DateSerial | undefined {
  let found: DateSerial | undefined
  for (const x of s.dates) {
    if (x < d) found = x
    else break
  }
  return found
}

/** QuantLib's Schedule::nextDate: the first schedule date on or after d (undefined if none). */
export function nextDate(s: Schedule, d: DateSerial): DateSerial | undefined {
  return s.dates.find((x) => x >= d)
}
