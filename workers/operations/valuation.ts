/**
 * An operation's instrument and its valuation: the bond rebuilt from the task's terms (cached by the task's
 * content key: rebuilding costs more than pricing), valued on the discount curve (callables on the Hull-White
 * tree), and the yield at the bond's conventions. Shared by the operations, carry and risk.
 */
import type { PricingTask, ShortRateModel } from '../../src/contracts/pricing.ts'
import type { InstrumentTerms, InstrumentTermsFields } from '../../src/contracts/instrument-terms.ts'
import { parseJsonText } from '../../src/contracts/json-text.ts'
import type { DateSerial } from '../quant/types.ts'
import { BondMaturedError, QuantInputError, requireFinite } from '../quant/errors.ts'
import { fromIso, toIso } from '../quant/time/date.ts'
import type { YieldTermStructure } from '../quant/curves/yield-term-structure.ts'
import { settlementDate, type Bond } from '../quant/instruments/bond.ts'
import { discountingBondEngine, type BondValuation } from '../quant/engines/bond/discounting-bond-engine.ts'
import { accruedAmount, dirtyPriceFromValue } from '../quant/engines/bond/bond-functions.ts'
import { flatYieldCurve, floatingIndex, inflationIndex, optionletVolatility, requiredCurve } from './market.ts'
import { cpiBond, type CpiBondOptions } from '../quant/instruments/bonds/cpi-bond.ts'
import type { OptionletVolatility } from '../quant/cashflows/optionlet-pricer.ts'
import {
  commonTerms,
  cpiBondOptions,
  isFloatingType,
  planFloatingRateBond,
  rebuildFixedRateBond,
  rebuildZeroCouponBond,
  type CommonTerms,
} from './rebuild-instrument.ts'
import { floatingRateBondFrom, type FloatingRateBondPlan } from '../quant/instruments/bonds/floating-rate-bond.ts'
import type { IborIndex } from '../quant/indexes/ibor-index.ts'
import {
  callableOf,
  callableOfInstrument,
  callableSpreadValuation,
  callableTreeKey,
  callableTrees,
  KEPT_TREE_NODES,
  newTree,
  type CallableTree,
} from './callable.ts'
import type { CallableBond } from '../quant/instruments/bonds/callable-fixed-rate-bond.ts'
import type { SpreadValuation } from '../quant/engines/callable/tree-callable-bond-engine.ts'
import { BoundedCache } from '../../src/caches/bounded-cache.ts'

/** The terms an instrument was rebuilt from, read field by field (see rebuild-instrument.ts). */
type Terms = InstrumentTermsFields

export interface Instrument {
  bond: Bond
  evaluationDate: DateSerial
  terms: Terms
  type: string
  /** a floater's dated coupons and its index: re-forecast on a bumped projection curve without a rebuild (risk.ts) */
  floating?: FloatingTerms
  /** what valuations read of the terms, parsed once and shared by the instrument's copies (a dated one, a Valued) */
  parsed: ParsedTerms
  /** a CPI bond's options: its index ratio and real yield read them (analytics) */
  inflation?: CpiBondOptions
}

export interface FloatingTerms {
  plan: FloatingRateBondPlan
  index: IborIndex
  /** the optionlet volatility its coupons were priced with (undefined: zero) */
  vol: OptionletVolatility | undefined
  /** the plan entry of each of the bond's flows (floatingCouponPlanIndex), once a bump needs it; null: not mappable */
  planIndex?: Int32Array | null
}

/**
 * What valuations read of the terms, parsed once when the instrument is rebuilt and shared by its copies (a dated one,
 * a Valued). Kept on the instrument rather than in WeakMaps keyed by its terms and bond: a thread caches ~25,000
 * instruments of a book, and each read of such a map was a cold lookup.
 */
export interface ParsedTerms {
  readonly common: Readonly<CommonTerms>
  /** a callable's call schedule on its bond */
  readonly callable: CallableBond | undefined
}

/**
 * An estimate of a rebuilt instrument's heap bytes, the weight that bounds the instrument cache in MB
 * (PRICER_INSTRUMENT_CACHE_MB) besides its count. Measured on the scale book (heap after GC, 4,000 of a class): a
 * 23-flow fixed-coupon bond 5.2 kB (estimated 7.9), a 44-flow floater 16.5 kB (16.1; its planned coupons are its
 * coupons, with the forecast's inputs as well: ~64 bytes more each).
 */
export const instrumentBytes = (i: Instrument) =>
  2048 + 256 * i.bond.cashflows.length + 64 * (i.floating?.plan.leg.length ?? 0)

/**
 * The task's terms as an object: the main thread sends them as JSON text (src/contracts/pricing.ts), parsed here
 * once per task, and only by what reads them (a rebuild, fixings availability), never for a cached instrument.
 */
export function taskTerms(task: PricingTask): InstrumentTerms {
  if (typeof task.terms === 'string') task.terms = parseJsonText(task.terms)
  return task.terms
}

