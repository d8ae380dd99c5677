/**
 * The calendar concept (ql/time/calendar.hpp). Implementations live in `calendars/`, one market per file; each
 * supplies only a name, its weekend and `isBusinessDay`. Adjustment and advancing are shared functions here,
 * with QuantLib 1.29's semantics.
 */
import type { DateSerial } from '../types.ts'
import { QuantInputError } from '../errors.ts'
import {
  MAX_SERIAL,
  Saturday,
  Sunday,
  addMonths,
  endOfMonth as dateEndOfMonth,
  inDateRange,
  toYmd,
  weekday,
  fromYmd,
} from './date.ts'
import type { BusinessDayConvention } from './business-day-convention.ts'
import type { Period, TimeUnit } from './period.ts'
import type { TimeWorkspace } from './workspace.ts'

export interface Calendar {
  readonly name: string
  isBusinessDay(d: DateSerial): boolean
  /** weekday numbering as time/date.ts (1 = Sunday ... 7 = Saturday) */
  isWeekend(weekday: number): boolean
}

export const isWesternWeekend = (w: number) => w === Saturday || w === Sunday

/**
 * A calendar from its holiday rule: `isBusinessDay` evaluates the rule on each call and remembers nothing, so a
 * calendar of the registry is a constant. A caller that asks about the same dates again and again (every rebuild
 * of a bond) gives calendarFromTerms a TimeWorkspace, whose calendars remember (rememberingCalendar).
 */
export function ruleCalendar(
  name: string,
  rule: (d: DateSerial) => boolean,
  isWeekend: (w: number) => boolean = isWesternWeekend,
): Calendar {
  return Object.freeze({ name, isWeekend, isBusinessDay: rule })
}

/**
 * The same calendar, remembering each date's answer in a byte array over the whole QuantLib date range (0:
 * unknown, 1: business day, 2: holiday), allocated on first use: `calendar`'s rule runs once per date. The view
 * and its memo belong to whoever made it (a TimeWorkspace: time/workspace.ts); the answers are `calendar`'s.
 */
export function rememberingCalendar(calendar: Calendar): Calendar {
  let memo: Uint8Array | undefined
  return Object.freeze({
    name: calendar.name,
    isWeekend: calendar.isWeekend,
    isBusinessDay(d: DateSerial): boolean {
      memo ??= new Uint8Array(MAX_SERIAL + 2)
      const known = memo[d]
      if (known !== 0 && known !== undefined) return known === 1
      const business = calendar.isBusinessDay(d)
      memo[d] = business ? 1 : 2
      return business
    },
  })
}

/**
 * `calendar` remembering its answers in `workspace` (one view per calendar and workspace), or `calendar` itself without
 * one.
 */
export function calendarIn(calendar: Calendar, workspace: TimeWorkspace | undefined): Calendar {
  if (workspace === undefined) return calendar
  let view = workspace.calendars.get(calendar)
  if (view === undefined) {
    view = rememberingCalendar(calendar)
    workspace.calendars.set(calendar, view)
  }
  return view
}

/**
 * The calendars of one QuantLib calendar class (ql/time/calendars/<country>.hpp): its markets by the name of
 * QuantLib's `Market` enum, and the market its constructor defaults to. A class without markets (Japan) has
 * one market keyed ''. Registered in calendars/index.ts, which spells them `Country::Market` (or `Country`).
 */
export interface CalendarFamily {
  /** QuantLib's class name: 'Canada', 'UnitedStates', 'TARGET' */
  readonly country: string
  readonly markets: Readonly<Record<string, Calendar>>
  /** the market of QuantLib's default constructor argument ('' for a class without markets) */
  readonly defaultMarket: string
  /** further spellings of a market (alias → market key), e.g. { SIFMA: 'GovernmentBond' } */
  readonly aliases?: Readonly<Record<string, string>>
}

/** A calendar QuantLib 1.29 defines only for some years fails on the others, as QuantLib's does (QL_FAIL). */
export function unknownYear(calendarName: string, year: number): never {
  throw new QuantInputError(`${calendarName} calendar for the year ${year} does not exist`, 'calendar')
}

/** Day of the year of Western Easter Monday (Gregorian computus: QuantLib's Calendar::WesternImpl::easterMonday). */
function westernEasterMonday(year: number): number {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  const sunday = fromYmd(year, month, day)
  return sunday + 1 - fromYmd(year, 1, 1) + 1
}

/** Western Easter Monday of 1901..2199, computed when the module loads (299 years of a few divisions). */
const EASTER_MONDAYS: readonly number[] = Array.from({ length: 2199 - 1901 + 1 }, (_, i) =>
  westernEasterMonday(1901 + i),
)

