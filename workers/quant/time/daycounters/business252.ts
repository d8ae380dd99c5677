/**
 * Business/252 (ql/time/daycounters/business252.cpp, QuantLib 1.29): business days of a calendar over 252.
 * QuantLib's count is Calendar::businessDaysBetween(d1, d2) — [d1, d2) going forward, minus (d2, d1] going
 * backward — assembled from per-month and per-year figures it caches by calendar name. Here the caller keeps
 * the same figures per calendar object (a fixed-size table each, in its TimeWorkspace: time/workspace.ts), so a
 * 50-year fraction adds ~50 yearly figures and at most ~90 single days instead of walking 18,000 dates; without
 * them a count walks its dates (the same number).
 */
import type { DateSerial, Time } from '../../types.ts'
import type { Calendar } from '../calendar.ts'
import type { DayCounter } from '../day-counter.ts'
import { MAX_SERIAL, fromYmd, toYmd } from '../date.ts'
import type { BusinessDayFigures, TimeWorkspace } from '../workspace.ts'

const FIRST_YEAR = 1901
const YEARS = 2199 - FIRST_YEAR + 1

/** An empty table of figures (every month and year unknown), for a TimeWorkspace to fill. */
export function businessDayFigures(): BusinessDayFigures {
  return { months: new Int16Array(YEARS * 12).fill(-1), years: new Int16Array(YEARS).fill(-1) }
}

const monthIndex = (d: DateSerial) => {
  const { year, month } = toYmd(d)
  return (year - FIRST_YEAR) * 12 + month - 1
}
const firstOfMonth = (index: number) => fromYmd(FIRST_YEAR + Math.floor(index / 12), (index % 12) + 1, 1)
// the month after December 2199 starts one past QuantLib's last date
const firstOfNextMonth = (index: number) => (index + 1 === YEARS * 12 ? MAX_SERIAL + 1 : firstOfMonth(index + 1))

/** business days in [from, to), one date at a time */
function walk(calendar: Calendar, from: DateSerial, to: DateSerial): number {
  let n = 0
  for (let d = from; d < to; d++) if (calendar.isBusinessDay(d)) n++
  return n
}

function monthFigure(calendar: Calendar, f: BusinessDayFigures, index: number): number {
  let n = f.months[index]
  if (n < 0) {
    n = walk(calendar, firstOfMonth(index), firstOfNextMonth(index))
    f.months[index] = n
  }
  return n
}

function yearFigure(calendar: Calendar, f: BusinessDayFigures, yearIndex: number): number {
  let n = f.years[yearIndex]
  if (n < 0) {
    n = 0
    for (let m = 0; m < 12; m++) n += monthFigure(calendar, f, yearIndex * 12 + m)
    f.years[yearIndex] = n
  }
  return n
}

/**
 * business days in [from, to), from < to: partial first month, whole years or months, partial last month (the
 * whole ones from `f`, filled as they are first asked for); without figures, every date is walked
 */
function countForward(calendar: Calendar, f: BusinessDayFigures | undefined, from: DateSerial, to: DateSerial): number {
  if (f === undefined) return walk(calendar, from, to)
  const first = monthIndex(from)
  const last = monthIndex(to - 1)
  if (first === last) return walk(calendar, from, to)
  let n = walk(calendar, from, firstOfMonth(first + 1))
  let i = first + 1
  while (i < last) {
    if (i % 12 === 0 && i + 12 <= last) {
      n += yearFigure(calendar, f, i / 12)
      i += 12
    } else {
      n += monthFigure(calendar, f, i)
      i++
    }
  }
  return n + walk(calendar, firstOfMonth(last), to)
}

/**
 * QuantLib's Business252(calendar). `figures`: the calendar's monthly and yearly business days, owned by the caller
 * (a TimeWorkspace keeps one table per calendar: business252In); without them each count walks its dates.
 */
export function business252(calendar: Calendar, figures?: BusinessDayFigures): DayCounter {
  const dayCount = (d1: DateSerial, d2: DateSerial): number => {
    if (d1 === d2) return 0
    if (d1 < d2) return countForward(calendar, figures, d1, d2)
    // backward QuantLib counts (d2, d1], not [d2, d1)
    return -countForward(calendar, figures, d2 + 1, d1 + 1)
  }
  return Object.freeze({
    name: `Business/252(${calendar.name})`,
    dayCount,
    yearFraction: (d1: DateSerial, d2: DateSerial): Time => dayCount(d1, d2) / 252,
  })
}

/** Business252 on `calendar` with its figures kept in `workspace`: one counter per calendar and workspace. */
export function business252In(calendar: Calendar, workspace: TimeWorkspace): DayCounter {
  let dc = workspace.business252.get(calendar)
  if (dc === undefined) {
    let figures = workspace.businessDays.get(calendar)
    if (figures === undefined) {
      figures = businessDayFigures()
      workspace.businessDays.set(calendar, figures)
    }
    dc = business252(calendar, figures)
    workspace.business252.set(calendar, dc)
  }
  return dc
}
