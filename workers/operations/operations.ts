/**
 * The ten pricer operations over the numerical core, one function each: plain task in, plain result out, in
 * the spec's response field names (the main thread adds asset_uid, instrument_type, operation,
 * valuation_date and market_data_set). Carry is in carry.ts, curve-bump risk in risk.ts.
 */
import { PRICING_ENGINES, type InstrumentType, type PricingTask } from '../../src/contracts/pricing.ts'
import type { InstrumentTermsFields } from '../../src/contracts/instrument-terms.ts'
import type { DateSerial } from '../quant/types.ts'
import { require, requireFinite } from '../quant/errors.ts'
import { fromIso, toIso } from '../quant/time/date.ts'
import {
  amountOf,
  hasOccurred,
  isCoupon,
  rateOf,
  type FloatingRateCoupon,
  type Leg,
} from '../quant/cashflows/cash-flow.ts'
import { yieldFlowsWorkspace } from '../quant/cashflows/cashflows.ts'
import {
  bondYieldConvention,
  interestRate,
  measuresAt,
  pricesFromYield,
  quotedYield,
  requestedYieldConvention,
  solveYield,
  yieldsToCall,
  type YieldConvention,
} from './yields.ts'
import { cpiRequiredMonths, indexRatio } from '../quant/instruments/bonds/cpi-bond.ts'
import { notional, settlementDate } from '../quant/instruments/bond.ts'
import { accruedAmount, duration, zSpreadFromCleanPrice } from '../quant/engines/bond/bond-functions.ts'
import { floatingIndex, inflationIndex, requiredCurve } from './market.ts'
import { overnightDailyRates, type OvernightCouponPlan } from '../quant/cashflows/overnight-leg.ts'
import { cpiBondOptions, floatingCouponDates, isFloatingType, rebuildFixedRateBond } from './rebuild-instrument.ts'
import {
  finite,
  instrument,
  prewarmFloaterPlan,
  requireLive,
  taskTerms,
  value,
  type Instrument,
  type Valued,
} from './valuation.ts'
import { effectiveRisk, keyRateDurations, optionAdjustedSpread, positionRisk } from './risk.ts'

type Result = Record<string, unknown>

/** The start-up warm-up: caches a fixed-coupon bond's instrument, a floater's plan. Nothing to answer. */
export function prewarm(task: PricingTask): Result {
  if (isFloatingType(task.instrument_type)) prewarmFloaterPlan(task)
  else instrument(task)
  return {}
}

export function price(task: PricingTask): Result {
  const v = value(task)
  return { price: requireFinite(v.valuation.npv, 'price'), units: 'npv' }
}

export function analytics(task: PricingTask): Result {
  const quoted = quotedYield(task)
  if (quoted !== null) return analyticsFromYield(task, quoted)
  const v = value(task)
  const s = v.valuation.settlementDate
  const out: Record<string, number> = {
    clean_price: v.clean,
    dirty_price: v.dirty,
    accrued_amount: v.accrued,
    npv: v.valuation.npv,
    settlement_value: v.valuation.settlementValue,
  }
  let calls: ReturnType<typeof yieldsToCall> | undefined
  if (notional(v.bond, s) > 0) {
    const conv = requestedYieldConvention(task, v)
    // the yield, then the durations, convexity and BPV at it, from one computation of the live flows
    const ws = yieldFlowsWorkspace()
    const y = solveYield(v.bond, conv, v.clean, s, ws)
    Object.assign(out, { yield: y, ...measuresAt(v.bond, interestRate(conv, y), s, ws) })
    if (v.type === 'CallableFixedRateBond') calls = yieldsToCall(v, conv, v.clean, s)
    if (v.inflation) Object.assign(out, inflationMeasures(v, conv, s))
  }
  // curve-bump risk needs a value to be relative to (an expired bond has none)
  if (v.valuation.npv !== 0) Object.assign(out, effectiveRisk(task, v))
  return { analytics: finite(out), ...calls }
}

