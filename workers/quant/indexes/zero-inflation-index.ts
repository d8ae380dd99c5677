/**
 * A monthly zero-coupon inflation index (CPI) and its zero-inflation curve, as QuantLib 1.29 reads them
 * (ql/indexes/inflationindex.cpp, ql/termstructures/inflation/interpolatedzeroinflationcurve.hpp): stored fixings
 * dated the first of their month; a fixing not yet published is forecast as the base fixing grown at the curve's
 * zero-inflation rate; CPI::laggedFixing reads the index at a date less an observation lag, flat or linear in the
 * month. Monthly indexes only (design §4.2).
 */
import type { DateSerial, Rate } from '../types.ts'
import { MissingFixingError, QuantInputError, require } from '../errors.ts'
import type { DayCounter } from '../time/day-counter.ts'
import { daysInMonth, fromYmd, toIso, toYmd } from '../time/date.ts'
import { shiftByPeriod, type Period } from '../time/period.ts'

/** The first day of d's month (inflationPeriod(d, Monthly).first). */
export function monthStart(d: DateSerial): DateSerial {
  const { year, month } = toYmd(d)
  return fromYmd(year, month, 1)
}

/** The first day of the next month (inflationPeriod(d, Monthly).second + 1). */
function nextMonthStart(d: DateSerial): DateSerial {
  const { year, month } = toYmd(d)
  return month === 12 ? fromYmd(year + 1, 1, 1) : fromYmd(year, month + 1, 1)
}

const monthLength = (d: DateSerial) => {
  const { year, month } = toYmd(d)
  return daysInMonth(year, month)
}

/** InterpolatedZeroInflationCurve<Linear>: zero-inflation rates linear in time from the reference date. */
export interface ZeroInflationCurve {
  referenceDate: DateSerial
  dayCounter: DayCounter
  /** the curve's observation lag (its base date lies in the month of referenceDate - lag) */
  lag: Period
  dates: readonly DateSerial[]
  rates: readonly Rate[]
  times: readonly number[]
}

export function zeroInflationCurve(
  referenceDate: DateSerial,
  dayCounter: DayCounter,
  lag: Period,
  dates: readonly DateSerial[],
  rates: readonly Rate[],
): ZeroInflationCurve {
  const field = 'curves.inflation'
  require(dates.length > 1, () => `too few dates: ${dates.length}`, field)
  require(dates.length === rates.length, () => `indices/dates count mismatch: ${rates.length} vs ${dates.length}`)
  const base = monthStart(shiftByPeriod(referenceDate, lag, -1))
  require(base <= dates[0] && dates[0] < nextMonthStart(base), () =>
    `first data date is not in base period, date: ${toIso(dates[0])} not within [${toIso(base)},` +
    `${toIso(nextMonthStart(base) - 1)}]`, field)
  for (let i = 1; i < dates.length; i++) {
    require(rates[i] > -1, 'zero inflation data < -100 %', field)
    require(dates[i] > dates[i - 1], () => `dates not sorted: ${toIso(dates[i])} after ${toIso(dates[i - 1])}`, field)
  }
  const times = dates.map((d) => dayCounter.yearFraction(referenceDate, d))
  return { referenceDate, dayCounter, lag, dates, rates, times }
}

/** ZeroInflationTermStructure::zeroRate(d, 0 days): the rate at d's month start, linear in time (and beyond). */
function zeroRate(curve: ZeroInflationCurve, d: DateSerial): Rate {
  const first = monthStart(d)
  const base = curve.dates[0]
  const max = nextMonthStart(curve.dates[curve.dates.length - 1]) - 1
  if (first < base)
    throw new QuantInputError(`date (${toIso(first)}) is before base date (${toIso(base)})`, 'curves.inflation')
  if (first > max)
    throw new QuantInputError(`date (${toIso(first)}) is past max curve date (${toIso(max)})`, 'curves.inflation')
  const t = curve.dayCounter.yearFraction(curve.referenceDate, first)
  const { times, rates } = curve
  let i = 1
  while (i < times.length - 1 && t > times[i]) i++
  return rates[i - 1] + ((t - times[i - 1]) * (rates[i] - rates[i - 1])) / (times[i] - times[i - 1])
}

