/**
 * 1/1 (ql/time/daycounters/one.hpp, QuantLib 1.29): every period is one unit long, signed; equal dates count
 * as +1, as in QuantLib (d2 >= d1).
 */
import type { DateSerial } from '../../types.ts'
import type { DayCounter } from '../day-counter.ts'

const sign = (d1: DateSerial, d2: DateSerial) => (d2 >= d1 ? 1 : -1)

export const oneDayCounter: DayCounter = Object.freeze({ name: '1/1', dayCount: sign, yearFraction: sign })
