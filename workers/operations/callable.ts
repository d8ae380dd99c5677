/**
 * CallableFixedRateBond on the Hull-White tree of its task's model (the market-data set's short-rate model, else a =
 * 0.03, sigma = 0.01, 40 steps): terms → core objects, and the thread's cache of fitted trees.
 */
import type { DateSerial } from '../quant/types.ts'
import { QuantInputError } from '../quant/errors.ts'
import { fromIso } from '../quant/time/date.ts'
import type { YieldTermStructure } from '../quant/curves/yield-term-structure.ts'
import type { Bond } from '../quant/instruments/bond.ts'
import type { BondValuation } from '../quant/engines/bond/discounting-bond-engine.ts'
import {
  callableFixedRateBond,
  type Callability,
  type CallableBond,
} from '../quant/instruments/bonds/callable-fixed-rate-bond.ts'
import {
  callableTreeNodes,
  HULL_WHITE_A,
  HULL_WHITE_SIGMA,
  TREE_STEPS,
  treeCallableBondSpreadValuation,
  type SpreadValuation,
} from '../quant/engines/callable/tree-callable-bond-engine.ts'
import { treeWorkspace } from '../quant/lattices/hull-white-tree.ts'
import { TERMS_LIMITS } from './terms-limits.ts'
import type { PricingTask, ShortRateModel } from '../../src/contracts/pricing.ts'
import type { InstrumentTermsFields } from '../../src/contracts/instrument-terms.ts'
import { BoundedCache } from '../../src/caches/bounded-cache.ts'
import type { Instrument } from './valuation.ts'

export function callabilityFromTerms(terms: InstrumentTermsFields): Callability[] {
  const list = terms.callability
  if (!Array.isArray(list) || list.length === 0)
    throw new QuantInputError(
      'terms.callability: at least one {date, type, price, price_type} required',
      'terms.callability',
    )
  if (list.length > TERMS_LIMITS.callDates) {
    throw new QuantInputError(
      `terms.callability: ${list.length} call dates, over the limit of ${TERMS_LIMITS.callDates}`,
      'terms.callability',
    )
  }
  return list.map((c, i) => {
    const field = `terms.callability[${i}]`
    // checked: a stored row is what it is
    if (c.type !== 'Call' && c.type !== 'Put')
      throw new QuantInputError(`${field}.type: Call or Put required`, `${field}.type`)
    if (c.price_type !== 'Clean' && c.price_type !== 'Dirty')
      throw new QuantInputError(`${field}.price_type: Clean or Dirty required`, `${field}.price_type`)
    if (typeof c.price !== 'number' || !(c.price > 0))
      throw new QuantInputError(`${field}.price: a positive number required`, `${field}.price`)
    return { date: fromIso(String(c.date), `${field}.date`), type: c.type, price: c.price, priceType: c.price_type }
  })
}

const treeLimit = (nodes: number) =>
  new QuantInputError(
    `terms.callability: the Hull-White tree of these call dates and coupons needs ${nodes} nodes, over the limit of ` +
      `${TERMS_LIMITS.treeNodes}`,
    'terms.callability',
  )

/**
 * The callable of a bond (its fixed-rate leg) and its terms: the call schedule parsed. A cached instrument keeps
 * its own (valuation.ts, `callableOfInstrument`): every valuation of a callable (its price, each bump, each OAS) parsed
 * it again before.
 */
export function callableOf(bond: Bond, terms: InstrumentTermsFields): CallableBond {
  return callableFixedRateBond(bond, callabilityFromTerms(terms), Number(terms.face_value))
}

/**
 * This thread's tree workspace: the last tree layout and the passes' scratch arrays, reused by its next tree (the
 * bumped trees of one request share a layout; no valuation allocates its scratch). Scratch, not a cache: it holds
 * one layout and six arrays, and a tree reads its layout again only when its shape matches in full.
 */
const TREE_WORKSPACE = treeWorkspace()

/** The tree's options of a model (a task without one: the defaults). */
const treeOptions = (model: ShortRateModel | undefined) =>
  model === undefined ? {} : { a: model.a, sigma: model.sigma, steps: model.tree_steps }

export function callableValuation(
  callable: CallableBond,
  curve: YieldTermStructure,
  evaluationDate: DateSerial,
  model: ShortRateModel | undefined,
): BondValuation {
  return callableSpreadValuation(callable, curve, evaluationDate, model)(0)
}

/**
 * The valuation under a continuous zero spread over `curve`, from one fitted tree (OAS, parallel bumps): see
 * treeCallableBondSpreadValuation.
 */
