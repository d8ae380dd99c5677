/**
 * TreeCallableFixedRateBondEngine with DiscretizedCallableFixedRateBond (QuantLib 1.29) on a fitted
 * Hull-White tree: the bond's value is rolled back from redemption through coupon and option dates. A call
 * caps the continuation value at the (dirty) call price, a put floors it; an option date within a week before a
 * coupon date is moved onto that coupon date, its price carried by the discount factor between the two dates,
 * and that coupon is then added before the option is exercised. NPV is at the curve's reference date; the
 * settlement value is the NPV forward to the settlement date.
 */
import type { DateSerial } from '../../types.ts'
import { require } from '../../errors.ts'
import type { YieldTermStructure } from '../../curves/yield-term-structure.ts'
import { discountAt } from '../../curves/yield-term-structure.ts'
import { TimeGrid } from '../../lattices/time-grid.ts'
import { HullWhiteTree, type TreeWorkspace } from '../../lattices/hull-white-tree.ts'
import { SCRATCH, scratchArray } from '../../lattices/scratch.ts'
import { settlementDate } from '../../instruments/bond.ts'
import { callableArguments, type CallableBond } from '../../instruments/bonds/callable-fixed-rate-bond.ts'
import type { BondValuation } from '../bond/discounting-bond-engine.ts'

export const HULL_WHITE_A = 0.03
export const HULL_WHITE_SIGMA = 0.01
export const TREE_STEPS = 40

const EMPTY = new Float64Array(0)

const withinNextWeek = (t1: number, t2: number) => t1 <= t2 && t2 <= t1 + 1 / 52

/** The tree's shape: its steps, speed and volatility, and the most nodes it may hold (a bound on memory and time). */
export interface TreeOptions {
  steps?: number
  a?: number
  sigma?: number
  maxNodes?: number
  /** the caller's layout and scratch arrays, reused from tree to tree (a fresh one when absent) */
  workspace?: TreeWorkspace
}

/** The events of a callable on the tree's time grid (null when the bond has redeemed by settlement). */
function callableEvents(bond: CallableBond, curve: YieldTermStructure, evaluationDate: DateSerial, steps: number) {
  const settlement = settlementDate(bond, evaluationDate)
  // an expired bond (redeemed on or before settlement) is worth nothing, as the discounting engine says
  if (bond.cashflows[bond.cashflows.length - 1].date <= settlement) return { settlement, events: null }
  const args = callableArguments(bond, settlement)
  const dc = curve.dayCounter
  const ref = curve.referenceDate
  const time = (d: DateSerial) => dc.yearFraction(ref, d)

  const redemptionTime = time(args.redemptionDate)
  const couponTimes = args.couponDates.map(time)
  // false: the coupon is added after the option (same-time events), true: before it (snapped options)
  const couponFirst = couponTimes.map(() => false)
  // call prices are per 100: the tree values are in currency
  const prices = args.callabilityPrices.map((p) => (p * args.faceAmount) / 100)
  // a snapped option's call time minus its coupon's (0: not snapped): what a spread does to its carried price
  const snapGap = args.callabilityDates.map(() => 0)
  const callTimes = args.callabilityDates.map((d, i) => {
    let t = time(d)
    for (let j = 0; j < couponTimes.length; j++) {
      if (withinNextWeek(t, couponTimes[j]) && d < args.couponDates[j]) {
        snapGap[i] = t - couponTimes[j]
        t = couponTimes[j]
        couponFirst[j] = true
        // the snapped price carries the curve's discount factor between the call date and the coupon date
        prices[i] *= discountAt(curve, d, true) / discountAt(curve, args.couponDates[j], true)
        break
      }
    }
    return t
  })

  const mandatory = [redemptionTime, ...couponTimes, ...callTimes].filter((t) => t >= 0)
  const grid = new TimeGrid(mandatory, steps)
  return { settlement, events: { args, grid, redemptionTime, couponTimes, couponFirst, callTimes, prices, snapGap } }
}

/** Nodes of the tree that would price this callable (0 when it has redeemed), without building the tree. */
export function callableTreeNodes(
  bond: CallableBond,
  curve: YieldTermStructure,
  evaluationDate: DateSerial,
  { steps = TREE_STEPS, a = HULL_WHITE_A, sigma = HULL_WHITE_SIGMA }: TreeOptions = {},
): number {
  const { events } = callableEvents(bond, curve, evaluationDate, steps)
  return events ? HullWhiteTree.nodeCount(events.grid, a, sigma) : 0
}