/** Rebuilt instruments of this worker, by content key (bounded in count and bytes: see cache-report.ts). */
export const instruments = new BoundedCache<Instrument>(512, instrumentBytes)

/** A floater's parsed terms and plan: what does not depend on the valuation date or the projection curve. */
interface FloaterPlan {
  terms: Terms
  common: Readonly<CommonTerms>
  plan: FloatingRateBondPlan
}

/**
 * Floater plans of this worker, by the task's plan key (bounded in count and bytes: see cache-report.ts). A floater's
 * instrument is keyed by its date, fixings and projection curve too, so every new curve (an intraday market-data
 * update) or day rebuilt it whole: its schedule, fixing and value dates and day counts, ~4 in 5 of a rebuild, which
 * depend on neither. A plan is its first instrument's coupons (iborLegCoupons in place): a cached plan costs little
 * beside it.
 */
export const floaterPlans = new BoundedCache<FloaterPlan>(512, (p) => 1024 + 320 * p.plan.leg.length)

/** The rebuilt instrument, cached by the task's instrument key (rebuilding costs more than pricing). */
export function instrument(task: PricingTask, withProjection = true): Instrument {
  const key = withProjection ? task.instrument_key : undefined
  if (key === undefined) return rebuild(task, withProjection)
  // a guest (priced away from its home thread, src/pricing/batcher.ts) reads the cache but does not fill it
  const cached = task.guest
    ? (instruments.get(key) ?? rebuild(task, withProjection))
    : instruments.getOrSet(key, () => rebuild(task, withProjection))
  // a fixed-coupon bond is cached across valuation dates (src/pricing/task.ts): this task's date is its own (a
  // floater's key holds its date)
  if (cached.floating || cached.inflation) return cached
  const evaluationDate = fromIso(task.valuation_date, 'valuation_date')
  if (cached.evaluationDate === evaluationDate) return cached
  const dated: Instrument = {
    bond: cached.bond,
    evaluationDate,
    terms: cached.terms,
    type: cached.type,
    floating: cached.floating,
    parsed: cached.parsed,
  }
  // kept in its place: the book's next request at this date (the start-up warm-up builds at today's) finds it as is
  if (!task.guest) instruments.set(key, dated)
  return dated
}

/**
 * The start-up warm-up of a floater (src/pricing/task.ts, prewarmTask): its plan, cached by its plan key, which a
 * request then re-forecasts on its curve instead of planning. Needs no curve and no fixings.
 */
export function prewarmFloaterPlan(task: PricingTask): void {
  const key = task.plan_key
  if (key === undefined || task.guest || floaterPlans.has(key)) return
  const terms: Terms = taskTerms(task)
  const common = commonTerms(terms)
  const plan = planFloatingRateBond(
    task.instrument_type,
    terms,
    floatingIndex(task, String(terms.floating_rate_index_uid), false),
    common,
  )
  floaterPlans.set(key, { terms, common, plan })
}

function rebuild(task: PricingTask, withProjection: boolean): Instrument {
  const evaluationDate = fromIso(task.valuation_date, 'valuation_date')
  const type = task.instrument_type
  if (isFloatingType(type)) {
    const known = task.plan_key === undefined ? undefined : floaterPlans.get(task.plan_key)
    const terms: Terms = known?.terms ?? taskTerms(task)
    const index = floatingIndex(task, String(terms.floating_rate_index_uid), withProjection)
    const common = known?.common ?? commonTerms(terms)
    const plan = known?.plan ?? planFloatingRateBond(type, terms, index, common)
    // a guest fills no cache of the thread it visits (see instrument)
    if (!known && task.plan_key !== undefined && !task.guest) floaterPlans.set(task.plan_key, { terms, common, plan })
    // the plan's first bond is its coupons (forecast in place); later ones, and bumped re-forecasts (risk.ts), make
    // their own
    const vol = withProjection ? optionletVolatility(task) : undefined
    return {
      bond: floatingRateBondFrom(plan, index, evaluationDate, true, vol),
      evaluationDate,
      terms,
      type,
      floating: { plan, index, vol, planIndex: undefined },
      parsed: { common, callable: undefined },
    }
  }
  if (type === 'CPIBond') {
    // its coupons depend on the date, the CPI fixings and the inflation curve (buildTask keys it by them)
    const terms: Terms = taskTerms(task)
    const common = commonTerms(terms)
    const inflation = cpiBondOptions(terms, inflationIndex(task, String(terms.inflation_index_uid)), common)
    return {
      bond: cpiBond(inflation, evaluationDate),
      evaluationDate,
      terms,
      type,
      parsed: { common, callable: undefined },
      inflation,
    }
  }
  if (
    type !== 'ZeroCouponBond' &&
    type !== 'FixedRateBond' &&
    type !== 'AmortizingFixedRateBond' &&
    type !== 'CallableFixedRateBond'
  ) {
    throw new QuantInputError(
      `instrument type '${type}' is not registered for the fixed income pricer`,
      'instrument_type',
    )
  }
  const terms = taskTerms(task)
  const common = commonTerms(terms)
  const bond =
    type === 'ZeroCouponBond' ? rebuildZeroCouponBond(terms, common) : rebuildFixedRateBond(type, terms, common)
  const callable = type === 'CallableFixedRateBond' ? callableOf(bond, terms) : undefined
  return { bond, evaluationDate, terms, type, parsed: { common, callable } }
}

