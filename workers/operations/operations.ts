/**
 * The ten pricer operations over the numerical core, one function each: plain task in, plain result out, in
 * the spec's response field names (the main thread adds asset_uid, instrument_type, operation,
 * valuation_date and market_data_set).
 */
import type { PricingTask } from '../../src/contracts/pricing.ts'
import type { DateSerial } from '../quant/types.ts'
import { DateRangeError, QuantInputError, require, requireFinite } from '../quant/errors.ts'
import { advance } from '../quant/time/calendar.ts'
import { fromIso, inDateRange, toIso } from '../quant/time/date.ts'
import { amountOf, hasOccurred, isCoupon, rateOf, type Leg } from '../quant/cashflows/cash-flow.ts'
import { accruedAmount as legAccrued, npv, npvYield, type DurationType } from '../quant/cashflows/cashflows.ts'
import type { YieldTermStructure } from '../quant/curves/yield-term-structure.ts'
import { notional, settlementDate, type Bond } from '../quant/instruments/bond.ts'
import { discountingBondEngine, type BondValuation } from '../quant/engines/bond/discounting-bond-engine.ts'
import { accruedAmount, basisPointValue, convexity, dirtyPriceFromValue, duration, yieldFromCleanPrice, zSpreadFromCleanPrice } from '../quant/engines/bond/bond-functions.ts'
import { buildCurve } from '../quant/curves/curve-from-nodes.ts'
import { ImpliedTermStructure } from '../quant/curves/implied-term-structure.ts'
import { discountCurve, floatingIndex, requiredCurve } from './market.ts'
import { commonTerms, floatingCouponDates, isFloatingType, rebuildFixedRateBond, rebuildFloatingRateBond, rebuildZeroCouponBond, yieldFrequency } from './rebuild-instrument.ts'
import { callableValuation, CALLABLE_ENGINE_ID } from './callable.ts'

type Result = Record<string, unknown>
type Terms = Record<string, unknown>

interface Instrument {
  bond: Bond
  evaluationDate: DateSerial
  terms: Terms
  type: string
}

const INSTRUMENT_CACHE_SIZE = 512
const instruments = new Map<string, Instrument>()

/** The rebuilt instrument, cached by the task's instrument key (rebuilding costs more than pricing). */
function instrument(task: PricingTask, withProjection = true): Instrument {
  const key = withProjection ? task.instrument_key : undefined
  if (key === undefined) return rebuild(task, withProjection)
  let inst = instruments.get(key)
  if (!inst) {
    inst = rebuild(task, withProjection)
    if (instruments.size >= INSTRUMENT_CACHE_SIZE) instruments.delete(instruments.keys().next().value as string)
    instruments.set(key, inst)
  }
  return inst
}

function rebuild(task: PricingTask, withProjection: boolean): Instrument {
  const evaluationDate = fromIso(task.valuation_date, 'valuation_date')
  const terms = task.terms
  const type = task.instrument_type
  let bond: Bond
  if (type === 'ZeroCouponBond') bond = rebuildZeroCouponBond(terms)
  else if (isFloatingType(type)) bond = rebuildFloatingRateBond(type, terms, floatingIndex(task, String(terms.floating_rate_index_uid), withProjection), evaluationDate)
  else if (type === 'FixedRateBond' || type === 'AmortizingFixedRateBond' || type === 'CallableFixedRateBond') bond = rebuildFixedRateBond(type, terms)
  else throw new QuantInputError(`instrument type '${type}' is not registered for the fixed income pricer`, 'instrument_type')
  return { bond, evaluationDate, terms, type }
}

interface Valued extends Instrument {
  curve: YieldTermStructure
  valuation: BondValuation
  dirty: number
  accrued: number
  clean: number
}

function value(task: PricingTask, inst: Instrument = instrument(task)): Valued {
  const curve = discountCurve(task, inst.evaluationDate, commonTerms(inst.terms).dayCounter)
  const valuation = inst.type === 'CallableFixedRateBond' ? callableValuation(inst.bond, inst.terms, curve, inst.evaluationDate) : discountingBondEngine(inst.bond, curve, inst.evaluationDate)
  const dirty = dirtyPriceFromValue(inst.bond, valuation.settlementValue, valuation.settlementDate)
  const accrued = accruedAmount(inst.bond, valuation.settlementDate)
  return { ...inst, curve, valuation, dirty, accrued, clean: dirty - accrued }
}

function yieldRate(v: Instrument, y: number) {
  return { rate: y, dayCounter: commonTerms(v.terms).dayCounter, compounding: 'Compounded' as const, frequency: yieldFrequency(v.terms, v.type) }
}

