/**
 * 30/365 (ql/time/daycounters/thirty365.cpp, QuantLib 1.29): 360·Δyears + 30·Δmonths + Δdays with no
 * day-of-month capping at all (unlike every 30/360 variant), over 365.
 */
import type { DateSerial } from '../../types.ts'
import type { DayCounter } from '../day-counter.ts'
import { toYmd } from '../date.ts'

const dayCount = (d1: DateSerial, d2: DateSerial) => {
  const a = toYmd(d1)
  const b = toYmd(d2)
  return 360 * (b.year - a.year) + 30 * (b.month - a.month) + (b.day - a.day)
}

export const thirty365: DayCounter = Object.freeze({
  name: '30/365',
  dayCount,
  yearFraction: (d1: DateSerial, d2: DateSerial) => dayCount(d1, d2) / 365,
})
