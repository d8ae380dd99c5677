/**
 * An overnight floater's bumped NPV without its bumped bond (overnightFloatingRateBondNpv): on every overnight oracle
 * floater (lookbacks, lockouts, shifts, payment lags, simple and compounded averaging) and every bump a risk figure
 * or a scenario makes, exactly, bit for bit, what discountingBondNpv gives on the bond floatingRateBondFrom builds.
 */
import t from 'tap'
import { loadFixture } from '../../helpers/fixtures.ts'
import { taskFor, type OracleCase, type PoolCurve } from '../../operations/oracle-cases.ts'
import { value } from '../../../workers/operations/valuation.ts'
import { requiredCurve } from '../../../workers/operations/market.ts'
import { discountingBondNpv } from '../../../workers/quant/engines/bond/discounting-bond-engine.ts'
import {
  floatingRateBondFrom,
  overnightFloatingRateBondNpv,
} from '../../../workers/quant/instruments/bonds/floating-rate-bond.ts'
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

t.test('a bumped overnight floater NPV equals the bumped bond NPV, exactly', async (t) => {
  const fixture = loadFixture<OracleCase>('overnight') as ReturnType<typeof loadFixture<OracleCase>> & {
    curves: PoolCurve[]
  }
  let compared = 0
  let computed = 0
  const mismatches: string[] = []
  for (const c of fixture.cases) {
    if (c.error) continue
    const task = taskFor(c, fixture.curves, 'analytics', {})
    let v
    try {
      v = value(task)
    } catch {
      continue
    }
    const floating = v.floating!
    t.ok(floating.plan.overnight, 'an overnight floater')
    for (const [name, bump] of BUMPS) {
      const discount = bump(v.curve)
      const index = withForecastCurve(floating.index, bump(requiredCurve(task, 'projection')))
      let expected: number | 'fails'
      try {
        expected = discountingBondNpv(floatingRateBondFrom(floating.plan, index, v.evaluationDate), discount)
      } catch {
        expected = 'fails'
      }
      const got = overnightFloatingRateBondNpv(v.bond, index, v.evaluationDate, discount)
      compared++
      if (got === undefined) continue
      computed++
      if (!Object.is(got, expected)) mismatches.push(`${String(c.terms.maturity_date)} ${name}: ${got} vs ${expected}`)
    }
  }
  t.same(mismatches.slice(0, 5), [], `${mismatches.length} mismatches`)
  t.ok(computed > 4000, `${computed} of ${compared} bumped NPVs computed without the bond`)
})
