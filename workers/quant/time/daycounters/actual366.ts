/**
 * Actual/366 (ql/time/daycounters/actual366.hpp, QuantLib 1.29): actual days over 366; with `includeLastDay`
 * ("Actual/366 (inc)") the end date counts too.
 */
import type { DayCounter } from '../day-counter.ts'

const make = (name: string, extra: number): DayCounter =>
  Object.freeze({
    name,
    dayCount: (d1: number, d2: number) => d2 - d1 + extra,
    yearFraction: (d1: number, d2: number) => (d2 - d1 + extra) / 366,
  })

const EXCLUSIVE = make('Actual/366', 0)
const INCLUSIVE = make('Actual/366 (inc)', 1)

/** QuantLib's Actual366(includeLastDay). */
export const actual366 = (includeLastDay = false): DayCounter => (includeLastDay ? INCLUSIVE : EXCLUSIVE)
