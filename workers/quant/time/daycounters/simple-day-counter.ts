/**
 * Simple (ql/time/daycounters/simpledaycounter.cpp, QuantLib 1.29): whole-month distances give whole-month
 * fractions (6 months = 0.5), treating month ends as matching any later day of month; anything else, and
 * every day count, falls back to 30/360 (Bond Basis).
 */
import type { DateSerial } from '../../types.ts'
import type { DayCounter } from '../day-counter.ts'
import { isEndOfMonth, toYmd } from '../date.ts'
import { thirty360 } from './thirty360.ts'

const fallback = thirty360('BondBasis')

function yearFraction(d1: DateSerial, d2: DateSerial): number {
  const a = toYmd(d1)
  const b = toYmd(d2)
  // e.g. Aug 30 -> Feb 28 or Feb 28 -> Aug 30 still count as whole months
  if (a.day === b.day || (a.day > b.day && isEndOfMonth(d2)) || (a.day < b.day && isEndOfMonth(d1))) {
    return b.year - a.year + (b.month - a.month) / 12
  }
  return fallback.yearFraction(d1, d2)
}

export const simpleDayCounter: DayCounter = Object.freeze({ name: 'Simple', dayCount: fallback.dayCount, yearFraction })
