/**
 * Dates as integer serial day numbers, identical to QuantLib's `Date::serial_type` (Excel-compatible: serial 367
 * is 1 January 1901). Never a JS Date: no time zones, no clock. Valid range as QuantLib: 1901-01-01..2199-12-31.
 */
import type { DateSerial } from '../types.ts'
import { DateRangeError, QuantInputError, require } from '../errors.ts'

export const MIN_SERIAL: DateSerial = 367 // 1901-01-01
export const MAX_SERIAL: DateSerial = 109574 // 2199-12-31

/** QuantLib weekday numbering: Sunday = 1 ... Saturday = 7. */
export const Sunday = 1
export const Monday = 2
export const Tuesday = 3
export const Wednesday = 4
export const Thursday = 5
export const Friday = 6
export const Saturday = 7

export interface Ymd {
  year: number
  month: number // 1..12
  day: number // 1..31
}

// Howard Hinnant's days-from-civil; day 0 = 1970-01-01, which is serial 25569.
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

const UNIX_EPOCH_SERIAL = 25569

export function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

const MONTH_LENGTH: readonly number[] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : MONTH_LENGTH[month - 1]
}

export function fromYmd(year: number, month: number, day: number): DateSerial {
  if (!(year >= 1901 && year <= 2199 && Number.isInteger(year)))
    throw new DateRangeError(`year ${year} out of bound. It must be in [1901,2199]`)
  if (!(month >= 1 && month <= 12 && Number.isInteger(month)))
    throw new QuantInputError(`month ${month} outside January-December range [1,12]`)
  if (!(day >= 1 && day <= daysInMonth(year, month) && Number.isInteger(day)))
    throw new QuantInputError(`day ${day} outside month (${month}) day-range`)
  return MONTH_START[(year - 1901) * 12 + month - 1] + day - 1
}

/**
 * Every date of QuantLib's range as tables, built when the module loads and never written after (~0.45 MB): each
 * serial's year·512 + month·32 + day, and each month's first serial. Schedules, calendars and day counts convert dates
 * to fields and back for every coupon, and the civil-calendar formulas below take eight divisions each way: a rebuilt
 * floater spent a tenth of its time in them. The tables hold the formulas' own results, so the answers are the same.
 */
function dateTables(): { monthStart: Int32Array; packedYmd: Int32Array } {
  const monthStart = new Int32Array((2199 - 1901 + 1) * 12)
  const packedYmd = new Int32Array(MAX_SERIAL + 1)
  for (let y = 1901; y <= 2199; y++) {
    for (let m = 1; m <= 12; m++) {
      const first = daysFromCivil(y, m, 1) + UNIX_EPOCH_SERIAL
      monthStart[(y - 1901) * 12 + m - 1] = first
      for (let d = 1, n = daysInMonth(y, m); d <= n; d++) packedYmd[first + d - 1] = (y << 9) | (m << 5) | d
    }
  }
  return { monthStart, packedYmd }
}
const TABLES: Readonly<{ monthStart: Readonly<Int32Array>; packedYmd: Readonly<Int32Array> }> = dateTables()
const MONTH_START: Readonly<Int32Array> = TABLES.monthStart
const PACKED_YMD: Readonly<Int32Array> = TABLES.packedYmd

export function toYmd(serial: DateSerial): Ymd {
  // 0 below the range, undefined above it or for a fraction: the formula then answers as it always did
  const packed = PACKED_YMD[serial]
  if (packed) return { year: packed >> 9, month: (packed >> 5) & 15, day: packed & 31 }
  return civilFromDays(serial)
}

/** Howard Hinnant's civil-from-days on serials: what the tables hold, and the answer outside QuantLib's range. */
function civilFromDays(serial: DateSerial): Ymd {
  const z = serial - UNIX_EPOCH_SERIAL + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp + (mp < 10 ? 3 : -9)
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  return { year, month, day }
}

