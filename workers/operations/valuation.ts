/**
 * An operation's instrument and its valuation: the bond rebuilt from the task's terms (cached by the task's
 * content key: rebuilding costs more than pricing), valued on the discount curve (callables on the Hull-White
 * tree), and the yield at the bond's conventions. Shared by the operations, carry and risk.
 */
import type { PricingTask } from '../../src/contracts/pricing.ts'
import type { DateSerial } from '../quant/types.ts'
import { BondMaturedError, QuantInputError, requireFinite } from '../quant/errors.ts'
import { fromIso, toIso } from '../quant/time/date.ts'
import type { YieldTermStructure } from '../quant/curves/yield-term-structure.ts'
import { settlementDate, type Bond } from '../quant/instruments/bond.ts'
import { discountingBondEngine, type BondValuation } from '../quant/engines/bond/discounting-bond-engine.ts'
import { accruedAmount, dirtyPriceFromValue } from '../quant/engines/bond/bond-functions.ts'
import { flatYieldCurve, floatingIndex, requiredCurve } from './market.ts'
import { commonTerms, isFloatingType, planFloatingRateBond, rebuildFixedRateBond, rebuildZeroCouponBond, type CommonTerms } from './rebuild-instrument.ts'
import { floatingRateBondFrom, type FloatingRateBondPlan } from '../quant/instruments/bonds/floating-rate-bond.ts'
import type { IborIndex } from '../quant/indexes/ibor-index.ts'
import { callableOf, callableSpreadValuation } from './callable.ts'
import type { CallableBond } from '../quant/instruments/bonds/callable-fixed-rate-bond.ts'
import type { SpreadValuation } from '../quant/engines/callable/tree-callable-bond-engine.ts'
import { BoundedCache } from './bounded-cache.ts'

type Terms = Record<string, unknown>

export interface Instrument {
  bond: Bond
  evaluationDate: DateSerial
  terms: Terms
  type: string
  /** a floater's dated coupons and its index: re-forecast on a bumped projection curve without a rebuild (risk.ts) */
  floating?: FloatingTerms
  /** what valuations read of the terms, parsed once and shared by the instrument's copies (a dated one, a Valued) */
  parsed: ParsedTerms
}

export interface FloatingTerms {
  plan: FloatingRateBondPlan
  index: IborIndex
  /** the plan entry of each of the bond's flows (floatingCouponPlanIndex), once a bump needs it; null: not mappable */
  planIndex?: Int32Array | null
}

/**
 * Kept on the instrument rather than in WeakMaps keyed by its terms and bond: a thread caches ~25,000 instruments of
 * a book, and each read of such a map was a cold lookup (~1.6 µs per distinct `analytics` request in a profile, a
 * request reading the common terms four or five times) and each entry an ephemeron for the collector to trace.
 */
export interface ParsedTerms {
  readonly common: Readonly<CommonTerms>
  /** a callable's call schedule, parsed on its first valuation (callableOfInstrument) */
  callable: CallableBond | undefined
  /** a callable's trees on the curves it was last valued on, the newest first (see callableTree) */
  trees: readonly KeptTree[]
}

/**
 * A callable's tree fitted to a curve at a date, kept on its instrument with the curve object and date it was fitted
 * on. Its valuations are pure functions of the three (the curve is the thread's cached object of its content key; a
 * with_yield curve is new per task, never kept), so the next valuation on the same ones (the book's next pass, the
 * start-up warm-up's date, analytics' bumps and z-spread's OAS after a price on the same curve) rolls the kept tree
 * back instead of fitting another: the fit was ~70% of a distinct callable's tree cost (its events, grid and one
 * exponential per node). Two are kept, the newest first: the discount curve's and z-spread's benchmark's where that is
 * another curve, each valued in turn; a third curve, or another date, takes the older one's place.
 */
export interface KeptTree {
  readonly curve: YieldTermStructure
  readonly evaluationDate: DateSerial
  /** the valuation at spread 0, once asked for */
  valuation: BondValuation | undefined
  /** the fitted tree, once a valuation needed it; a tree over KEPT_TREE_NODES is not kept (its valuation is) */
  fitted: SpreadValuation | undefined
}

/**
 * Trees of at most this many nodes are kept (8 bytes each for their fitted discounts: 0.5 MB at most; the scale
 * book's callables have 1,000-2,300). A larger tree owns a layout of 36 bytes a node besides (hull-white-tree.ts), and
 * would crowd out whole instruments for one bond.
 */
const KEPT_TREE_NODES = 1 << 16

const NO_TREES: readonly KeptTree[] = []

/** Trees kept per callable: its discount curve's and its z-spread benchmark's. */
const KEPT_TREES = 2

