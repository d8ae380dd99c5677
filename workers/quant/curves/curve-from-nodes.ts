/**
 * Builds a pricing curve from a stored observation: `{days_to_maturity: zero}` nodes dated from the observation
 * date (the reference date) and the curve's building details. Each `interpolation_method` is one QuantLib 1.29
 * curve (the oracle builds the same ones):
 *
 *   linear_zero          InterpolatedZeroCurve<Linear>                       (QuantLib-Python ZeroCurve)
 *   cubic_zero           InterpolatedZeroCurve<Cubic(Spline, natural)>       (NaturalCubicZeroCurve; design §6)
 *   natural_cubic_zero   InterpolatedZeroCurve<Cubic(Spline, natural)>       (NaturalCubicZeroCurve)
 *   monotone_cubic_zero  InterpolatedZeroCurve<Cubic(Spline, Hyman filter)>  (MonotonicCubicZeroCurve)
 *   log_linear_discount  InterpolatedDiscountCurve<LogLinear>                (DiscountCurve)
 *   log_cubic_discount   InterpolatedDiscountCurve<LogCubic(Spline, natural)> (NaturalLogCubicDiscountCurve)
 *   linear_forward       InterpolatedForwardCurve<Linear>, node values are instantaneous forwards
 *
 * Zero-rate nodes are in the building compounding/frequency/day counter; discount curves take the discount
 * factors those rates imply at the node times. A day-0 node gives the rate at the reference date; without one,
 * the first node's rate holds back to it (design §6).
 */
import type { DateSerial } from '../types.ts'
import { QuantInputError, require } from '../errors.ts'
import { dayCounterFromCode, dayCountNeedsCalendar } from '../time/daycounters/index.ts'
import { calendarFromTerms, type CalendarTerms } from '../time/calendars/index.ts'
import { parseFrequency } from '../time/period.ts'
import { timeWorkspace, type TimeWorkspace } from '../time/workspace.ts'
import { LinearInterpolation } from '../math/interpolations/linear.ts'
import { CubicInterpolation } from '../math/interpolations/cubic.ts'
import { LogInterpolation } from '../math/interpolations/log.ts'
import { COMPOUNDINGS, discountFactor, type Compounding } from './interest-rate.ts'
import { InterpolatedZeroCurve, nodeTimes, type Interpolator } from './interpolated-zero-curve.ts'
import { InterpolatedDiscountCurve } from './interpolated-discount-curve.ts'
import { InterpolatedForwardCurve } from './interpolated-forward-curve.ts'
import type { YieldTermStructure } from './yield-term-structure.ts'

export const INTERPOLATION_METHODS = [
  'linear_zero',
  'log_linear_discount',
  'cubic_zero',
  'natural_cubic_zero',
  'monotone_cubic_zero',
  'log_cubic_discount',
  'linear_forward',
] as const
export type InterpolationMethod = (typeof INTERPOLATION_METHODS)[number]

export interface CurveBuilding {
  interpolation_method: string
  compounding: string
  frequency: string | number
  day_counter: string
  quote_convention?: string
  rate_unit?: string
  extrapolation?: boolean
  calendar?: unknown
}

export interface CurveNodesInput {
  referenceDate: DateSerial
  nodes: { days_to_maturity: readonly number[]; zero: readonly number[] }
  building: CurveBuilding
  /**
   * where a Business/252 curve's calendar and day counter keep what they reuse (time/workspace.ts); without one the
   * curve gets a workspace of its own, which lives as long as the curve
   */
  workspace?: TimeWorkspace
}

const linear: Interpolator = (x, y) => new LinearInterpolation(x, y)
const naturalCubic: Interpolator = (x, y) =>
  new CubicInterpolation(x, y, { derivativeApprox: 'Spline', monotonic: false })
const monotoneCubic: Interpolator = (x, y) =>
  new CubicInterpolation(x, y, { derivativeApprox: 'Spline', monotonic: true })
const logLinear: Interpolator = (x, y) => new LogInterpolation(x, y, linear)
const logNaturalCubic: Interpolator = (x, y) => new LogInterpolation(x, y, naturalCubic)