export function year(serial: DateSerial): number {
  return toYmd(serial).year
}
export function month(serial: DateSerial): number {
  return toYmd(serial).month
}
export function dayOfMonth(serial: DateSerial): number {
  return toYmd(serial).day
}

/** 1 = Sunday ... 7 = Saturday (serial 1 = 1900-01-01 was a Monday in QuantLib's Excel-compatible count). */
export function weekday(serial: DateSerial): number {
  const w = serial % 7
  return w === 0 ? 7 : w
}

export function dayOfYear(serial: DateSerial): number {
  const { year: y } = toYmd(serial)
  return serial - (daysFromCivil(y, 1, 1) + UNIX_EPOCH_SERIAL) + 1
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The value of the ASCII digits text[from..to), or -1 when one of them is not a digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) - 48
    if (c < 0 || c > 9) return -1
    n = n * 10 + c
  }
  return n
}

/** Parses `YYYY-MM-DD` (a trailing time part such as `T00:00:00Z` is ignored: dates are days). */
export function fromIso(text: string, field = 'date'): DateSerial {
  // what ISO_DATE matches in the first ten characters, read without a regular expression
  const head = text.slice(0, 10)
  const y = head.length === 10 && head.charCodeAt(4) === 45 && head.charCodeAt(7) === 45 ? digits(head, 0, 4) : -1
  const mo = y < 0 ? -1 : digits(head, 5, 7)
  const d = mo < 0 ? -1 : digits(head, 8, 10)
  if (d < 0) return parseIso(text, field)
  require(y >= 1901 && y <= 2199 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo), () =>
    `${field}: '${text}' is not a valid date in 1901..2199`, field)
  return fromYmd(y, mo, d)
}

function parseIso(text: string, field: string): DateSerial {
  const m = ISO_DATE.exec(text.slice(0, 10))
  require(m !== null, () => `${field}: '${text}' is not an ISO date (YYYY-MM-DD)`, field)
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  require(y >= 1901 && y <= 2199 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo), () =>
    `${field}: '${text}' is not a valid date in 1901..2199`, field)
  return fromYmd(y, mo, d)
}

/** Fails with DateRangeError outside QuantLib's date range (serial arithmetic does not check it). */
export function inDateRange(serial: DateSerial): DateSerial {
  if (!(serial >= MIN_SERIAL && serial <= MAX_SERIAL))
    throw new DateRangeError(`date serial ${serial} is outside 1901-01-01..2199-12-31`)
  return serial
}

export function toIso(serial: DateSerial): string {
  const { year: y, month: m, day: d } = toYmd(serial)
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

export function endOfMonth(serial: DateSerial): DateSerial {
  const { year: y, month: m } = toYmd(serial)
  return fromYmd(y, m, daysInMonth(y, m))
}

export function isEndOfMonth(serial: DateSerial): boolean {
  return endOfMonth(serial) === serial
}

/** QuantLib's month arithmetic: the day is clamped to the length of the target month. */
export function addMonths(serial: DateSerial, months: number): DateSerial {
  const { year: y, month: m, day: d } = toYmd(serial)
  const total = y * 12 + (m - 1) + months
  const ny = Math.floor(total / 12)
  const nm = total - ny * 12 + 1
  if (ny < 1901 || ny > 2199) throw new DateRangeError(`year ${ny} out of bounds. It must be in [1901,2199]`)
  return fromYmd(ny, nm, Math.min(d, daysInMonth(ny, nm)))
}

export function addYears(serial: DateSerial, years: number): DateSerial {
  return addMonths(serial, 12 * years)
}

/** The n-th (1-based) given weekday of a month, e.g. the third Monday of January. */
export function nthWeekday(n: number, dayOfWeek: number, monthOfYear: number, yearNumber: number): DateSerial {
  const first = fromYmd(yearNumber, monthOfYear, 1)
  const skip = n - (dayOfWeek >= weekday(first) ? 1 : 0)
  return first + dayOfWeek - weekday(first) + skip * 7
}