/**
 * What a kept tree adds to its instrument's weight. Measured (heap and external bytes after GC, 400 copies each of 60
 * oracle callables): its fitted discounts 8.4 bytes a node (outside V8's heap), its events, grid and closures ~4-5 kB
 * and a few dozen bytes a flow; 11.6 kB for 700 nodes and 31 flows, 45.7 kB for 4,573 and 81, 18.2 kB for 1,600 and
 * 15 (estimated 12.0, 48.1, 18.7).
 */
function keptTreeBytes(i: Instrument): number {
  let bytes = 0
  for (const t of i.parsed.trees) if (t.fitted !== undefined) bytes += 4096 + 8.5 * t.fitted.nodes + 64 * i.bond.cashflows.length
  return bytes
}

/** The callable of a CallableFixedRateBond instrument, parsed once per instrument. */
export const callableOfInstrument = (inst: Instrument): CallableBond => (inst.parsed.callable ??= callableOf(inst.bond, inst.terms))

/**
 * An estimate of a rebuilt instrument's heap bytes, the weight that bounds the instrument cache in MB
 * (PRICER_INSTRUMENT_CACHE_MB) besides its count. Measured on the scale book (heap after GC, 4,000 of a class): a
 * 23-flow fixed-coupon bond 5.2 kB (estimated 7.9), a 44-flow floater 16.5 kB (16.1; its planned coupons are its
 * coupons, with the forecast's inputs as well: ~64 bytes more each); a callable's kept tree besides (keptTreeBytes).
 */
export const instrumentBytes = (i: Instrument) => 2048 + 256 * i.bond.cashflows.length + 64 * (i.floating?.plan.leg.length ?? 0) + keptTreeBytes(i)

/**
 * The task's terms as an object: the main thread sends them as JSON text (src/contracts/pricing.ts), parsed here
 * once per task, and only by what reads them (a rebuild, fixings availability), never for a cached instrument.
 */
export function taskTerms(task: PricingTask): Terms {
  if (typeof task.terms === 'string') task.terms = JSON.parse(task.terms) as Terms
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
 * update) or day rebuilt it whole: its schedule, fixing and value dates and day counts, ~4 in 5 of a rebuild, which depend on
 * neither. A plan is its first instrument's coupons (iborLegCoupons in place): a cached plan costs little beside it.
 */
export const floaterPlans = new BoundedCache<FloaterPlan>(512, (p) => 1024 + 320 * p.plan.leg.length)

/** The rebuilt instrument, cached by the task's instrument key (rebuilding costs more than pricing). */
export function instrument(task: PricingTask, withProjection = true): Instrument {
  const key = withProjection ? task.instrument_key : undefined
  if (key === undefined) return rebuild(task, withProjection)
  // a guest (priced away from its home thread, src/pricing/batcher.ts) reads the cache but does not fill it
  const cached = task.guest ? (instruments.get(key) ?? rebuild(task, withProjection)) : instruments.getOrSet(key, () => rebuild(task, withProjection))
  // a fixed-coupon bond is cached across valuation dates (src/pricing/task.ts): this task's date is its own (a
  // floater's key holds its date)
  if (cached.floating) return cached
  const evaluationDate = fromIso(task.valuation_date, 'valuation_date')
  if (cached.evaluationDate === evaluationDate) return cached
  const dated: Instrument = { bond: cached.bond, evaluationDate, terms: cached.terms, type: cached.type, floating: cached.floating, parsed: cached.parsed }
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
  const terms = taskTerms(task)
  const plan = planFloatingRateBond(task.instrument_type, terms, floatingIndex(task, String(terms.floating_rate_index_uid), false))
  floaterPlans.set(key, { terms, common: commonTerms(terms), plan })
}

