/** Periods ("6M", "1Y", "28D") and coupon frequencies, as QuantLib's Period and Frequency. */
import { QuantInputError, require } from '../errors.ts'
import type { DateSerial } from '../types.ts'
import { addMonths } from './date.ts'

export type TimeUnit = 'Days' | 'Weeks' | 'Months' | 'Years'

export interface Period {
  length: number
  unit: TimeUnit
}

/** QuantLib's Frequency values: the number of periods per year (NoFrequency -1, Once 0). */
export const Frequency = {
  NoFrequency: -1,
  Once: 0,
  Annual: 1,
  Semiannual: 2,
  EveryFourthMonth: 3,
  Quarterly: 4,
  Bimonthly: 6,
  Monthly: 12,
  EveryFourthWeek: 13,
  Biweekly: 26,
  Weekly: 52,
  Daily: 365,
  OtherFrequency: 999,
} as const
export type Frequency = (typeof Frequency)[keyof typeof Frequency]

const UNITS: Readonly<Record<string, TimeUnit>> = { D: 'Days', W: 'Weeks', M: 'Months', Y: 'Years' }

/** The unit of a period's letter (D, W, M, Y in either case) by its character code, or undefined. */
function unitOf(code: number): TimeUnit | undefined {
  switch (code | 32) {
    case 100:
      return 'Days'
    case 119:
      return 'Weeks'
    case 109:
      return 'Months'
    case 121:
      return 'Years'
    default:
      return undefined
  }
}

export function parsePeriod(text: string, field = 'period'): Period {
  // the usual spelling, a few digits and the unit ("6M", "28D"), read without a regular expression
  const last = text.length - 1
  const unit = last >= 1 && last <= 9 ? unitOf(text.charCodeAt(last)) : undefined
  if (unit !== undefined) {
    let length = 0
    let i = 0
    for (; i < last; i++) {
      const c = text.charCodeAt(i) - 48
      if (c < 0 || c > 9) break
      length = length * 10 + c
    }
    if (i === last) return Object.freeze({ length, unit })
  }
  const m = /^\s*(-?\d+)\s*([DWMYdwmy])\s*$/.exec(text)
  require(m !== null, () => `${field}: '${text}' is not a period such as 3M, 6M, 1Y or 28D`, field)
  return Object.freeze({ length: Number(m[1]), unit: UNITS[m[2].toUpperCase()] })
}

export function periodToString(p: Period): string {
  return `${p.length}${p.unit[0]}`
}

/** QuantLib's Period::frequency(). */
export function periodFrequency(p: Period): Frequency {
  const length = Math.abs(p.length)
  if (length === 0) return p.unit === 'Years' ? Frequency.Once : Frequency.NoFrequency
  switch (p.unit) {
    case 'Years':
      return length === 1 ? Frequency.Annual : Frequency.OtherFrequency
    case 'Months':
      if (12 % length === 0 && length <= 12) return (12 / length) as Frequency
      return Frequency.OtherFrequency
    case 'Weeks':
      if (length === 1) return Frequency.Weekly
      if (length === 2) return Frequency.Biweekly
      if (length === 4) return Frequency.EveryFourthWeek
      return Frequency.OtherFrequency
    case 'Days':
      return length === 1 ? Frequency.Daily : Frequency.OtherFrequency
  }
}

/** QuantLib's Period(Frequency). */
export function frequencyPeriod(f: Frequency): Period {
  switch (f) {
    case Frequency.NoFrequency:
      return { length: 0, unit: 'Days' }
    case Frequency.Once:
      return { length: 0, unit: 'Years' }
    case Frequency.Annual:
      return { length: 1, unit: 'Years' }
    case Frequency.Semiannual:
    case Frequency.EveryFourthMonth:
    case Frequency.Quarterly:
    case Frequency.Bimonthly:
    case Frequency.Monthly:
      return { length: 12 / f, unit: 'Months' }
    case Frequency.EveryFourthWeek:
    case Frequency.Biweekly:
    case Frequency.Weekly:
      return { length: 52 / f, unit: 'Weeks' }
    case Frequency.Daily:
      return { length: 1, unit: 'Days' }
    default:
      throw new Error(`unknown frequency (${f})`)
  }
}

const FREQUENCY_NAMES: Readonly<Record<string, Frequency>> = {
  ...(Object.fromEntries(Object.entries(Frequency).map(([name, value]) => [name.toLowerCase(), value])) as Record<
    string,
    Frequency
  >),
  semiannually: 2,
  quarterly: 4,
  monthly: 12,
  annually: 1,
  yearly: 1,
  none: -1,
}

/** A frequency from its QuantLib name ("Semiannual"), a number of periods per year, or a period ("6M"). */
export function parseFrequency(value: string | number, field = 'frequency'): Frequency {
  if (typeof value === 'number') {
    require(Object.values(Frequency).includes(value as Frequency), () =>
      `${field}: ${value} is not a QuantLib frequency`, field)
    return value as Frequency
  }
  const byName = FREQUENCY_NAMES[value.trim().toLowerCase()]
  if (byName !== undefined) return byName
  if (/^\s*\d+\s*[DWMYdwmy]\s*$/.test(value)) return periodFrequency(parsePeriod(value, field))
  throw new QuantInputError(`${field}: unknown frequency '${value}'`, field)
}

/** `date ± period` without a calendar (QuantLib's Date + Period): months and years clamp to the month's length. */
export function shiftByPeriod(d: DateSerial, p: Period, sign: 1 | -1 = 1): DateSerial {
  switch (p.unit) {
    case 'Days':
      return d + sign * p.length
    case 'Weeks':
      return d + sign * 7 * p.length
    case 'Months':
      return addMonths(d, sign * p.length)
    case 'Years':
      return addMonths(d, sign * 12 * p.length)
  }
}
