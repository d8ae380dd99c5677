/**
 * Curve-bump risk: P(h) is the NPV with every curve the instrument uses (discount, and projection for floaters)
 * under a continuous zero spread h (ZeroSpreadedTermStructure), fixings unchanged, callables on the same
 * Hull-White tree fitted to the bumped curve. Central differences give effective duration, convexity and DV01;
 * key-rate durations bump one tenor of a PiecewiseZeroSpreadedTermStructure (linear between the tenors, flat
 * beyond). The OAS of a callable is the spread over the z-spread benchmark at which the tree reprices the target.
 */
import { KEY_RATE_TENORS, type PricingTask, type ShortRateModel } from '../../src/contracts/pricing.ts'
import type { OptionletVolatility } from '../quant/cashflows/optionlet-pricer.ts'
import { QuantInputError, require } from '../quant/errors.ts'
import { parsePeriod, shiftByPeriod } from '../quant/time/period.ts'
import type { YieldTermStructure } from '../quant/curves/yield-term-structure.ts'
import { ZeroSpreadedTermStructure, type ZeroMemo } from '../quant/curves/zero-spreaded-term-structure.ts'
import { PiecewiseZeroSpreadedTermStructure } from '../quant/curves/piecewise-zero-spreaded-term-structure.ts'
import { discountingBondNpv } from '../quant/engines/bond/discounting-bond-engine.ts'
import { solveWithStep } from '../quant/math/solver1d.ts'
import { brent } from '../quant/math/solvers1d/brent.ts'
import { discountCurve, requiredCurve } from './market.ts'
import { callableValuation } from './callable.ts'
import { newtonFromGuess } from '../quant/math/solvers1d/newton-from-guess.ts'
import {
  floatingRateBondFrom,
  floatingRateBondNpv,
  overnightFloatingRateBondNpv,
} from '../quant/instruments/bonds/floating-rate-bond.ts'
import { floatingCouponPlanIndex } from '../quant/cashflows/ibor-leg.ts'
import { withForecastCurve } from '../quant/indexes/ibor-index.ts'
import { callableTree, type Instrument, type Valued } from './valuation.ts'
import { callableOfInstrument } from './callable.ts'

/** How a bump changes one curve of the instrument. */
export type Bump = (curve: YieldTermStructure) => YieldTermStructure

/** The zero-rate memo of each base curve, for the bumps of one valuation (ZeroMemo). */
export function zeroMemos(): (curve: YieldTermStructure) => ZeroMemo {
  const memos = new Map<YieldTermStructure, ZeroMemo>()
  return (curve) => {
    let memo = memos.get(curve)
    if (memo === undefined) {
      memo = new Map()
      memos.set(curve, memo)
    }
    return memo
  }
}

/** A floater's coupon amounts, reused by the bumped revaluations of one task (none for other classes). */
export const amountsScratch = (inst: Instrument): Float64Array | undefined =>
  inst.floating ? new Float64Array(inst.floating.plan.leg.length) : undefined

/** What a scenario changes beside curves (src/risk/scenarios.ts): a floater's volatility, a callable's model. */
export interface ModelOverrides {
  vol?: OptionletVolatility
  shortRateModel?: ShortRateModel
}

/**
 * P(bump): the NPV at the curves' reference date with every curve the instrument uses bumped (`projection`, a
 * floater's forecast curve, by its own bump when given). `scratch` holds a floater's coupon amounts (amountsScratch).
 */
export function npvUnder(
  task: PricingTask,
  inst: Instrument,
  bump: Bump,
  scratch?: Float64Array,
  projection: Bump = bump,
  models: ModelOverrides = {},
): number {
  const discount = bump(discountCurve(task, inst.evaluationDate, inst.parsed.common.dayCounter))
  let bond = inst.bond
  const floating = inst.floating
  if (floating) {
    // forecasts move with the projection curve; past fixings stay as they are (the dated coupons are the same)
    const index = withForecastCurve(floating.index, projection(requiredCurve(task, 'projection')))
    const vol = models.vol ?? floating.vol
    if (floating.planIndex === undefined)
      floating.planIndex = floatingCouponPlanIndex(floating.plan.leg, bond.cashflows)
    const npv = floating.plan.overnight
      ? overnightFloatingRateBondNpv(bond, index, inst.evaluationDate, discount)
      : floating.planIndex
        ? floatingRateBondNpv(
            floating.plan,
            bond,
            floating.planIndex,
            index,
            inst.evaluationDate,
            discount,
            scratch,
            vol,
          )
        : undefined
    if (npv !== undefined) return npv
    bond = floatingRateBondFrom(floating.plan, index, inst.evaluationDate, false, vol)
  }
  return inst.type === 'CallableFixedRateBond'
    ? callableValuation(
        callableOfInstrument(inst),
        discount,
        inst.evaluationDate,
        models.shortRateModel ?? task.short_rate_model,
      ).npv
    : discountingBondNpv(bond, discount)
}

/** The bump in decimal from `bump_bp` (default 1 bp). */
export function bumpSize(task: PricingTask): number {
  const bp = task.parameters.bump_bp ?? 1
  require(bp > 0 && Number.isFinite(bp), 'bump_bp must be a positive number of basis points', 'parameters.bump_bp')
  return bp * 1e-4
}

export interface EffectiveRisk {
  effective_duration: number
  effective_convexity: number
  /** currency change of the NPV for one basis point, from the central difference over the bump */
  dv01: number
}

