/**
 * The day-counter concept (ql/time/daycounter.hpp). Implementations live in `daycounters/`, one convention per
 * file, variants of one convention as a union parameter (Thirty360 USA/BondBasis/European/ISMA/ISDA,
 * ActualActual ISDA/ISMA/Bond/AFB). `name` is the identity used for display and equality; never branch on it.
 */
import type { DateSerial, Time } from '../types.ts'

export interface DayCounter {
  readonly name: string
  dayCount(d1: DateSerial, d2: DateSerial): number
  /** refStart/refEnd are the reference period (used by ActualActual ISMA/Bond), as in QuantLib. */
  yearFraction(d1: DateSerial, d2: DateSerial, refStart?: DateSerial, refEnd?: DateSerial): Time
}
