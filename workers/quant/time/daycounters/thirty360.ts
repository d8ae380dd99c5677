/**
 * 30/360 day counters (ql/time/daycounters/thirty360.cpp, QuantLib 1.29). Each convention only changes how the
 * day-of-month of the two dates is capped; the count is 360*(y2-y1) + 30*(m2-m1) + (d2-d1), the fraction /360.
 * ISMA is BondBasis, EurobondBasis is European and German is ISDA, as in QuantLib.
 */
import type { DateSerial } from '../../types.ts'
import type { DayCounter } from '../day-counter.ts'
import { isLeap, toYmd } from '../date.ts'

export type Thirty360Convention =
  'USA' | 'BondBasis' | 'European' | 'EurobondBasis' | 'Italian' | 'German' | 'ISMA' | 'ISDA' | 'NASD'

const lastOfFebruary = (d: number, m: number, y: number) => m === 2 && d === 28 + (isLeap(y) ? 1 : 0)

type Adjust = (
  dd1: number,
  mm1: number,
  yy1: number,
  dd2: number,
  mm2: number,
  yy2: number,
  d2: DateSerial,
) => [number, number, number]

const make = (name: string, rule: Adjust): DayCounter => {
  const dayCount = (d1: DateSerial, d2: DateSerial) => {
    const a = toYmd(d1)
    const b = toYmd(d2)
    const [dd1, dd2, mm2] = rule(a.day, a.month, a.year, b.day, b.month, b.year, d2)
    return 360 * (b.year - a.year) + 30 * (mm2 - a.month) + (dd2 - dd1)
  }
  return Object.freeze({ name, dayCount, yearFraction: (d1: DateSerial, d2: DateSerial) => dayCount(d1, d2) / 360 })
}

// the order matters: the 31st rules look at the original days, the February rules come last
const usa = make('30/360 (US)', (dd1, mm1, yy1, dd2, mm2, yy2) => {
  const feb1 = lastOfFebruary(dd1, mm1, yy1)
  if (dd2 === 31 && dd1 >= 30) dd2 = 30
  if (dd1 === 31) dd1 = 30
  if (feb1 && lastOfFebruary(dd2, mm2, yy2)) dd2 = 30
  if (feb1) dd1 = 30
  return [dd1, dd2, mm2]
})

const bondBasis = make('30/360 (Bond Basis)', (dd1, _mm1, _yy1, dd2, mm2) => {
  if (dd1 === 31) dd1 = 30
  if (dd2 === 31 && dd1 === 30) dd2 = 30
  return [dd1, dd2, mm2]
})

const european = make('30E/360 (Eurobond Basis)', (dd1, _mm1, _yy1, dd2, mm2) => {
  if (dd1 === 31) dd1 = 30
  if (dd2 === 31) dd2 = 30
  return [dd1, dd2, mm2]
})

const italian = make('30/360 (Italian)', (dd1, mm1, _yy1, dd2, mm2) => {
  if (dd1 === 31) dd1 = 30
  if (dd2 === 31) dd2 = 30
  if (mm1 === 2 && dd1 > 27) dd1 = 30
  if (mm2 === 2 && dd2 > 27) dd2 = 30
  return [dd1, dd2, mm2]
})

const nasd = make('30/360 (NASD)', (dd1, _mm1, _yy1, dd2, mm2) => {
  if (dd1 === 31) dd1 = 30
  if (dd2 === 31 && dd1 >= 30) dd2 = 30
  if (dd2 === 31 && dd1 < 30) {
    dd2 = 1
    mm2++
  }
  return [dd1, dd2, mm2]
})

/** 30E/360 ISDA: the last day of February counts as the 30th, except for the termination date as d2. */
function isda(terminationDate?: DateSerial): DayCounter {
  return make('30E/360 (ISDA)', (dd1, mm1, yy1, dd2, mm2, yy2, d2) => {
    if (dd1 === 31) dd1 = 30
    if (dd2 === 31) dd2 = 30
    if (lastOfFebruary(dd1, mm1, yy1)) dd1 = 30
    if (d2 !== terminationDate && lastOfFebruary(dd2, mm2, yy2)) dd2 = 30
    return [dd1, dd2, mm2]
  })
}
const isdaWithoutTermination = isda()

export function thirty360(convention: Thirty360Convention, terminationDate?: DateSerial): DayCounter {
  switch (convention) {
    case 'USA':
      return usa
    case 'BondBasis':
    case 'ISMA':
      return bondBasis
    case 'European':
    case 'EurobondBasis':
      return european
    case 'Italian':
      return italian
    case 'NASD':
      return nasd
    case 'ISDA':
    case 'German':
      return terminationDate === undefined ? isdaWithoutTermination : isda(terminationDate)
  }
}
