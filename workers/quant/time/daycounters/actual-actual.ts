/**
 * Actual/Actual day counters (ql/time/daycounters/actualactual.cpp, QuantLib 1.29): ISDA (Historical,
 * Actual365), ISMA (Bond) with reference periods — the algorithm QuantLib uses when no schedule is given,
 * including its notional-period loop for long and short stubs — and AFB (Euro).
 */
import type { DateSerial, Time } from '../../types.ts'
import type { DayCounter } from '../day-counter.ts'
import { require } from '../../errors.ts'
import { addMonths, addYears, fromYmd, isLeap, toYmd } from '../date.ts'

export type ActualActualConvention = 'ISDA' | 'Historical' | 'Actual365' | 'ISMA' | 'Bond' | 'AFB' | 'Euro'

const actualDays = (d1: DateSerial, d2: DateSerial) => d2 - d1

function isdaFraction(d1: DateSerial, d2: DateSerial): Time {
  if (d1 === d2) return 0
  if (d1 > d2) return -isdaFraction(d2, d1)
  const y1 = toYmd(d1).year
  const y2 = toYmd(d2).year
  const dib1 = isLeap(y1) ? 366 : 365
  const dib2 = isLeap(y2) ? 366 : 365
  let sum = y2 - y1 - 1
  sum += (fromYmd(y1 + 1, 1, 1) - d1) / dib1
  sum += (d2 - fromYmd(y2, 1, 1)) / dib2
  return sum
}

function ismaFraction(d1: DateSerial, d2: DateSerial, d3?: DateSerial, d4?: DateSerial): Time {
  if (d1 === d2) return 0
  if (d1 > d2) return -ismaFraction(d2, d1, d3, d4)
  // without a reference period, take it equal to (d1, d2)
  let refStart = d3 ?? d1
  let refEnd = d4 ?? d2
  require(refEnd > refStart && refEnd > d1, () =>
    `invalid reference period: date 1: ${d1}, date 2: ${d2}, reference period start: ${refStart}, reference period ` +
    `end: ${refEnd}`)
  // rough length of the period in months
  let months = Math.round((12 * (refEnd - refStart)) / 365)
  if (months === 0) {
    // for short periods take the reference period as 1 year from d1
    refStart = d1
    refEnd = addYears(d1, 1)
    months = 12
  }
  const period = months / 12
  if (d2 <= refEnd) {
    if (d1 >= refStart) return (period * (d2 - d1)) / (refEnd - refStart)
    // long first coupon: refStart is the next (notional) payment date
    const previousRef = addMonths(refStart, -months)
    if (d2 > refStart)
      return ismaFraction(d1, refStart, previousRef, refStart) + ismaFraction(refStart, d2, refStart, refEnd)
    return ismaFraction(d1, d2, previousRef, refStart)
  }
  require(refStart <= d1, 'invalid dates: d1 < refPeriodStart < refPeriodEnd < d2')
  // from d1 to refEnd, then whole notional periods, then the remainder
  let sum = ismaFraction(d1, refEnd, refStart, refEnd)
  let i = 0
  let newRefStart: DateSerial
  let newRefEnd: DateSerial
  for (;;) {
    newRefStart = addMonths(refEnd, months * i)
    newRefEnd = addMonths(refEnd, months * (i + 1))
    if (d2 < newRefEnd) break
    sum += period
    i++
  }
  return sum + ismaFraction(newRefStart, d2, newRefStart, newRefEnd)
}

function afbFraction(d1: DateSerial, d2: DateSerial): Time {
  if (d1 === d2) return 0
  if (d1 > d2) return -afbFraction(d2, d1)
  let newD2 = d2
  let temp = d2
  let sum = 0
  while (temp > d1) {
    temp = addYears(newD2, -1)
    const t = toYmd(temp)
    if (t.day === 28 && t.month === 2 && isLeap(t.year)) temp += 1
    if (temp >= d1) {
      sum += 1
      newD2 = temp
    }
  }
  let den = 365
  const y2 = toYmd(newD2).year
  const y1 = toYmd(d1).year
  if (isLeap(y2)) {
    const feb29 = fromYmd(y2, 2, 29)
    if (newD2 > feb29 && d1 <= feb29) den += 1
  } else if (isLeap(y1)) {
    const feb29 = fromYmd(y1, 2, 29)
    if (newD2 > feb29 && d1 <= feb29) den += 1
  }
  return sum + (newD2 - d1) / den
}

const ISDA: DayCounter = Object.freeze({
  name: 'Actual/Actual (ISDA)',
  dayCount: actualDays,
  yearFraction: isdaFraction,
})
const ISMA: DayCounter = Object.freeze({
  name: 'Actual/Actual (ISMA)',
  dayCount: actualDays,
  yearFraction: ismaFraction,
})
const AFB: DayCounter = Object.freeze({ name: 'Actual/Actual (AFB)', dayCount: actualDays, yearFraction: afbFraction })

export function actualActual(convention: ActualActualConvention): DayCounter {
  switch (convention) {
    case 'ISDA':
    case 'Historical':
    case 'Actual365':
      return ISDA
    case 'ISMA':
    case 'Bond':
      return ISMA
    case 'AFB':
    case 'Euro':
      return AFB
  }
}