/**
 * A CPI bond's index ratio (the CPI at settlement, read as its coupons read it, over the base CPI) and real yield (the
 * yield of its real flows, a fixed-rate bond of the same terms, at clean / index ratio, in the yield's conventions);
 * the real yield is left out where it does not solve (a growth-only bond's negative clean price).
 */
function inflationMeasures(v: Valued, conv: YieldConvention, s: DateSerial): Record<string, number> {
  let ratio: number
  try {
    ratio = indexRatio(v.inflation!, s, v.evaluationDate)
  } catch {
    // the CPI at settlement cannot be read (not published, past the curve): the prices stand without the ratio
    return {}
  }
  const real = rebuildFixedRateBond('FixedRateBond', { ...v.terms, redemption: 100 }, v.parsed.common)
  try {
    return { index_ratio: ratio, real_yield: solveYield(real, conv, v.clean / ratio, s, yieldFlowsWorkspace()) }
  } catch {
    return { index_ratio: ratio }
  }
}

/**
 * Analytics from a quoted yield (design §6.1): clean, dirty and accrued by QuantLib's BondFunctions at that yield,
 * and the yield measures at it; no curve, so no curve-bump risk. A callable's figures are its straight bond's.
 */
function analyticsFromYield(task: PricingTask, y: number): Result {
  const inst = requireLive(instrument(task))
  const s = settlementDate(inst.bond, inst.evaluationDate)
  require(notional(inst.bond, s) >
    0, 'the bond has no notional outstanding at settlement: no price from a yield', 'parameters.quoted_yield')
  const conv = requestedYieldConvention(task, inst)
  const rate = interestRate(conv, y)
  const p = pricesFromYield(inst.bond, rate, s)
  require(Number.isFinite(p.dirty), () =>
    `parameters.quoted_yield: ${y} gives no finite price in these conventions (${conv.compounding}, ` +
    `${conv.frequency} a year)`, 'parameters.quoted_yield')
  const out: Record<string, number> = {
    clean_price: p.clean,
    dirty_price: p.dirty,
    accrued_amount: p.accrued,
    yield: y,
    ...measuresAt(inst.bond, rate, s),
  }
  const calls = inst.type === 'CallableFixedRateBond' ? yieldsToCall(inst, conv, p.clean, s) : undefined
  return { analytics: finite(out), ...calls }
}

/** Yield durations (Simple, Macaulay, Modified) or curve-bump ones (Effective, KeyRate: see risk.ts). */
export function durationOp(task: PricingTask): Result {
  const v = value(task)
  const type = task.parameters.duration_type ?? 'Modified'
  if (type === 'Effective' || type === 'KeyRate') {
    require(v.valuation.npv !== 0, 'the bond has no value left: no curve-bump duration', 'parameters.duration_type')
    if (type === 'Effective')
      return { duration_type: type, duration: requireFinite(effectiveRisk(task, v).effective_duration, 'duration') }
    const krd = keyRateDurations(task, v)
    for (const k of krd) requireFinite(k.duration, `key-rate duration ${k.tenor}`)
    return { duration_type: type, duration: krd.reduce((sum, k) => sum + k.duration, 0), key_rate_durations: krd }
  }
  const s = v.valuation.settlementDate
  const conv = bondYieldConvention(v)
  const y = solveYield(v.bond, conv, v.clean, s)
  return {
    duration_type: type,
    duration: requireFinite(duration(v.bond, interestRate(conv, y), type, s), 'duration'),
  }
}

/** Internal (account risk): NPV, DV01 and key-rate durations of one position's instrument. */
export function risk(task: PricingTask): Result {
  const r = positionRisk(task, value(task))
  finite({ npv: r.npv, dv01: r.dv01, ...Object.fromEntries(r.key_rate_durations.map((k) => [k.tenor, k.duration])) })
  return r
}

