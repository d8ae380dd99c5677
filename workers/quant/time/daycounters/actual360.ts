/** Actual/360 (ql/time/daycounters/actual360.hpp): actual days over 360. */
import type { DayCounter } from '../day-counter.ts'

export const actual360: DayCounter = Object.freeze({
  name: 'Actual/360',
  dayCount: (d1: number, d2: number) => d2 - d1,
  yearFraction: (d1: number, d2: number) => (d2 - d1) / 360,
})
