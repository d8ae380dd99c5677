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
import { HullWhiteTree } from '../../lattices/hull-white-tree.ts'
import { settlementDate } from '../../instruments/bond.ts'
import { callableArguments, type CallableBond } from '../../instruments/bonds/callable-fixed-rate-bond.ts'
import type { BondValuation } from '../bond/discounting-bond-engine.ts'

export const HULL_WHITE_A = 0.03
export const HULL_WHITE_SIGMA = 0.01
export const TREE_STEPS = 40

const withinNextWeek = (t1: number, t2: number) => t1 <= t2 && t2 <= t1 + 1 / 52

/** The tree's shape: its steps, speed and volatility, and the most nodes it may hold (a bound on memory and time). */
export interface TreeOptions {
  steps?: number
  a?: number
  sigma?: number
  maxNodes?: number
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
  const callTimes = args.callabilityDates.map((d, i) => {
    let t = time(d)
    for (let j = 0; j < couponTimes.length; j++) {
      if (withinNextWeek(t, couponTimes[j]) && d < args.couponDates[j]) {
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
  return { settlement, events: { args, grid, redemptionTime, couponTimes, couponFirst, callTimes, prices } }
}

/** Nodes of the tree that would price this callable (0 when it has redeemed), without building the tree. */
export function callableTreeNodes(bond: CallableBond, curve: YieldTermStructure, evaluationDate: DateSerial, { steps = TREE_STEPS, a = HULL_WHITE_A, sigma = HULL_WHITE_SIGMA }: TreeOptions = {}): number {
  const { events } = callableEvents(bond, curve, evaluationDate, steps)
  return events ? HullWhiteTree.nodeCount(events.grid, a, sigma) : 0
}

export function treeCallableBondEngine(bond: CallableBond, curve: YieldTermStructure, evaluationDate: DateSerial, { steps = TREE_STEPS, a = HULL_WHITE_A, sigma = HULL_WHITE_SIGMA, maxNodes }: TreeOptions = {}): BondValuation {
  const { settlement, events } = callableEvents(bond, curve, evaluationDate, steps)
  if (!events) return { npv: 0, settlementValue: 0, settlementDate: settlement }
  const { args, grid, redemptionTime, couponTimes, couponFirst, callTimes, prices } = events
  const tree = new HullWhiteTree(grid, curve, a, sigma, maxNodes)

  // each event's step on the grid, found once (QuantLib's isOnTime compares times at every step)
  const stepOf = (t: number) => (t >= 0 ? grid.index(t) : -1)
  const couponSteps = Int32Array.from(couponTimes, stepOf)
  const callSteps = Int32Array.from(callTimes, stepOf)
  const adjust = (values: Float64Array, size: number, step: number) => {
    for (let i = 0; i < couponSteps.length; i++) if (couponFirst[i] && couponSteps[i] === step) addTo(values, size, args.couponAmounts[i])
    for (let i = 0; i < callSteps.length; i++) {
      if (callSteps[i] !== step) continue
      // QuantLib reads the type at the same position of the full schedule
      const call = args.putCallSchedule[i].type === 'Call'
      const p = prices[i]
      for (let j = 0; j < size; j++) values[j] = call ? Math.min(p, values[j]) : Math.max(values[j], p)
    }
    for (let i = 0; i < couponSteps.length; i++) if (!couponFirst[i] && couponSteps[i] === step) addTo(values, size, args.couponAmounts[i])
  }

  const last = grid.index(redemptionTime)
  require(last > 0, 'the bond redeems at the curve reference date')
  let values = new Float64Array(tree.maxSize)
  let scratch = new Float64Array(tree.maxSize)
  values.fill(args.redemption, 0, tree.sizeAt(last))
  adjust(values, tree.sizeAt(last), last)
  for (let i = last - 1; i >= 0; i--) {
    tree.stepback(i, values, scratch)
    const swap = values
    values = scratch
    scratch = swap
    // the adjustment at time 0 happens once, after the rollback (DiscretizedAsset::rollback)
    adjust(values, tree.sizeAt(i), i)
  }
  const npv = values[0]
  return { npv, settlementValue: npv / discountAt(curve, settlement, true), settlementDate: settlement }
}

function addTo(values: Float64Array, size: number, amount: number): void {
  for (let j = 0; j < size; j++) values[j] += amount
}
