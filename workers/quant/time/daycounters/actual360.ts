/**
 * Actual/360 (ql/time/daycounters/actual360.hpp, QuantLib 1.29): actual days over 360; with `includeLastDay`
 * (QuantLib's Actual360(true), "Actual/360 (inc)") the end date counts too, adding one day.
 */
import type { DayCounter } from '../day-counter.ts'

export const actual360: DayCounter = Object.freeze({
  name: 'Actual/360',
  dayCount: (d1: number, d2: number) => d2 - d1,
  yearFraction: (d1: number, d2: number) => (d2 - d1) / 360,
})

export const actual360IncludeLastDay: DayCounter = Object.freeze({
  name: 'Actual/360 (inc)',
  dayCount: (d1: number, d2: number) => d2 - d1 + 1,
  yearFraction: (d1: number, d2: number) => (d2 - d1 + 1) / 360,
})

/** QuantLib's Actual360(includeLastDay). */
export const actual360Counter = (includeLastDay = false): DayCounter =>
  includeLastDay ? actual360IncludeLastDay : actual360
