/** Actual/364 (ql/time/daycounters/actual364.hpp, QuantLib 1.29): actual days over 364. */
import type { DayCounter } from '../day-counter.ts'

export const actual364: DayCounter = Object.freeze({
  name: 'Actual/364',
  dayCount: (d1: number, d2: number) => d2 - d1,
  yearFraction: (d1: number, d2: number) => (d2 - d1) / 364,
})