type Events = NonNullable<ReturnType<typeof callableEvents>['events']>

/**
 * What happens at each step of the grid, in QuantLib's order: snapped coupons, then options, then the other coupons.
 * Flat, for a tree kept with its instrument (valuation.ts, KeptTree): the events of step s are
 * `codes[start[s] .. start[s + 1])`, each 3·i + kind (0: coupon i before the options, 1: option i of the call schedule
 * and its prices, 2: coupon i after them). An object with three arrays per event step held ~280 bytes a coupon.
 */
interface StepEvents {
  start: Int32Array
  codes: Int32Array
}

const COUPON_BEFORE = 0
const OPTION = 1
const COUPON_AFTER = 2

/** The events of each grid step, found once per tree (QuantLib's isOnTime compares times at every step). */
function eventsByStep({ grid, couponTimes, couponFirst, callTimes }: Events): StepEvents {
  // every event as [time, code], by kind in QuantLib's order and by index within a kind
  const kinds: [number, number][][] = [[], [], []]
  couponTimes.forEach(
    (t, i) =>
      t >= 0 &&
      kinds[couponFirst[i] ? COUPON_BEFORE : COUPON_AFTER].push([
        t,
        3 * i + (couponFirst[i] ? COUPON_BEFORE : COUPON_AFTER),
      ]),
  )
  callTimes.forEach((t, i) => t >= 0 && kinds[OPTION].push([t, 3 * i + OPTION]))
  // a counting sort by step, stable: within a step, kinds then indexes stay in that order (no comparison sort per tree)
  const start = new Int32Array(grid.size + 1)
  const steps = kinds.map((events) => events.map(([t]) => grid.index(t)))
  for (const list of steps) for (const step of list) start[step + 1]++
  for (let k = 0; k < grid.size; k++) start[k + 1] += start[k]
  const next = start.slice(0, grid.size)
  const codes = new Int32Array(start[grid.size])
  kinds.forEach((events, kind) => events.forEach(([, code], j) => (codes[next[steps[kind][j]]++] = code)))
  return { start, codes }
}

/**
 * The value at the tree's root: rolled back from redemption through coupon and option dates, every short rate
 * moved by `shift` (0: the tree as fitted), with the option prices given. With `priceSlopes` (each option price's
 * derivative in the shift) the derivative of the root value in the shift is carried along too (Newton spread
 * solves): coupons do not move with the shift, and an exercised option's node takes its price's derivative.
 */
function rollback(
  tree: HullWhiteTree,
  { args, grid, redemptionTime }: Events,
  byStep: StepEvents,
  prices: readonly number[],
  shift: number,
  priceSlopes?: readonly number[],
): { value: number; slope: number } {
  const withSlope = priceSlopes !== undefined
  const { start, codes } = byStep
  const adjust = (values: Float64Array, slopes: Float64Array, size: number, step: number) => {
    for (let k = start[step]; k < start[step + 1]; k++) {
      const code = codes[k]
      const kind = code % 3
      const i = (code - kind) / 3
      if (kind !== OPTION) {
        addTo(values, size, args.couponAmounts[i])
        continue
      }
      // QuantLib reads the type at the same position of the full schedule
      const call = args.putCallSchedule[i].type === 'Call'
      const p = prices[i]
      if (!withSlope) {
        for (let j = 0; j < size; j++) values[j] = call ? Math.min(p, values[j]) : Math.max(values[j], p)
        continue
      }
      const dp = priceSlopes[i]
      for (let j = 0; j < size; j++) {
        if (call ? p < values[j] : p > values[j]) {
          values[j] = p
          slopes[j] = dp
        }
      }
    }
  }

  const last = grid.index(redemptionTime)
  require(last > 0, 'the bond redeems at the curve reference date')
  // per-thread arrays (a rollback keeps none of them): every entry a step reads was written by the step before
  let values = scratchArray(tree.workspace.slots, SCRATCH.values, tree.maxSize)
  let scratch = scratchArray(tree.workspace.slots, SCRATCH.valuesOut, tree.maxSize)
  let slopes = withSlope ? scratchArray(tree.workspace.slots, SCRATCH.slopes, tree.maxSize) : EMPTY
  let slopeScratch = withSlope ? scratchArray(tree.workspace.slots, SCRATCH.slopesOut, tree.maxSize) : EMPTY
  values.fill(args.redemption, 0, tree.sizeAt(last))
  // the redemption does not move with the shift: every slope starts at 0
  slopes.fill(0, 0, withSlope ? tree.sizeAt(last) : 0)
  adjust(values, slopes, tree.sizeAt(last), last)
  for (let i = last - 1; i >= 0; i--) {
    if (withSlope) {
      tree.stepback(i, values, scratch, shift, slopes, slopeScratch)
      const swap = slopes
      slopes = slopeScratch
      slopeScratch = swap
    } else {
      tree.stepback(i, values, scratch, shift)
    }
    const swap = values
    values = scratch
    scratch = swap
    // the adjustment at time 0 happens once, after the rollback (DiscretizedAsset::rollback)
    adjust(values, slopes, tree.sizeAt(i), i)
  }
  return { value: values[0], slope: withSlope ? slopes[0] : Number.NaN }
}

