/**
 * Carry and roll-down (design §6): today's price, the price at the horizon on today's curve seen from there
 * (forwards unchanged) and at today's yield, and the constant-tenor roll as extra keys.
 */
import type { PricingTask, ShortRateModel } from '../../src/contracts/pricing.ts'
import type { DateSerial } from '../quant/types.ts'
import { DateRangeError, require } from '../quant/errors.ts'
import { advance } from '../quant/time/calendar.ts'
import { fromIso, inDateRange } from '../quant/time/date.ts'
import { amountOf, hasOccurred } from '../quant/cashflows/cash-flow.ts'
import { accruedAmount as legAccrued, npv, npvYield } from '../quant/cashflows/cashflows.ts'
import type { YieldTermStructure } from '../quant/curves/yield-term-structure.ts'
import { notional, settlementDate } from '../quant/instruments/bond.ts'
import { buildCurve } from '../quant/curves/curve-from-nodes.ts'
import { ImpliedTermStructure } from '../quant/curves/implied-term-structure.ts'
import { discountCurve, taskCurveData } from './market.ts'
import { callableValuation } from './callable.ts'
import { finite, value, type Instrument, type Valued } from './valuation.ts'
import { callableOfInstrument } from './callable.ts'
import { bondYieldConvention, interestRate, solveYield } from './yields.ts'
import { timeCaches } from './rebuild-instrument.ts'

type Result = Record<string, unknown>

/** A date the horizon pushes past QuantLib's range is the horizon's fault (422 naming it). */
function atHorizon<T>(compute: () => T): T {
  try {
    return compute()
  } catch (error) {
    if (error instanceof DateRangeError) throw new DateRangeError(error.message, 'parameters.horizon_days')
    throw error
  }
}

/** A bond's dirty value in currency at the settlement of `evaluation` on `curve` (callables on the Hull-White tree). */
function settlementValueOn(
  v: Instrument,
  curve: YieldTermStructure,
  evaluation: DateSerial,
  settlement: DateSerial,
  model: ShortRateModel | undefined,
): number {
  return v.type === 'CallableFixedRateBond'
    ? callableValuation(callableOfInstrument(v), curve, evaluation, model).settlementValue
    : npv(v.bond.cashflows, curve, settlement, settlement)
}

/**
 * Carry and roll-down over `horizon_days` business days of the bond calendar (design §6). h1 is the horizon
 * date, s0/s1 the settlement dates of the valuation date and of h1; every per-100 figure is per 100 of the
 * notional at s0. p1 "unchanged curve" is the dirty value at s1 with evaluation date h1 on today's curve seen
 * from h1 (ImpliedTermStructure: forwards unchanged), a callable on the same tree there; p1 "constant yield"
 * keeps today's yield. Floating coupons keep the amounts known today (their fixings do not move with the
 * horizon). The constant-tenor roll (today's curve shape moved to h1) is reported under extra keys.
 */
export function carryRollDown(task: PricingTask): Result {
  const v = value(task)
  const horizonDays = Number(task.parameters.horizon_days)
  const c = v.parsed.common
  const s0 = v.valuation.settlementDate
  const n0 = notional(v.bond, s0)
  require(n0 > 0, 'the bond has no notional outstanding at settlement: no carry', 'parameters.horizon_days')
  const per100 = (ccy: number) => (ccy * 100) / n0
  const h1 = atHorizon(() => advance(c.calendar, v.evaluationDate, horizonDays, 'Days'))
  const s1 = atHorizon(() => settlementDate(v.bond, h1))
  const p1Curve = per100(
    atHorizon(() => settlementValueOn(v, new ImpliedTermStructure(v.curve, h1), h1, s1, task.short_rate_model)),
  )
  const p1Rolled = per100(
    atHorizon(() => settlementValueOn(v, rolledCurve(task, v, h1), h1, s1, task.short_rate_model)),
  )
  const conv = bondYieldConvention(v)
  const y0 = solveYield(v.bond, conv, v.clean, s0)
  const p1Yield = per100(npvYield(v.bond.cashflows, interestRate(conv, y0), s1, s1))
  let between = 0
  for (const cf of v.bond.cashflows) if (!hasOccurred(cf, s0) && hasOccurred(cf, s1)) between += amountOf(cf)
  const cr = p1Curve - v.dirty
  const carry = p1Yield - v.dirty
  const metrics: Record<string, number> = {
    p0_dirty_per100: v.dirty,
    p0_clean_per100: v.clean,
    p1_dirty_per100_unchanged_curve: p1Curve,
    p1_dirty_per100_const_yield: p1Yield,
    cr_dirty: cr,
    carry_const_dirty: carry,
    roll_down_dirty: cr - carry,
    coupons_between_ccy: between,
    cr_plus_coupons_dirty: cr + per100(between),
    p1_dirty_per100_rolled_curve: p1Rolled,
    roll_down_rolled_dirty: p1Rolled - p1Yield,
  }
  if (task.parameters.clean !== false) {
    const accrued1 = legAccrued(v.bond.cashflows, s1)
    const p1CleanCurve = p1Curve - per100(accrued1)
    const p1CleanYield = p1Yield - per100(accrued1)
    Object.assign(metrics, {
      accrued0_ccy: legAccrued(v.bond.cashflows, s0),
      accrued1_ccy: accrued1,
      accrued1_per100: per100(accrued1),
      p1_clean_per100_unchanged_curve: p1CleanCurve,
      p1_clean_per100_const_yield: p1CleanYield,
      cr_clean: p1CleanCurve - v.clean,
      carry_const_clean: p1CleanYield - v.clean,
      roll_down_clean: p1CleanCurve - p1CleanYield,
    })
  }
  return { horizon_days: horizonDays, metrics: finite(metrics) }
}

/**
 * Today's discount curve moved forward to the horizon with the same shape (constant-tenor roll; a flat curve stays
 * flat).
 */
function rolledCurve(task: PricingTask, v: Valued, horizon: DateSerial): YieldTermStructure {
  const stored =
    task.parameters.with_yield === undefined || task.parameters.with_yield === null
      ? task.curves.discount && taskCurveData(task.curves.discount)
      : undefined
  if (!stored) return discountCurve(task, horizon, v.parsed.common.dayCounter)
  const shift = horizon - v.evaluationDate
  return buildCurve({
    referenceDate: inDateRange(fromIso(stored.reference_date, 'curve.reference_date') + shift),
    nodes: stored.nodes,
    building: stored.building,
    workspace: timeCaches,
  })
}