/**
 * The yield of the model clean price, or of override_clean_price, in the requested conventions; a callable's yields to
 * call.
 */
export function yieldOp(task: PricingTask): Result {
  const override = task.parameters.override_clean_price
  let inst: Instrument
  let clean: number
  let s: DateSerial
  if (override !== undefined && override !== null) {
    inst = requireLive(instrument(task))
    s = settlementDate(inst.bond, inst.evaluationDate)
    clean = override
  } else {
    const v = value(task)
    inst = v
    s = v.valuation.settlementDate
    clean = v.clean
  }
  const conv = requestedYieldConvention(task, inst)
  const result: Result = { yield: requireFinite(solveYield(inst.bond, conv, clean, s), 'yield') }
  if (inst.type === 'CallableFixedRateBond') Object.assign(result, yieldsToCall(inst, conv, clean, s))
  return result
}

export function zSpread(task: PricingTask): Result {
  const inst = requireLive(instrument(task))
  const curve = requiredCurve(task, 'benchmark')
  const s = settlementDate(inst.bond, inst.evaluationDate)
  const n = notional(inst.bond, s)
  require(n > 0, 'the bond has no notional outstanding at settlement: no z-spread', 'parameters.target_dirty_ccy')
  const target = Number(task.parameters.target_dirty_ccy)
  const clean = (target / n) * 100 - accruedAmount(inst.bond, s)
  const tol = task.parameters.tol ?? 1e-12
  const maxIter = task.parameters.max_iter ?? 200
  const z = zSpreadFromCleanPrice(inst.bond, clean, curve, s, { accuracy: tol, maxIterations: maxIter, guess: 0 })
  const result: Result = { target_dirty_ccy: target, z_spread: requireFinite(z, 'z_spread'), units: 'decimal' }
  // a callable's spread with its options priced: the tree over the same benchmark
  if (inst.type === 'CallableFixedRateBond')
    result.oas = requireFinite(optionAdjustedSpread(task, inst, curve, target, tol, maxIter, z), 'oas')
  return result
}

/**
 * An overnight coupon's observation (design §4.2): its index_fixing is the period's compounded (or averaged) rate, its
 * fixing_date the first day's; the days it observes and how.
 */
function overnightRow(c: FloatingRateCoupon, p: OvernightCouponPlan, evaluationDate: DateSerial) {
  const row: Record<string, unknown> = {
    averaging: p.averaging,
    observation_start_date: toIso(p.obs[0]),
    observation_end_date: toIso(p.obs[p.obs.length - 1]),
    last_fixing_date: toIso(p.fixing[p.fixing.length - 1]),
    observed_days: p.fixing.length,
  }
  // the coupon accruing at the valuation date lists its days: the fixings so far, the forecasts after
  if (c.accrualStart <= evaluationDate && evaluationDate < c.accrualEnd)
    row.daily_fixings = overnightDailyRates(c)?.map((d) => ({
      fixing_date: toIso(d.fixingDate),
      rate: d.rate,
      weight: d.weight,
      source: d.fixed ? 'fixing' : 'forecast',
    }))
  return row
}