/** Day of the year of Western Easter Monday (Gregorian computus). */
export function easterMonday(year: number): number {
  // outside QuantLib's years (or not a whole year) the computus answers, and fails as it always did
  return EASTER_MONDAYS[year - 1901] ?? westernEasterMonday(year)
}

/** The fields holiday rules use, computed once per date. */
export interface DateParts {
  d: number
  m: number
  y: number
  w: number
  /** day of the year */
  dd: number
}

export function dateParts(serial: DateSerial): DateParts {
  const { year, month, day } = toYmd(serial)
  return { d: day, m: month, y: year, w: weekday(serial), dd: serial - fromYmd(year, 1, 1) + 1 }
}

export const isHoliday = (cal: Calendar, d: DateSerial) => !cal.isBusinessDay(d)

/** QuantLib's Calendar::adjust. */
export function adjust(cal: Calendar, d: DateSerial, c: BusinessDayConvention = 'Following'): DateSerial {
  if (c === 'Unadjusted') return d
  let d1 = d
  if (c === 'Following' || c === 'ModifiedFollowing' || c === 'HalfMonthModifiedFollowing') {
    while (!cal.isBusinessDay(d1)) d1++
    // a business day stays where it is, in its own month and half-month
    if (c !== 'Following' && d1 !== d) {
      const m = toYmd(d)
      const m1 = toYmd(d1)
      if (m1.month !== m.month) return adjust(cal, d, 'Preceding')
      if (c === 'HalfMonthModifiedFollowing' && m.day <= 15 && m1.day > 15) return adjust(cal, d, 'Preceding')
    }
  } else if (c === 'Preceding' || c === 'ModifiedPreceding') {
    while (!cal.isBusinessDay(d1)) d1--
    if (c === 'ModifiedPreceding' && d1 !== d && toYmd(d1).month !== toYmd(d).month) return adjust(cal, d, 'Following')
  } else if (c === 'Nearest') {
    let d2 = d
    while (!cal.isBusinessDay(d1) && !cal.isBusinessDay(d2)) {
      d1++
      d2--
    }
    return cal.isBusinessDay(d1) ? d1 : d2
  } else {
    throw new QuantInputError(`unknown business-day convention ${String(c)}`)
  }
  return d1
}

/** QuantLib's Calendar::isEndOfMonth: the last business day of its month. */
export function isEndOfMonth(cal: Calendar, d: DateSerial): boolean {
  return toYmd(d).month !== toYmd(adjust(cal, d + 1)).month
}

/** QuantLib's Calendar::endOfMonth: the last business day of the month. */
export function endOfMonth(cal: Calendar, d: DateSerial): DateSerial {
  return adjust(cal, dateEndOfMonth(d), 'Preceding')
}

/** QuantLib's Calendar::advance. */
export function advance(
  cal: Calendar,
  d: DateSerial,
  n: number,
  unit: TimeUnit,
  c: BusinessDayConvention = 'Following',
  endOfMonthRule = false,
): DateSerial {
  if (n === 0) return adjust(cal, d, c)
  if (unit === 'Days') {
    let d1 = d
    if (n > 0) {
      while (n > 0) {
        d1++
        while (!cal.isBusinessDay(d1)) d1++
        n--
      }
    } else {
      while (n < 0) {
        d1--
        while (!cal.isBusinessDay(d1)) d1--
        n++
      }
    }
    return inDateRange(d1)
  }
  if (unit === 'Weeks') return adjust(cal, d + 7 * n, c)
  const d1 = addMonths(d, unit === 'Years' ? 12 * n : n)
  if (endOfMonthRule && isEndOfMonth(cal, d)) return endOfMonth(cal, d1)
  return adjust(cal, d1, c)
}

export function advanceByPeriod(
  cal: Calendar,
  d: DateSerial,
  p: Period,
  c: BusinessDayConvention = 'Following',
  endOfMonthRule = false,
): DateSerial {
  return advance(cal, d, p.length, p.unit, c, endOfMonthRule)
}

/** QuantLib's Calendar::businessDaysBetween. */
export function businessDaysBetween(
  cal: Calendar,
  from: DateSerial,
  to: DateSerial,
  includeFirst = true,
  includeLast = false,
): number {
  let wd = 0
  if (from !== to) {
    if (from < to) {
      for (let d = from; d < to; d++) if (cal.isBusinessDay(d)) wd++
      if (cal.isBusinessDay(to)) wd++
    } else {
      for (let d = to; d < from; d++) if (cal.isBusinessDay(d)) wd++
      if (cal.isBusinessDay(from)) wd++
    }
    if (cal.isBusinessDay(from) && !includeFirst) wd--
    if (cal.isBusinessDay(to) && !includeLast) wd--
    if (from > to) wd = -wd
  } else if (includeFirst && includeLast && cal.isBusinessDay(from)) {
    wd = 1
  }
  return wd
}
