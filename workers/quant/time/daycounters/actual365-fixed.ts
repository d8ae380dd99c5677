/**
 * Actual/365 (Fixed) (ql/time/daycounters/actual365fixed.{hpp,cpp}, QuantLib 1.29) in its three conventions:
 * Standard (actual days over 365), Canadian (Canadian bond: actual/365 inside a coupon's first 365/frequency
 * days, 1/frequency minus the remaining days/365 beyond; needs the reference period) and NoLeap (days counted
 * on a 365-day calendar, 29 February being 28 February).
 */
import type { DateSerial, Time } from '../../types.ts'
import type { DayCounter } from '../day-counter.ts'
import { require } from '../../errors.ts'
import { toYmd } from '../date.ts'

export type Actual365FixedConvention = 'Standard' | 'Canadian' | 'NoLeap'

const actualDays = (d1: DateSerial, d2: DateSerial) => d2 - d1

export const actual365Fixed: DayCounter = Object.freeze({
  name: 'Actual/365 (Fixed)',
  dayCount: actualDays,
  yearFraction: (d1: number, d2: number) => (d2 - d1) / 365,
})

/** std::lround: halves away from zero (Math.round takes them up). */
const lround = (x: number) => Math.sign(x) * Math.round(Math.abs(x))

function canadianFraction(d1: DateSerial, d2: DateSerial, refStart?: DateSerial, refEnd?: DateSerial): Time {
  if (d1 === d2) return 0
  // the reference period gives the coupon frequency
  require(refStart !== undefined, 'invalid refPeriodStart')
  require(refEnd !== undefined, 'invalid refPeriodEnd')
  const dcs = d2 - d1
  const dcc = refEnd - refStart
  const months = lround((12 * dcc) / 365)
  require(months !== 0, 'invalid reference period for Act/365 Canadian; must be longer than a month')
  // C++ integer division; QuantLib divides by zero (and crashes) past 12 months, we refuse instead
  const frequency = Math.trunc(12 / months)
  require(frequency !== 0, () => `invalid reference period for Act/365 Canadian; must be at most a year (${dcc} days)`)
  if (dcs < Math.trunc(365 / frequency)) return dcs / 365
  return 1 / frequency - (dcc - dcs) / 365
}

// days before the first of each month in a 365-day year
const MONTH_OFFSET: readonly number[] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]

function noLeapSerial(d: DateSerial): number {
  const { year, month, day } = toYmd(d)
  // 29 February is the same day as the 28th
  return day + MONTH_OFFSET[month - 1] + year * 365 - (month === 2 && day === 29 ? 1 : 0)
}

const noLeapDays = (d1: DateSerial, d2: DateSerial) => noLeapSerial(d2) - noLeapSerial(d1)

const CANADIAN: DayCounter = Object.freeze({
  name: 'Actual/365 (Fixed) Canadian Bond',
  dayCount: actualDays,
  yearFraction: canadianFraction,
})
const NO_LEAP: DayCounter = Object.freeze({
  name: 'Actual/365 (No Leap)',
  dayCount: noLeapDays,
  yearFraction: (d1: DateSerial, d2: DateSerial) => noLeapDays(d1, d2) / 365,
})

/** QuantLib's Actual365Fixed(convention). */
export function actual365FixedConvention(convention: Actual365FixedConvention): DayCounter {
  switch (convention) {
    case 'Standard':
      return actual365Fixed
    case 'Canadian':
      return CANADIAN
    case 'NoLeap':
      return NO_LEAP
  }
}