function solveYield(v: Instrument, cleanPrice: number, settlement: DateSerial): number {
  const c = commonTerms(v.terms)
  return yieldFromCleanPrice(v.bond, cleanPrice, c.dayCounter, 'Compounded', yieldFrequency(v.terms, v.type), settlement)
}

const finite = (r: Record<string, number>) => {
  for (const [k, x] of Object.entries(r)) requireFinite(x, k)
  return r
}

export function price(task: PricingTask): Result {
  const v = value(task)
  return { price: requireFinite(v.valuation.npv, 'price'), units: 'npv' }
}

export function analytics(task: PricingTask): Result {
  const v = value(task)
  const s = v.valuation.settlementDate
  const out: Record<string, number> = { clean_price: v.clean, dirty_price: v.dirty, accrued_amount: v.accrued, npv: v.valuation.npv, settlement_value: v.valuation.settlementValue }
  if (notional(v.bond, s) > 0) {
    const y = solveYield(v, v.clean, s)
    const rate = yieldRate(v, y)
    Object.assign(out, {
      yield: y,
      simple_duration: duration(v.bond, rate, 'Simple', s),
      modified_duration: duration(v.bond, rate, 'Modified', s),
      macaulay_duration: duration(v.bond, rate, 'Macaulay', s),
      convexity: convexity(v.bond, rate, s),
      bpv: basisPointValue(v.bond, rate, s),
    })
  }
  return { analytics: finite(out) }
}

export function durationOp(task: PricingTask): Result {
  const v = value(task)
  const s = v.valuation.settlementDate
  const type = ((task.parameters.duration_type as string | undefined) ?? 'Modified') as DurationType
  const y = solveYield(v, v.clean, s)
  return { duration_type: type, duration: requireFinite(duration(v.bond, yieldRate(v, y), type, s), 'duration') }
}

export function yieldOp(task: PricingTask): Result {
  const override = task.parameters.override_clean_price
  if (override !== undefined && override !== null) {
    const inst = instrument(task)
    const s = settlementDate(inst.bond, inst.evaluationDate)
    return { yield: requireFinite(solveYield(inst, Number(override), s), 'yield') }
  }
  const v = value(task)
  return { yield: requireFinite(solveYield(v, v.clean, v.valuation.settlementDate), 'yield') }
}

export function zSpread(task: PricingTask): Result {
  const inst = instrument(task)
  const curve = requiredCurve(task, 'benchmark')
  const s = settlementDate(inst.bond, inst.evaluationDate)
  const n = notional(inst.bond, s)
  require(n > 0, 'the bond has no notional outstanding at settlement: no z-spread', 'parameters.target_dirty_ccy')
  const target = Number(task.parameters.target_dirty_ccy)
  const clean = (target / n) * 100 - accruedAmount(inst.bond, s)
  const tol = Number(task.parameters.tol ?? 1e-12)
  const maxIter = Number(task.parameters.max_iter ?? 200)
  const z = zSpreadFromCleanPrice(inst.bond, clean, curve, s, { accuracy: tol, maxIterations: maxIter, guess: 0 })
  return { target_dirty_ccy: target, z_spread: requireFinite(z, 'z_spread'), units: 'decimal' }
}

function legRows(leg: Leg): Record<string, Record<string, unknown>[]> {
  const legs: Record<string, Record<string, unknown>[]> = { fixed: [], floating: [], amortization: [], redemption: [] }
  for (const cf of leg) {
    const base = { payment_date: toIso(cf.date), amount: amountOf(cf) }
    if (!isCoupon(cf)) {
      legs[cf.kind].push(base)
      continue
    }
    const accrual = { accrual_start_date: toIso(cf.accrualStart), accrual_end_date: toIso(cf.accrualEnd), nominal: cf.nominal, accrual_period: cf.dayCounter.yearFraction(cf.accrualStart, cf.accrualEnd, cf.refStart, cf.refEnd) }
    if (cf.kind === 'fixed') legs.fixed.push({ ...base, rate: rateOf(cf), ...accrual })
    else legs.floating.push({ ...base, rate: rateOf(cf), ...accrual, fixing_date: toIso(cf.fixingDate), index_fixing: cf.indexFixing, gearing: cf.gearing, spread: cf.spread, cap: cf.cap, floor: cf.floor })
  }
  return legs
}

/**
 * The flows a client still expects: those not yet occurred at the valuation date (QuantLib's hasOccurred with
 * reference-date events excluded, so a flow paid on the valuation date is not listed); `include_paid` adds the
 * paid ones, whose floating amounts then need their historic fixings.
 */
