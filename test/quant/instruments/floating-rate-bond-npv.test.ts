/**
 * A floater's bumped NPV without its bumped bond (floatingRateBondNpv): on every oracle floater and every bump a risk
 * figure makes (parallel, either way, small and large; a key-rate bump), exactly, bit for bit, what
 * discountingBondNpv gives on the bond floatingRateBondFrom builds; and undefined wherever building that bond and
 * pricing it fails, so the caller fails as before.
 */
import t from 'tap'
import { loadFixture } from '../../helpers/fixtures.ts'
import { taskFor, type OracleCase, type PoolCurve } from '../../operations/oracle-cases.ts'
import { value } from '../../../workers/operations/valuation.ts'
import { requiredCurve } from '../../../workers/operations/market.ts'
import { discountingBondNpv } from '../../../workers/quant/engines/bond/discounting-bond-engine.ts'
import {
  floatingRateBondFrom,
  floatingRateBondNpv,
} from '../../../workers/quant/instruments/bonds/floating-rate-bond.ts'
import { floatingCouponPlanIndex } from '../../../workers/quant/cashflows/ibor-leg.ts'
import { withForecastCurve } from '../../../workers/quant/indexes/ibor-index.ts'
import { ZeroSpreadedTermStructure } from '../../../workers/quant/curves/zero-spreaded-term-structure.ts'
import { PiecewiseZeroSpreadedTermStructure } from '../../../workers/quant/curves/piecewise-zero-spreaded-term-structure.ts'
import type { YieldTermStructure } from '../../../workers/quant/curves/yield-term-structure.ts'

const BUMPS: [string, (c: YieldTermStructure) => YieldTermStructure][] = [
  ['+1bp', (c) => new ZeroSpreadedTermStructure(c, 1e-4, 'Continuous', -1)],
  ['-1bp', (c) => new ZeroSpreadedTermStructure(c, -1e-4, 'Continuous', -1)],
  ['+100bp', (c) => new ZeroSpreadedTermStructure(c, 0.01, 'Continuous', -1)],
  ['key rate 5y', (c) => new PiecewiseZeroSpreadedTermStructure(c, [2, 5, 10], [0, 1e-4, 0])],
]

/** Every oracle floater that prices, valued, with its flows mapped to its plan (all of them, the first test checks). */
function* oracleFloaters() {
  const fixture = loadFixture<OracleCase>('bonds') as ReturnType<typeof loadFixture<OracleCase>> & {
    curves: PoolCurve[]
  }
  for (const c of fixture.cases) {
    if (c.error || c.index === null) continue
    const task = taskFor(c, fixture.curves, 'analytics', {})
    let v
    try {
      v = value(task)
    } catch {
      continue
    }
    const floating = v.floating!
    const planIndex = floatingCouponPlanIndex(floating.plan.leg, v.bond.cashflows)
    if (planIndex) yield { c, task, v, floating, planIndex }
  }
}

t.test('a bumped floater NPV equals the bumped bond NPV, exactly', async (t) => {
  let compared = 0
  let fallbacks = 0
  let mapped = 0
  const mismatches: string[] = []
  for (const { c, task, v, floating, planIndex } of oracleFloaters()) {
    mapped++
    for (const [name, bump] of BUMPS) {
      const discount = bump(v.curve)
      const index = withForecastCurve(floating.index, bump(requiredCurve(task, 'projection')))
      let expected: number | 'fails'
      try {
        expected = discountingBondNpv(floatingRateBondFrom(floating.plan, index, v.evaluationDate), discount)
      } catch {
        expected = 'fails'
      }
      const got = floatingRateBondNpv(floating.plan, v.bond, planIndex, index, v.evaluationDate, discount)
      if (got === undefined) fallbacks++
      // undefined sends the caller to the bond itself: right whatever the bond gives; a number must be the bond's
      if (got !== undefined && !Object.is(got, expected))
        mismatches.push(`${c.kind} ${String(c.terms.maturity_date)} ${name}: ${got} vs ${expected}`)
      compared++
    }
  }
  t.same(mismatches.slice(0, 5), [], `${mismatches.length} mismatches`)
  t.ok(mapped > 1500, `${mapped} oracle floaters' flows mapped to their plans`)
  t.ok(compared - fallbacks > 6000, `${compared - fallbacks} of ${compared} bumped NPVs computed without the bond`)
})

t.test('a live coupon whose amount fails sends the caller to the bond (which fails as before)', async (t) => {
  // a floater valued after its first fixings, its history emptied: its live coupon's past fixing is missing
  for (const { c, task, v, floating, planIndex } of oracleFloaters()) {
    if (c.fixings.dates.length === 0) continue
    const bare = withForecastCurve({ ...floating.index, history: new Map() }, requiredCurve(task, 'projection'))
    let fails = false
    try {
      discountingBondNpv(floatingRateBondFrom(floating.plan, bare, v.evaluationDate), v.curve)
    } catch {
      fails = true
    }
    if (!fails) continue
    t.equal(
      floatingRateBondNpv(floating.plan, v.bond, planIndex, bare, v.evaluationDate, v.curve),
      undefined,
      `${c.kind} ${String(c.terms.maturity_date)}: undefined where the bond fails`,
    )
    return
  }
  t.fail('no oracle floater with a past fixing to remove')
})
