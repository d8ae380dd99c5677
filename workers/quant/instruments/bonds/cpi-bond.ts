/**
 * CPIBond (ql/instruments/bonds/cpibond.cpp and ql/cashflows/cpicoupon.cpp, QuantLib 1.29): a real coupon rate on a
 * notional grown by the CPI. Each coupon pays nominal x rate x I(E) / baseCPI x accrual, I(E) the index read at its
 * period end less the observation lag (CPI::laggedFixing); the redemption pays nominal x (I(T) / baseCPI - 1 if
 * growth only). A zero rate makes a fixed coupon paying nothing. A coupon whose published CPI is missing fails only
 * when its amount is read, as QuantLib's.
 */
import type { DateSerial } from '../../types.ts'
import { MissingFixingError, require } from '../../errors.ts'
import type { DayCounter } from '../../time/day-counter.ts'
import { adjust, type Calendar } from '../../time/calendar.ts'
import type { BusinessDayConvention } from '../../time/business-day-convention.ts'
import type { Schedule } from '../../time/schedule.ts'
import { shiftByPeriod, type Period } from '../../time/period.ts'
import type { Coupon } from '../../cashflows/cash-flow.ts'
import { exCouponDateFor, legReferencePeriod, type ExCouponTerms } from '../../cashflows/fixed-rate-leg.ts'
import {
  laggedFixing,
  monthStart,
  type CpiInterpolation,
  type ZeroInflationIndex,
} from '../../indexes/zero-inflation-index.ts'
import { bondFromCoupons, type Bond } from '../bond.ts'

export interface CpiBondOptions {
  settlementDays: number
  faceAmount: number
  growthOnly: boolean
  baseCpi: number
  observationLag: Period
  index: ZeroInflationIndex
  interpolation: CpiInterpolation
  schedule: Schedule
  couponRate: number
  dayCounter: DayCounter
  paymentConvention: BusinessDayConvention
  issueDate: DateSerial | null
  paymentCalendar?: Calendar
  exCoupon?: ExCouponTerms | null
}

/** The CPI at `d` as the bond reads it, or the missing published value that stops it. */
function cpiAt(o: CpiBondOptions, d: DateSerial, evaluationDate: DateSerial): number | MissingFixingError {
  try {
    return laggedFixing(o.index, d, o.observationLag, o.interpolation, evaluationDate)
  } catch (error) {
    if (error instanceof MissingFixingError) return error
    throw error
  }
}

export function cpiBond(o: CpiBondOptions, evaluationDate: DateSerial): Bond {
  require(o.settlementDays >= 0, () => `settlement days (${o.settlementDays}) must be non-negative`, 'settlement_days')
  require(Math.abs(o.baseCpi) > 1e-16, '|baseCPI_| < 1e-16, future divide-by-zero problem', 'base_cpi')
  const { schedule } = o
  const calendar = o.paymentCalendar ?? schedule.calendar
  const dates = schedule.dates
  const n = dates.length - 1
  const coupons: Coupon[] = []
  for (let i = 0; i < n; i++) {
    const start = dates[i]
    const end = dates[i + 1]
    const [refStart, refEnd] = legReferencePeriod(schedule, i, schedule.convention)
    const date = adjust(calendar, end, o.paymentConvention)
    const exCouponDate = exCouponDateFor(date, o.exCoupon)
    const yf = o.dayCounter.yearFraction(start, end, refStart, refEnd)
    const base = {
      date,
      nominal: o.faceAmount,
      accrualStart: start,
      accrualEnd: end,
      refStart,
      refEnd,
      exCouponDate,
      dayCounter: o.dayCounter,
    }
    if (o.couponRate === 0) {
      coupons.push({ kind: 'fixed', ...base, rate: 0, compounding: 'Simple', frequency: 1, amount: 0, refused: null })
      continue
    }
    const cpi = cpiAt(o, end, evaluationDate)
    const missing = cpi instanceof MissingFixingError ? { index: cpi.index, date: cpi.date } : null
    const indexFixing = missing ? Number.NaN : (cpi as number)
    const rate = (o.couponRate * indexFixing) / o.baseCpi
    coupons.push({
      kind: 'floating',
      ...base,
      rate,
      amount: o.faceAmount * rate * yf,
      fixingDate: shiftByPeriod(end, o.observationLag, -1),
      indexFixing,
      gearing: o.couponRate,
      spread: 0,
      cap: null,
      floor: null,
      inArrears: false,
      missingFixing: missing,
      nullAccrual: false,
      inflation: { baseCpi: o.baseCpi },
    })
  }
  const final = cpiAt(o, dates[n], evaluationDate)
  if (final instanceof MissingFixingError) throw final
  const redemption = 100 * (final / o.baseCpi - (o.growthOnly ? 1 : 0))
  return bondFromCoupons(
    { settlementDays: o.settlementDays, calendar, issueDate: o.issueDate, maturityDate: dates[n] },
    coupons,
    [redemption],
  )
}

/** The index ratio at a date: the CPI there (interpolated as the coupons are) over the base CPI. */
export function indexRatio(o: CpiBondOptions, d: DateSerial, evaluationDate: DateSerial): number {
  return laggedFixing(o.index, d, o.observationLag, o.interpolation, evaluationDate) / o.baseCpi
}

/**
 * The published CPI months a CPI bond's flows paid after `evaluationDate` read (fixings availability): each flow's
 * month less the observation lag (and the next one, read linearly), where it is published by then (its value must be
 * stored), and the inflation curve's base month where a later month is forecast from it.
 */
export function cpiRequiredMonths(o: CpiBondOptions, evaluationDate: DateSerial): DateSerial[] {
  const known = monthStart(shiftByPeriod(evaluationDate, o.index.availabilityLag, -1)) - 1
  const calendar = o.paymentCalendar ?? o.schedule.calendar
  const months = new Set<DateSerial>()
  const dates = o.schedule.dates
  for (let i = 1; i < dates.length; i++) {
    if (adjust(calendar, dates[i], o.paymentConvention) <= evaluationDate) continue
    const observed = shiftByPeriod(dates[i], o.observationLag, -1)
    const first = monthStart(observed)
    const read = [first]
    if (o.interpolation === 'Linear' && dates[i] !== monthStart(dates[i])) read.push(monthStart(first + 31))
    for (const m of read) if (m <= known) months.add(m)
    // a month not yet published is forecast from the curve's base month, which must be
    if (read.some((m) => m > known) && o.index.curve) months.add(monthStart(o.index.curve.dates[0]))
  }
  return [...months].sort((a, b) => a - b)
}
