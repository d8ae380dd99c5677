/**
 * Actual/365.25 (ql/time/daycounters/actual36525.hpp, QuantLib 1.29): actual days over 365.25; with
 * `includeLastDay` ("Actual/365.25 (inc)") the end date counts too.
 */
import type { DayCounter } from '../day-counter.ts'

const make = (name: string, extra: number): DayCounter =>
  Object.freeze({
    name,
    dayCount: (d1: number, d2: number) => d2 - d1 + extra,
    yearFraction: (d1: number, d2: number) => (d2 - d1 + extra) / 365.25,
  })

const EXCLUSIVE = make('Actual/365.25', 0)
const INCLUSIVE = make('Actual/365.25 (inc)', 1)

/** QuantLib's Actual36525(includeLastDay). */
export const actual36525 = (includeLastDay = false): DayCounter => (includeLastDay ? INCLUSIVE : EXCLUSIVE)