/** A zero-coupon inflation index: its published values and the curve that forecasts the rest. */
export interface ZeroInflationIndex {
  name: string
  availabilityLag: Period
  /** QuantLib's (deprecated) interpolated flag: a mid-month fixing interpolates between month starts */
  interpolated: boolean
  /** month start → value */
  history: ReadonlyMap<DateSerial, number>
  curve: ZeroInflationCurve | null
}

/** ZeroInflationIndex::needsForecast at the evaluation date. */
function needsForecast(index: ZeroInflationIndex, f: DateSerial, evaluationDate: DateSerial): boolean {
  const known = monthStart(shiftByPeriod(evaluationDate, index.availabilityLag, -1)) - 1
  const latest = index.interpolated && f > monthStart(f) ? nextMonthStart(f) : f
  if (latest <= known) return false
  if (latest > evaluationDate) return true
  return !index.history.has(monthStart(latest))
}

/** The interpolation weight of a mid-month fixing: its date plus the curve's lag, within that month. */
function interpolationWeight(index: ZeroInflationIndex, f: DateSerial): number {
  require(index.curve !== null, () => `no zero-inflation curve for ${index.name}`, 'curves.inflation')
  const observed = shiftByPeriod(f, index.curve.lag, 1)
  return (observed - monthStart(observed)) / monthLength(observed)
}

function stored(index: ZeroInflationIndex, month: DateSerial): number {
  const value = index.history.get(month)
  if (value === undefined) throw new MissingFixingError(index.name, toIso(month))
  return value
}

/** ZeroInflationIndex::fixing: a published value (or two, interpolated) or the forecast. */
export function inflationFixing(index: ZeroInflationIndex, f: DateSerial, evaluationDate: DateSerial): number {
  if (needsForecast(index, f, evaluationDate)) return forecastFixing(index, f, evaluationDate)
  const first = monthStart(f)
  const i1 = stored(index, first)
  if (!(index.interpolated && f > first)) return i1
  const i2 = stored(index, nextMonthStart(f))
  return i1 + (i2 - i1) * interpolationWeight(index, f)
}

/** ZeroInflationIndex::forecastFixing: the base fixing grown at the curve's zero rate to the fixing's month. */
function forecastFixing(index: ZeroInflationIndex, f: DateSerial, evaluationDate: DateSerial): number {
  const curve = index.curve
  require(curve !== null, () => `no zero-inflation curve for ${index.name}`, 'curves.inflation')
  const base = curve.dates[0]
  require(!needsForecast(index, base, evaluationDate), () =>
    `${index.name} index fixing at base date ${toIso(base)} is not available`, 'fixings')
  const baseFixing = inflationFixing(index, base, evaluationDate)
  const grown = (month: DateSerial) => {
    const t = curve.dayCounter.yearFraction(index.interpolated ? base : monthStart(base), month)
    return baseFixing * Math.pow(1 + zeroRate(curve, month), t)
  }
  const first = monthStart(f)
  const i1 = grown(first)
  if (!(index.interpolated && f > first)) return i1
  const i2 = grown(nextMonthStart(f))
  return i1 + (i2 - i1) * interpolationWeight(index, f)
}

export type CpiInterpolation = 'Flat' | 'Linear' | 'AsIndex'

/** CPI::laggedFixing: the index at d less the observation lag, flat in its month or linear through d's month. */
export function laggedFixing(
  index: ZeroInflationIndex,
  d: DateSerial,
  lag: Period,
  interpolation: CpiInterpolation,
  evaluationDate: DateSerial,
): number {
  const observed = shiftByPeriod(d, lag, -1)
  if (interpolation === 'AsIndex') return inflationFixing(index, observed, evaluationDate)
  const m0 = monthStart(observed)
  if (interpolation === 'Flat' || d === monthStart(d)) return inflationFixing(index, m0, evaluationDate)
  const i0 = inflationFixing(index, m0, evaluationDate)
  const i1 = inflationFixing(index, nextMonthStart(observed), evaluationDate)
  return i0 + ((i1 - i0) * (d - monthStart(d))) / monthLength(d)
}