function legRows(leg: Leg): Record<string, Record<string, unknown>[]> {
  const legs: Record<string, Record<string, unknown>[]> = { fixed: [], floating: [], amortization: [], redemption: [] }
  for (const cf of leg) {
    const base = { payment_date: toIso(cf.date), amount: amountOf(cf) }
    if (!isCoupon(cf)) {
      legs[cf.kind].push(base)
      continue
    }
    const accrual = {
      accrual_start_date: toIso(cf.accrualStart),
      accrual_end_date: toIso(cf.accrualEnd),
      nominal: cf.nominal,
      accrual_period: cf.dayCounter.yearFraction(cf.accrualStart, cf.accrualEnd, cf.refStart, cf.refEnd),
    }
    if (cf.kind === 'fixed') legs.fixed.push({ ...base, rate: rateOf(cf), ...accrual })
    else
      legs.floating.push({
        ...base,
        rate: rateOf(cf),
        ...accrual,
        fixing_date: toIso(cf.fixingDate),
        index_fixing: cf.indexFixing,
        gearing: cf.gearing,
        spread: cf.spread,
        cap: cf.cap,
        floor: cf.floor,
        ...(cf.overnight ? overnightRow(cf, cf.overnight.plan, cf.overnight.evaluationDate) : {}),
        // a CPI coupon: the CPI it reads (index_fixing) over the base, its gearing the real rate
        ...(cf.inflation ? { base_cpi: cf.inflation.baseCpi, index_ratio: cf.indexFixing / cf.inflation.baseCpi } : {}),
      })
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
  return task.parameters.include_paid === true
    ? inst.bond.cashflows
    : inst.bond.cashflows.filter((cf) => !hasOccurred(cf, inst.evaluationDate))
}

export function cashflows(task: PricingTask): Result {
  return { legs: legRows(listedFlows(task)) }
}

export function netCashflows(task: PricingTask): Result {
  const byDate = new Map<DateSerial, number>()
  for (const cf of listedFlows(task)) byDate.set(cf.date, (byDate.get(cf.date) ?? 0) + amountOf(cf))
  return {
    cashflows: [...byDate]
      .sort((a, b) => a[0] - b[0])
      .map(([d, amount]) => ({ payment_date: toIso(d), net_cashflow: amount })),
  }
}

export function curvePreview(task: PricingTask): Result {
  value(task)
  return {
    diagnostics: {
      pricing_engine_id: PRICING_ENGINES[task.instrument_type as InstrumentType] ?? PRICING_ENGINES.FixedRateBond,
    },
  }
}

/**
 * Coverage of the fixings a floater's pricing needs: those of coupons not yet paid at the valuation date whose
 * fixing date is before it (paid coupons need none). The row's required window runs from the earlier of the
 * first such fixing and valuation date − 365 days (the peer's window) to the valuation date, so a floater valued
 * before its first fixing still reports its index, complete with nothing missing.
 */
export function fixingsAvailability(task: PricingTask): Result {
  const cpi = task.instrument_type === 'CPIBond'
  if (!isFloatingType(task.instrument_type) && !cpi) return { status: 'not_required', fixings: [] }
  const evaluation = fromIso(task.valuation_date, 'valuation_date')
  const terms: InstrumentTermsFields = taskTerms(task)
  const indexUid = String(cpi ? terms.inflation_index_uid : terms.floating_rate_index_uid)
  // a CPI bond: the published months its unpaid flows read; a floater: its unpaid coupons' past fixing dates
  let index: { history: ReadonlyMap<DateSerial, number>; name: string }
  let required: DateSerial[]
  if (cpi) {
    const inflation = inflationIndex(task, indexUid)
    index = inflation
    required = cpiRequiredMonths(cpiBondOptions(terms, inflation), evaluation)
  } else {
    const floating = floatingIndex(task, indexUid, false)
    index = floating
    required = floatingCouponDates(task.instrument_type, terms, floating)
      .filter((c) => c.fixingDate < evaluation && c.paymentDate > evaluation)
      .map((c) => c.fixingDate)
  }
  const start = Math.min(evaluation - 365, ...required)
  const available = [...index.history.keys()].filter((d) => d >= start && d <= evaluation).sort((a, b) => a - b)
  const missing = required.filter((d) => !index.history.has(d)).length
  const status = missing === 0 ? 'complete' : missing === required.length ? 'missing' : 'partial'
  return {
    status,
    fixings: [
      {
        index_uid: indexUid,
        index_identifier: index.name,
        required_start_date: toIso(start),
        required_end_date: toIso(evaluation),
        available_start_date: available.length ? toIso(available[0]) : null,
        available_end_date: available.length ? toIso(available[available.length - 1]) : null,
        missing_count: missing,
        status,
      },
    ],
  }
}