export function callableSpreadValuation(
  callable: CallableBond,
  curve: YieldTermStructure,
  evaluationDate: DateSerial,
  model: ShortRateModel | undefined,
): SpreadValuation {
  const options = treeOptions(model)
  try {
    return treeCallableBondSpreadValuation(callable, curve, evaluationDate, {
      ...options,
      maxNodes: TERMS_LIMITS.treeNodes,
      workspace: TREE_WORKSPACE,
    })
  } catch (error) {
    if (error instanceof QuantInputError && error.field === 'tree') {
      const nodes = callableTreeNodes(callable, curve, evaluationDate, options)
      // the terms fit the default tree (the loader checked): a model of more steps or a wider tree is what is too large
      if (model !== undefined)
        throw new QuantInputError(
          `short_rate_model: a tree of ${model.tree_steps} steps (a ${model.a}, sigma ${model.sigma}) needs ${nodes} ` +
            `nodes for this bond, over the limit of ${TERMS_LIMITS.treeNodes}`,
          'short_rate_model',
        )
      throw treeLimit(nodes)
    }
    throw error
  }
}

/**
 * The loader's check of a callable's tree: its size priced from the issue date (every event still ahead, the
 * largest tree the bond will ever need) on a flat curve with the bond's own day count.
 */
export function checkCallableTree(
  bond: Bond,
  terms: InstrumentTermsFields,
  curve: YieldTermStructure,
  issueDate: DateSerial,
): void {
  const nodes = callableTreeNodes(callableOf(bond, terms), curve, issueDate)
  if (nodes > TERMS_LIMITS.treeNodes) throw treeLimit(nodes)
}

/** The callable of a CallableFixedRateBond instrument (parsed when it was rebuilt). */
export function callableOfInstrument(inst: Instrument): CallableBond {
  if (inst.parsed.callable === undefined)
    throw new QuantInputError(`instrument type '${inst.type}' has no call schedule`, 'instrument_type')
  return inst.parsed.callable
}

/**
 * A callable's tree fitted to a curve at a date, and its valuation at spread 0, each computed when first needed.
 * Its valuations are pure functions of its key's content, so the next valuation on the same (the book's next pass,
 * analytics' bumps and z-spread's OAS after a price on the same curve) rolls the cached tree back instead of fitting
 * another: the fit was ~70% of a distinct callable's tree cost (its events, grid and one exponential per node).
 */
export interface CallableTree {
  valuation: BondValuation | undefined
  /** the fitted tree, once a valuation needed it; a tree over KEPT_TREE_NODES is not cached (its valuation is) */
  fitted: SpreadValuation | undefined
  readonly flows: number
}

/**
 * Trees of at most this many nodes are cached (8 bytes each for their fitted discounts: 0.5 MB at most; the scale
 * book's callables have 1,000-2,300). A larger tree owns a layout of 44 bytes a node besides (hull-white-tree.ts).
 */
export const KEPT_TREE_NODES = 1 << 16

/**
 * A cached tree's estimated bytes: its fitted discounts 8.4 bytes a node (outside V8's heap), its events, grid and
 * closures ~4-5 kB and a few dozen bytes a flow (measured: heap and external bytes after GC, 400 copies each of 60
 * oracle callables).
 */
export const callableTreeBytes = (t: CallableTree) =>
  256 + (t.fitted === undefined ? 0 : 4096 + 8.5 * t.fitted.nodes + 64 * t.flows)

/** Fitted trees of this worker, by content (callableTreeKey); bounded in count and bytes (cache-report.ts). */
export const callableTrees = new BoundedCache<CallableTree>(16_384, callableTreeBytes, 192 * 1048576)

/** The model's parameters, part of every tree's key: a tree fitted with others is another tree. */
const modelKey = (model: ShortRateModel | undefined) =>
  model === undefined
    ? `hw:${HULL_WHITE_A}:${HULL_WHITE_SIGMA}:${TREE_STEPS}`
    : `hw:${model.a}:${model.sigma}:${model.tree_steps}`

/**
 * A tree's content key: the instrument's terms (the task's instrument key), the curve's content key, the valuation
 * date and the model's parameters. Undefined (not cached) when the task's instrument or curve has no content key.
 */
export function callableTreeKey(
  task: PricingTask,
  inst: Instrument,
  role: 'discount' | 'benchmark',
): string | undefined {
  const curve = task.curves[role]
  if (task.instrument_key === undefined || curve === undefined || curve === null) return undefined
  return `${task.instrument_key}|${curve.cache_key}|${inst.evaluationDate}|${modelKey(task.short_rate_model)}`
}

export const newTree = (inst: Instrument): CallableTree => ({
  valuation: undefined,
  fitted: undefined,
  flows: inst.bond.cashflows.length,
})