function rebuild(task: PricingTask, withProjection: boolean): Instrument {
  const evaluationDate = fromIso(task.valuation_date, 'valuation_date')
  const type = task.instrument_type
  if (isFloatingType(type)) {
    const known = task.plan_key === undefined ? undefined : floaterPlans.get(task.plan_key)
    const terms = known?.terms ?? taskTerms(task)
    const index = floatingIndex(task, String(terms.floating_rate_index_uid), withProjection)
    const plan = known?.plan ?? planFloatingRateBond(type, terms, index)
    // the plan parsed them (commonTerms keeps the last one parsed)
    const common = known?.common ?? commonTerms(terms)
    // a guest fills no cache of the thread it visits (see instrument)
    if (!known && task.plan_key !== undefined && !task.guest) floaterPlans.set(task.plan_key, { terms, common, plan })
    // the plan's first bond is its coupons (forecast in place); later ones, and bumped re-forecasts (risk.ts), make their own
    return { bond: floatingRateBondFrom(plan, index, evaluationDate, true), evaluationDate, terms, type, floating: { plan, index, planIndex: undefined }, parsed: { common, callable: undefined, trees: NO_TREES } }
  }
  const terms = taskTerms(task)
  let bond: Bond
  if (type === 'ZeroCouponBond') bond = rebuildZeroCouponBond(terms)
  else if (type === 'FixedRateBond' || type === 'AmortizingFixedRateBond' || type === 'CallableFixedRateBond') bond = rebuildFixedRateBond(type, terms)
  else throw new QuantInputError(`instrument type '${type}' is not registered for the fixed income pricer`, 'instrument_type')
  // the rebuild parsed them (commonTerms keeps the last one parsed)
  return { bond, evaluationDate, terms, type, parsed: { common: commonTerms(terms), callable: undefined, trees: NO_TREES } }
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

/** The callable's tree fitted to `curve` at its date: a kept one (KeptTree) if it was fitted to the same, else one fitted now and kept. */
export function callableTree(task: PricingTask, inst: Instrument, curve: YieldTermStructure): SpreadValuation {
  return fittedTree(task, inst, keptTreeRecord(task, inst, curve))
}

/** The kept record of the callable's tree on `curve` at its date, or a new one kept first (the oldest beyond KEPT_TREES dropped). */
function keptTreeRecord(task: PricingTask, inst: Instrument, curve: YieldTermStructure): KeptTree {
  const trees = inst.parsed.trees
  for (const t of trees) if (t.curve === curve && t.evaluationDate === inst.evaluationDate) return t
  const record = treeRecord(inst, curve)
  const held = keptTreeBytes(inst)
  inst.parsed.trees = [record, ...trees.slice(0, KEPT_TREES - 1)]
  if (keptTreeBytes(inst) !== held) reweigh(task)
  return record
}

const treeRecord = (inst: Instrument, curve: YieldTermStructure): KeptTree => ({ curve, evaluationDate: inst.evaluationDate, valuation: undefined, fitted: undefined })

function fittedTree(task: PricingTask, inst: Instrument, record: KeptTree): SpreadValuation {
  if (record.fitted !== undefined) return record.fitted
  const tree = callableSpreadValuation(callableOfInstrument(inst), record.curve, inst.evaluationDate)
  if (inst.parsed.trees.includes(record) && tree.nodes <= KEPT_TREE_NODES) {
    record.fitted = tree
    reweigh(task)
  }
  return tree
}

/**
 * The task's cached instrument weighed again (its kept trees changed). A guest's too: it fills no cache, but one that
 * found its instrument in this thread's cache changed that entry; an instrument rebuilt uncached is no entry.
 */
function reweigh(task: PricingTask): void {
  if (task.instrument_key !== undefined) instruments.reweigh(task.instrument_key)
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
    `The bond matured on ${toIso(last)} (its last cash flow): nothing is left to price at settlement ${toIso(settlement)} of the valuation date ${toIso(inst.evaluationDate)}. Its cash flows are listed by cashflows with include_paid: true.`,
  )
}

export function value(task: PricingTask, inst: Instrument = requireLive(instrument(task))): Valued {
  const flat = flatYieldCurve(task, inst.evaluationDate, inst.parsed.common.dayCounter)
  const curve = flat ?? requiredCurve(task, 'discount')
  let spreaded: Valued['spreaded']
  let valuation: BondValuation
  if (inst.type === 'CallableFixedRateBond') {
    // a with_yield curve is the task's own: its tree is fitted for this valuation alone
    const record: KeptTree = flat === null ? keptTreeRecord(task, inst, curve) : treeRecord(inst, curve)
    // fitted when a valuation needs it (a bump, or a price the kept valuation does not answer), once per task
    let tree: SpreadValuation | undefined
    spreaded = (spread) => (tree ??= fittedTree(task, inst, record))(spread)
    valuation = record.valuation ??= spreaded(0)
  } else valuation = discountingBondEngine(inst.bond, curve, inst.evaluationDate)
  const dirty = dirtyPriceFromValue(inst.bond, valuation.settlementValue, valuation.settlementDate)
  const accrued = accruedAmount(inst.bond, valuation.settlementDate)
  // spelled out: V8 gave each `{ ...inst, curve, ... }` hidden classes of its own, allocated in the old generation
  // (~1 kB per valuation, garbage that only a full collection of the thread's cached book reclaims)
  return { bond: inst.bond, evaluationDate: inst.evaluationDate, terms: inst.terms, type: inst.type, floating: inst.floating, parsed: inst.parsed, curve, valuation, dirty, accrued, clean: dirty - accrued, spreaded }
}

export const finite = (r: Record<string, number>) => {
  for (const [k, x] of Object.entries(r)) requireFinite(x, k)
  return r
}
