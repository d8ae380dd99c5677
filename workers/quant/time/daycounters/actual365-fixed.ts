/** Actual/365 (Fixed) (ql/time/daycounters/actual365fixed.hpp), standard convention: actual days over 365. */
import type { DayCounter } from '../day-counter.ts'

export const actual365Fixed: DayCounter = Object.freeze({
  name: 'Actual/365 (Fixed)',
  dayCount: (d1: number, d2: number) => d2 - d1,
  yearFraction: (d1: number, d2: number) => (d2 - d1) / 365,
})