export function treeCallableBondEngine(
  bond: CallableBond,
  curve: YieldTermStructure,
  evaluationDate: DateSerial,
  options: TreeOptions = {},
): BondValuation {
  return treeCallableBondSpreadValuation(bond, curve, evaluationDate, options)(0)
}

/**
 * A callable's valuation as a function of a continuous zero spread, with the settlement value's derivative on request.
 */
export interface SpreadValuation {
  (spread: number): BondValuation
  /** the settlement value and its derivative in the spread, from one rollback carrying both (Newton spread solves) */
  withSlope(spread: number): { settlementValue: number; slope: number }
  /** the fitted tree's nodes (0: the bond has redeemed, no tree): what holding on to this valuation holds */
  readonly nodes: number
}

/**
 * The valuation as a function of a continuous zero spread s over `curve`: what treeCallableBondEngine gives on
 * ZeroSpreadedTermStructure(curve, s), from ONE tree fitted to `curve`. Under the spread every discount factor
 * is D(t)·exp(-s·t), so the fitted short rates move by s (see HullWhiteTree.stepback), a snapped option price's
 * carry D(call)/D(coupon) gains exp(-s·(t_call - t_coupon)), and the forward to settlement exp(s·t_settlement):
 * equal to the refitted tree's value to rounding (~1e-15 relative), and at s = 0 the engine's value bit for bit
 * (every factor is then exactly 1). Spread solves (OAS) and parallel bumps (effective duration) use it.
 */
export function treeCallableBondSpreadValuation(
  bond: CallableBond,
  curve: YieldTermStructure,
  evaluationDate: DateSerial,
  { steps = TREE_STEPS, a = HULL_WHITE_A, sigma = HULL_WHITE_SIGMA, maxNodes, workspace }: TreeOptions = {},
): SpreadValuation {
  const { settlement, events } = callableEvents(bond, curve, evaluationDate, steps)
  if (!events)
    return Object.assign(() => ({ npv: 0, settlementValue: 0, settlementDate: settlement }), {
      withSlope: () => ({ settlementValue: 0, slope: 0 }),
      nodes: 0,
    })
  const tree = new HullWhiteTree(events.grid, curve, a, sigma, maxNodes, workspace)
  const settlementTime =
    settlement === curve.referenceDate ? 0 : curve.dayCounter.yearFraction(curve.referenceDate, settlement)
  const settlementDiscount = discountAt(curve, settlement, true)
  const byStep = eventsByStep(events)
  const pricesAt = (s: number) =>
    events.prices.map((p, i) => (events.snapGap[i] === 0 ? p : p * Math.exp(-s * events.snapGap[i])))
  const toSettlement = (npv: number, s: number) => npv / (settlementDiscount * Math.exp(-s * settlementTime))
  const valuation = (s: number): BondValuation => {
    const npv = rollback(tree, events, byStep, pricesAt(s), s).value
    return { npv, settlementValue: toSettlement(npv, s), settlementDate: settlement }
  }
  const withSlope = (s: number) => {
    const prices = pricesAt(s)
    const { value: npv, slope } = rollback(
      tree,
      events,
      byStep,
      prices,
      s,
      prices.map((p, i) => -events.snapGap[i] * p),
    )
    const settlementValue = toSettlement(npv, s)
    // d/ds of npv·exp(s·t_settlement)/D(settlement)
    return { settlementValue, slope: toSettlement(slope, s) + settlementTime * settlementValue }
  }
  return Object.assign(valuation, { withSlope, nodes: tree.nodes })
}

function addTo(values: Float64Array, size: number, amount: number): void {
  for (let j = 0; j < size; j++) values[j] += amount
}