const ZERO_INTERPOLATORS: Readonly<Partial<Record<InterpolationMethod, Interpolator>>> = {
  linear_zero: linear,
  cubic_zero: naturalCubic,
  natural_cubic_zero: naturalCubic,
  monotone_cubic_zero: monotoneCubic,
}
const DISCOUNT_INTERPOLATORS: Readonly<Partial<Record<InterpolationMethod, Interpolator>>> = {
  log_linear_discount: logLinear,
  log_cubic_discount: logNaturalCubic,
}

export function buildCurve({ referenceDate, nodes, building, workspace }: CurveNodesInput): YieldTermStructure {
  const method = building.interpolation_method as InterpolationMethod
  require((INTERPOLATION_METHODS as readonly string[]).includes(method), () =>
    `unknown interpolation_method '${building.interpolation_method}' (expected one of ` +
    `${INTERPOLATION_METHODS.join(', ')})`, 'building.interpolation_method')
  const compounding = building.compounding as Compounding
  require(COMPOUNDINGS.includes(compounding), () =>
    `unknown compounding '${building.compounding}'`, 'building.compounding')
  const frequency = parseFrequency(building.frequency, 'building.frequency')
  // a Business/252 curve counts the business days of the calendar of its building details
  // (each of its times counts business days: a curve without a workspace gets one of its own)
  const business252 = dayCountNeedsCalendar(building.day_counter) && Boolean(building.calendar)
  const reused = business252 ? (workspace ?? timeWorkspace()) : undefined
  const calendar = business252
    ? calendarFromTerms(building.calendar as CalendarTerms, 'building.calendar', reused)
    : undefined
  const dayCounter = dayCounterFromCode(building.day_counter, { calendar, workspace: reused }, 'building.day_counter')
  const extrapolation = building.extrapolation ?? true
  const scale = building.rate_unit === 'percent' ? 0.01 : 1

  const { days_to_maturity: days, zero } = nodes
  require(days.length > 0 && days.length === zero.length, () =>
    `nodes: ${days.length} days and ${zero.length} rates`, 'nodes')
  const dates: DateSerial[] = []
  const rates: number[] = []
  for (let i = 0; i < days.length; i++) {
    require(Number.isInteger(days[i]) && days[i] >= 0, () =>
      `nodes: days_to_maturity must be non-negative integers (${days[i]})`, 'nodes.days_to_maturity')
    require(Number.isFinite(zero[i]), () => `nodes: rate at ${days[i]} days is not finite`, 'nodes.zero')
    require(i === 0 || days[i] > days[i - 1], () =>
      `nodes: days_to_maturity must increase (${days[i - 1]} then ${days[i]})`, 'nodes.days_to_maturity')
    dates.push(referenceDate + days[i])
    rates.push(zero[i] * scale)
  }
  if (days[0] !== 0) {
    // the first node's rate holds back to the reference date
    dates.unshift(referenceDate)
    rates.unshift(rates[0])
  }
  require(dates.length >= 2, 'nodes: a curve needs a node after the reference date', 'nodes')

  if (method === 'linear_forward') {
    require((building.quote_convention ?? 'forward') ===
      'forward', 'linear_forward applies only to curves whose quotes are forward rates', 'building.quote_convention')
    return new InterpolatedForwardCurve(dates, rates, dayCounter, linear, extrapolation)
  }
  require(building.quote_convention === undefined || building.quote_convention === 'zero', () =>
    `${method} needs zero-rate quotes, got quote_convention ` +
    `'${building.quote_convention}'`, 'building.quote_convention')
  const zeroInterpolator = ZERO_INTERPOLATORS[method]
  if (zeroInterpolator)
    return new InterpolatedZeroCurve(dates, rates, dayCounter, zeroInterpolator, compounding, frequency, extrapolation)
  const discountInterpolator = DISCOUNT_INTERPOLATORS[method]
  if (!discountInterpolator)
    throw new QuantInputError(`unsupported interpolation_method '${method}'`, 'building.interpolation_method')
  const times = nodeTimes(dates, dayCounter)
  const discounts = rates.map((r, i) => (i === 0 ? 1 : discountFactor(r, compounding, frequency, times[i])))
  return new InterpolatedDiscountCurve(dates, discounts, dayCounter, discountInterpolator, extrapolation)
}