/** Effective duration = (P(−h) − P(+h)) / (2h·P0), convexity = (P(−h) + P(+h) − 2P0) / (h²·P0), DV01 per 1 bp. */
export function effectiveRisk(task: PricingTask, v: Valued): EffectiveRisk {
  const h = bumpSize(task)
  const p0 = v.valuation.npv
  // a callable's bumped trees are its own tree with the rates moved by ±h (treeCallableBondSpreadValuation)
  const zeros = zeroMemos()
  const scratch = v.spreaded ? undefined : amountsScratch(v)
  const down = v.spreaded
    ? v.spreaded(-h).npv
    : npvUnder(task, v, (c) => new ZeroSpreadedTermStructure(c, -h, 'Continuous', -1, zeros(c)), scratch)
  const up = v.spreaded
    ? v.spreaded(h).npv
    : npvUnder(task, v, (c) => new ZeroSpreadedTermStructure(c, h, 'Continuous', -1, zeros(c)), scratch)
  return {
    effective_duration: (down - up) / (2 * h * p0),
    effective_convexity: (down + up - 2 * p0) / (h * h * p0),
    dv01: ((down - up) / 2) * (1e-4 / h),
  }
}

/** Tenors of a key-rate request: the parameter's, or the standard eleven; increasing and positive. */
export function keyRateTenors(task: PricingTask): string[] {
  const given = task.parameters.key_rate_tenors
  const tenors = Array.isArray(given) ? given : [...KEY_RATE_TENORS]
  // the spreads are interpolated linearly: QuantLib needs two points
  require(tenors.length >= 2, 'key_rate_tenors needs at least two tenors', 'parameters.key_rate_tenors')
  const periods = tenors.map((t, i) => parsePeriod(t, `parameters.key_rate_tenors[${i}]`))
  // a year is 365.25 days, a month a twelfth of it: enough to order tenors, whatever their units
  const days = periods.map((p) => p.length * { Days: 1, Weeks: 7, Months: 30.4375, Years: 365.25 }[p.unit])
  for (let i = 0; i < days.length; i++) {
    if (!(days[i] > 0) || (i > 0 && days[i] <= days[i - 1]))
      throw new QuantInputError(
        `key_rate_tenors must be positive and increasing, got ${tenors.join(', ')}`,
        'parameters.key_rate_tenors',
      )
  }
  return tenors
}

/**
 * Key-rate durations: for tenor i, the central difference with the spread h at that tenor only, the spread
 * dates being each curve's reference date + tenor (QuantLib's PiecewiseZeroSpreadedTermStructure).
 */
export function keyRateDurations(task: PricingTask, v: Valued): { tenor: string; duration: number }[] {
  const h = bumpSize(task)
  const p0 = v.valuation.npv
  const tenors = keyRateTenors(task)
  const periods = tenors.map((t) => parsePeriod(t))
  const timesOf = (c: YieldTermStructure) =>
    periods.map((p) => c.dayCounter.yearFraction(c.referenceDate, shiftByPeriod(c.referenceDate, p)))
  const zeros = zeroMemos()
  const bumpAt =
    (i: number, size: number): Bump =>
    (c) =>
      new PiecewiseZeroSpreadedTermStructure(
        c,
        timesOf(c),
        periods.map((_, j) => (j === i ? size : 0)),
        zeros(c),
      )
  const scratch = amountsScratch(v)
  return tenors.map((tenor, i) => {
    const down = npvUnder(task, v, bumpAt(i, -h), scratch)
    const up = npvUnder(task, v, bumpAt(i, h), scratch)
    return { tenor, duration: (down - up) / (2 * h * p0) }
  })
}

/**
 * Option-adjusted spread of a callable: the continuous spread over the benchmark curve at which the Hull-White
 * tree's dirty value at settlement equals the target (both in currency), to the request's accuracy and within its
 * evaluations. Unlike QuantLib 1.29's CallableBond::OAS it prices on the given curve. Newton from `guess` (the
 * z-spread operation passes the bond's z-spread, which the option moves by tens of basis points, not percents),
 * each rollback carrying the value's derivative in the spread: ~3 rollbacks (a step whose predicted error is inside
 * the accuracy ends it) where Brent from the guess took ~10 (each 1.2 times cheaper); Brent from the guess as
 * before when Newton cannot proceed (a flat value).
 */
export function optionAdjustedSpread(
  task: PricingTask,
  inst: Instrument,
  benchmark: YieldTermStructure,
  targetDirtyCcy: number,
  accuracy: number,
  maxIterations: number,
  guess = 0,
): number {
  // one tree (kept: the discount curve's when the benchmark is the same curve, as it often is): every trial spread is
  // a rollback with its short rates moved (callableSpreadValuation)
  const value = callableTree(task, inst, 'benchmark')
  const newton = newtonFromGuess(
    (s) => {
      const v = value.withSlope(s)
      return { value: v.settlementValue - targetDirtyCcy, slope: v.slope }
    },
    accuracy,
    guess,
    maxIterations,
  )
  return (
    newton ??
    solveWithStep(brent, (s: number) => value(s).settlementValue - targetDirtyCcy, accuracy, guess, 0.001, {
      maxEvaluations: maxIterations,
    })
  )
}

/** NPV, DV01 and key-rate durations at once (account risk): nothing to be relative to for an expired bond. */
export function positionRisk(
  task: PricingTask,
  v: Valued,
): { npv: number; dv01: number; key_rate_durations: { tenor: string; duration: number }[] } {
  const npv = v.valuation.npv
  if (npv === 0)
    return { npv, dv01: 0, key_rate_durations: keyRateTenors(task).map((tenor) => ({ tenor, duration: 0 })) }
  return { npv, dv01: effectiveRisk(task, v).dv01, key_rate_durations: keyRateDurations(task, v) }
}