function listedFlows(task: PricingTask): Leg {
  const inst = instrument(task)
  return task.parameters.include_paid === true ? inst.bond.cashflows : inst.bond.cashflows.filter((cf) => !hasOccurred(cf, inst.evaluationDate))
}

export function cashflows(task: PricingTask): Result {
  return { legs: legRows(listedFlows(task)) }
}

export function netCashflows(task: PricingTask): Result {
  const byDate = new Map<DateSerial, number>()
  for (const cf of listedFlows(task)) byDate.set(cf.date, (byDate.get(cf.date) ?? 0) + amountOf(cf))
  return { cashflows: [...byDate].sort((a, b) => a[0] - b[0]).map(([d, amount]) => ({ payment_date: toIso(d), net_cashflow: amount })) }
}

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
function settlementValueOn(v: Instrument, curve: YieldTermStructure, evaluation: DateSerial, settlement: DateSerial): number {
  return v.type === 'CallableFixedRateBond' ? callableValuation(v.bond, v.terms, curve, evaluation).settlementValue : npv(v.bond.cashflows, curve, settlement, settlement)
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
  const c = commonTerms(v.terms)
  const s0 = v.valuation.settlementDate
  const n0 = notional(v.bond, s0)
  require(n0 > 0, 'the bond has no notional outstanding at settlement: no carry', 'parameters.horizon_days')
  const per100 = (ccy: number) => (ccy * 100) / n0
  const h1 = atHorizon(() => advance(c.calendar, v.evaluationDate, horizonDays, 'Days'))
  const s1 = atHorizon(() => settlementDate(v.bond, h1))
  const p1Curve = per100(atHorizon(() => settlementValueOn(v, new ImpliedTermStructure(v.curve, h1), h1, s1)))
  const p1Rolled = per100(atHorizon(() => settlementValueOn(v, rolledCurve(task, v, h1), h1, s1)))
  const y0 = solveYield(v, v.clean, s0)
  const p1Yield = per100(npvYield(v.bond.cashflows, yieldRate(v, y0), s1, s1))
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

/** Today's discount curve moved forward to the horizon with the same shape (constant-tenor roll; a flat curve stays flat). */
function rolledCurve(task: PricingTask, v: Valued, horizon: DateSerial): YieldTermStructure {
  const stored = task.parameters.with_yield === undefined || task.parameters.with_yield === null ? task.curves.discount : undefined
  if (!stored) return discountCurve(task, horizon, commonTerms(v.terms).dayCounter)
  const shift = horizon - v.evaluationDate
  return buildCurve({ referenceDate: inDateRange(fromIso(stored.reference_date, 'curve.reference_date') + shift), nodes: stored.nodes, building: stored.building })
}

export function curvePreview(task: PricingTask): Result {
  value(task)
  return { diagnostics: { pricing_engine_id: task.instrument_type === 'CallableFixedRateBond' ? CALLABLE_ENGINE_ID : 'DiscountingBondEngine' } }
}

/**
 * Coverage of the fixings a floater's pricing needs: those of coupons not yet paid at the valuation date whose
 * fixing date is before it (paid coupons need none). The row's required window runs from the earlier of the
 * first such fixing and valuation date − 365 days (the peer's window) to the valuation date, so a floater valued
 * before its first fixing still reports its index, complete with nothing missing.
 */
export function fixingsAvailability(task: PricingTask): Result {
  if (!isFloatingType(task.instrument_type)) return { status: 'not_required', fixings: [] }
  const evaluation = fromIso(task.valuation_date, 'valuation_date')
  const indexUid = String(task.terms.floating_rate_index_uid)
  const index = floatingIndex(task, indexUid, false)
  const required = floatingCouponDates(task.instrument_type, task.terms, index)
    .filter((c) => c.fixingDate < evaluation && c.paymentDate > evaluation)
    .map((c) => c.fixingDate)
  const start = Math.min(evaluation - 365, ...required)
  const available = [...index.history.keys()].filter((d) => d >= start && d <= evaluation).sort((a, b) => a - b)
  const missing = required.filter((d) => !index.history.has(d)).length
  const status = missing === 0 ? 'complete' : missing === required.length ? 'missing' : 'partial'
  return {
    status,
    fixings: [{
      index_uid: indexUid,
      index_identifier: index.name,
      required_start_date: toIso(start),
      required_end_date: toIso(evaluation),
      available_start_date: available.length ? toIso(available[0]) : null,
      available_end_date: available.length ? toIso(available[available.length - 1]) : null,
      missing_count: missing,
      status,
    }],
  }
}