export interface Valued extends Instrument {
  curve: YieldTermStructure
  valuation: BondValuation
  dirty: number
  accrued: number
  clean: number
  /** a callable's valuation under a continuous zero spread over `curve`, on its one fitted tree (parallel bumps) */
  spreaded?: (spread: number) => BondValuation
}

/** The callable's tree fitted to the task's curve of `role` at the instrument's date: a cached one, else fitted now. */
export function callableTree(task: PricingTask, inst: Instrument, role: 'discount' | 'benchmark'): SpreadValuation {
  const key = callableTreeKey(task, inst, role)
  return fittedTree(key, treeEntry(task, key, inst), inst, requiredCurve(task, role), task.short_rate_model)
}

/**
 * The cache entry of the callable's tree under `key` (a new one cached first), or an uncached one (no key, or a guest's
 * miss).
 */
function treeEntry(task: PricingTask, key: string | undefined, inst: Instrument): CallableTree {
  if (key === undefined) return newTree(inst)
  // a guest (priced away from its home thread, src/pricing/batcher.ts) reads the cache but does not fill it
  return task.guest ? (callableTrees.get(key) ?? newTree(inst)) : callableTrees.getOrSet(key, () => newTree(inst))
}

function fittedTree(
  key: string | undefined,
  entry: CallableTree,
  inst: Instrument,
  curve: YieldTermStructure,
  model: ShortRateModel | undefined,
): SpreadValuation {
  if (entry.fitted !== undefined) return entry.fitted
  const tree = callableSpreadValuation(callableOfInstrument(inst), curve, inst.evaluationDate, model)
  if (key !== undefined && tree.nodes <= KEPT_TREE_NODES && callableTrees.peek(key) === entry) {
    entry.fitted = tree
    callableTrees.reweigh(key)
  }
  return tree
}

/**
 * Every operation but the cash-flow lists and fixings availability refuses a bond with no cash flow after its
 * settlement date (design §6.1): QuantLib values it at 0, which read as a price is a silent wrong number.
 */
export function requireLive(inst: Instrument): Instrument {
  // a bond's flows are sorted by date (instruments/bond.ts)
  const flows = inst.bond.cashflows
  const last = flows[flows.length - 1].date
  const settlement = settlementDate(inst.bond, inst.evaluationDate)
  if (last > settlement) return inst
  throw new BondMaturedError(
    `The bond matured on ${toIso(last)} (its last cash flow): nothing is left to price at settlement ` +
      `${toIso(settlement)} of the valuation date ${toIso(inst.evaluationDate)}. Its cash flows are listed by ` +
      `cashflows with include_paid: true.`,
  )
}

export function value(task: PricingTask, inst: Instrument = requireLive(instrument(task))): Valued {
  const flat = flatYieldCurve(task, inst.evaluationDate, inst.parsed.common.dayCounter)
  const curve = flat ?? requiredCurve(task, 'discount')
  let spreaded: Valued['spreaded']
  let valuation: BondValuation
  if (inst.type === 'CallableFixedRateBond') {
    // a with_yield curve is the task's own: its tree is fitted for this valuation alone
    const key = flat === null ? callableTreeKey(task, inst, 'discount') : undefined
    const entry = treeEntry(task, key, inst)
    // fitted when a valuation needs it (a bump, or a price the cached valuation does not answer), once per task
    let tree: SpreadValuation | undefined
    spreaded = (spread) => (tree ??= fittedTree(key, entry, inst, curve, task.short_rate_model))(spread)
    valuation = entry.valuation ??= spreaded(0)
  } else valuation = discountingBondEngine(inst.bond, curve, inst.evaluationDate)
  const dirty = dirtyPriceFromValue(inst.bond, valuation.settlementValue, valuation.settlementDate)
  const accrued = accruedAmount(inst.bond, valuation.settlementDate)
  // spelled out: V8 gave each `{ ...inst, curve, ... }` hidden classes of its own, allocated in the old generation
  // (~1 kB per valuation, garbage that only a full collection of the thread's cached book reclaims)
  return {
    bond: inst.bond,
    evaluationDate: inst.evaluationDate,
    terms: inst.terms,
    type: inst.type,
    floating: inst.floating,
    parsed: inst.parsed,
    inflation: inst.inflation,
    curve,
    valuation,
    dirty,
    accrued,
    clean: dirty - accrued,
    spreaded,
  }
}

export const finite = (r: Record<string, number>) => {
  for (const [k, x] of Object.entries(r)) requireFinite(x, k)
  return r
}
