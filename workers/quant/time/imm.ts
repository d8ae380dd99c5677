/** IMM dates (the third Wednesday of a month) as QuantLib 1.29's ql/time/imm.hpp defines them. */
import type { DateSerial } from '../types.ts'
import { Wednesday, dayOfMonth, month, weekday } from './date.ts'

/**
 * QuantLib's IMM::isIMMdate: a Wednesday from the 15th to the 21st; with `mainCycle` (QuantLib's default) only in
 * March, June, September or December.
 */
export function isImmDate(d: DateSerial, mainCycle = true): boolean {
  if (weekday(d) !== Wednesday) return false
  const day = dayOfMonth(d)
  if (day < 15 || day > 21) return false
  return !mainCycle || month(d) % 3 === 0
}
