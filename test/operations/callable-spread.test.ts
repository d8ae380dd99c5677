/**
 * The OAS solve and the parallel bumps of effective risk roll back ONE tree fitted to the curve, every short rate
 * moved by the spread (treeCallableBondSpreadValuation), instead of fitting a tree to
 * ZeroSpreadedTermStructure(curve, s) for each spread. The two are equal in exact arithmetic; here they must agree to
 * 1e-12 relative on every callable of the oracle fixture, at spreads of both signs, including options snapped onto a
 * coupon date (whose carried price moves with the spread) and bonds already past some of their events.
 */
import t from 'tap'
import { loadFixture } from '../helpers/fixtures.ts'
import { taskFor, type OracleCase, type PoolCurve } from './oracle-cases.ts'
import { instrument } from '../../workers/operations/valuation.ts'
import { callableOfInstrument } from '../../workers/operations/callable.ts'
import { requiredCurve } from '../../workers/operations/market.ts'
import {
  callableOf,
  callableSpreadValuation,
  callableValuation,
  callabilityFromTerms,
} from '../../workers/operations/callable.ts'
import { ZeroSpreadedTermStructure } from '../../workers/quant/curves/zero-spreaded-term-structure.ts'

const SPREADS = [-0.03, -0.0001, 0, 0.00025, 0.01, 0.05]

/** Every oracle callable that rebuilds, with its benchmark curve and its valuation under a spread. */
function* oracleCallables() {
  const fixture = loadFixture<OracleCase>('callable') as ReturnType<typeof loadFixture<OracleCase>> & {
    curves: PoolCurve[]
  }
  for (const [i, c] of fixture.cases.entries()) {
    if (c.error) continue
    const task = taskFor(c, fixture.curves, 'z-spread', { target_dirty_ccy: 100 })
    const benchmark = requiredCurve(task, 'benchmark')
    let inst
    let value
    try {
      inst = instrument(task)
      value = callableSpreadValuation(callableOfInstrument(inst), benchmark, inst.evaluationDate, undefined)
    } catch {
      continue
    }
    yield { i, inst, benchmark, value }
  }
}

t.test(
  'one fitted tree, spread by shifting its rates, values a callable as the tree refitted to the spreaded curve',
  async (t) => {
    let checked = 0
    let snapped = 0
    let worst = 0
    const failures: string[] = []
    for (const { i, inst, benchmark, value } of oracleCallables()) {
      // a call within a week before a coupon date is moved onto it, its price carried by the curve
      const couponDates = inst.bond.cashflows.map((cf) => cf.date)
      if (callabilityFromTerms(inst.terms).some((call) => couponDates.some((d) => d > call.date && d - call.date <= 7)))
        snapped++
      for (const s of SPREADS) {
        // the reference: a tree fitted to the spreaded curve itself
        const refitted = callableValuation(
          callableOf(inst.bond, inst.terms),
          new ZeroSpreadedTermStructure(benchmark, s),
          inst.evaluationDate,
          undefined,
        )
        const shifted = value(s)
        for (const k of ['npv', 'settlementValue'] as const) {
          const error = Math.abs(shifted[k] - refitted[k]) / Math.max(1, Math.abs(refitted[k]))
          worst = Math.max(worst, error)
          if (!(error <= 1e-12)) failures.push(`#${i} s=${s} ${k}: ${shifted[k]} vs ${refitted[k]}`)
        }
        checked++
      }
    }
    t.ok(checked >= 1000 * SPREADS.length * 0.5, `${checked} valuations checked`)
    t.ok(snapped > 0, `${snapped} callables with an option snapped onto a coupon date`)
    t.same(failures.slice(0, 5), [], `worst relative difference ${worst.toExponential(2)}`)
  },
)

t.test(
  "a rollback carrying the derivative in the spread: the value bit for bit, the slope as the value's central " +
    'difference',
  async (t) => {
    const h = 1e-6
    let checked = 0
    let kinks = 0
    let worst = 0
    const failures: string[] = []
    for (const { i, value } of oracleCallables()) {
      for (const s of SPREADS) {
        const carried = value.withSlope(s)
        if (carried.settlementValue !== value(s).settlementValue)
          failures.push(`#${i} s=${s}: value ${carried.settlementValue} vs ${value(s).settlementValue}`)
        const [down, at, up] = [s - h, s, s + h].map((x) => value(x).settlementValue)
        const difference = (up - down) / (2 * h)
        const scale = Math.max(1, Math.abs(difference))
        const error = Math.abs(carried.slope - difference) / scale
        // where a node starts or stops exercising within ±h the value has a kink: the slope is then one side's
        const kink = Math.abs((up - at) / h - (at - down) / h) / scale > 1e-3
        const sided =
          Math.min(Math.abs(carried.slope - (up - at) / h), Math.abs(carried.slope - (at - down) / h)) / scale
        if (!kink) worst = Math.max(worst, error)
        else kinks++
        if (!(error <= 1e-7 || (kink && sided <= 1e-4)))
          failures.push(`#${i} s=${s}: slope ${carried.slope} vs central difference ${difference}`)
        checked++
      }
    }
    t.ok(checked >= 1000 * SPREADS.length * 0.5, `${checked} slopes checked`)
    t.ok(kinks < checked / 100, `${kinks} at a kink of the value (checked against the one-sided differences)`)
    t.same(
      failures.slice(0, 5),
      [],
      `worst relative difference away from kinks ${worst.toExponential(2)} (central difference with h = ${h})`,
    )
  },
)
