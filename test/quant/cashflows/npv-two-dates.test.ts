/**
 * The discounting engine discounts each live flow once for its NPV and its settlement value (npvAtTwoDates): both
 * must be exactly, bit for bit, what CashFlows::npv gives at each date alone, on every oracle bond that prices
 * (every class but the callables, which the tree values), and on a bumped curve (what effective risk reads).
 */
import t from 'tap'
import { loadFixture } from '../../helpers/fixtures.ts'
import { taskFor, type OracleCase, type PoolCurve } from '../../operations/oracle-cases.ts'
import { value } from '../../../workers/operations/valuation.ts'
import { npv } from '../../../workers/quant/cashflows/cashflows.ts'
import { discountingBondNpv } from '../../../workers/quant/engines/bond/discounting-bond-engine.ts'
import { ZeroSpreadedTermStructure } from '../../../workers/quant/curves/zero-spreaded-term-structure.ts'

t.test('NPV and settlement value equal npv at each date alone, exactly', async (t) => {
  const fixture = loadFixture<OracleCase>('bonds') as ReturnType<typeof loadFixture<OracleCase>> & {
    curves: PoolCurve[]
  }
  let compared = 0
  let apart = 0
  const mismatches: string[] = []
  for (const c of fixture.cases) {
    if (c.error) continue
    let v
    try {
      v = value(taskFor(c, fixture.curves, 'price', {}))
    } catch {
      continue
    }
    if (v.spreaded) continue
    const ref = v.curve.referenceDate
    const s = v.valuation.settlementDate
    const legs = v.bond.cashflows
    if (s !== ref) apart++
    if (v.valuation.npv !== npv(legs, v.curve, ref, ref))
      mismatches.push(`${c.kind} npv ${v.valuation.npv} vs ${npv(legs, v.curve, ref, ref)}`)
    if (v.valuation.settlementValue !== npv(legs, v.curve, s, s))
      mismatches.push(`${c.kind} settlement ${v.valuation.settlementValue} vs ${npv(legs, v.curve, s, s)}`)
    const bumped = new ZeroSpreadedTermStructure(v.curve, 1e-4, 'Continuous', -1)
    if (discountingBondNpv(v.bond, bumped) !== npv(legs, bumped, bumped.referenceDate, bumped.referenceDate))
      mismatches.push(`${c.kind} bumped npv`)
    compared++
  }
  t.same(mismatches.slice(0, 5), [], `${mismatches.length} mismatches`)
  t.ok(compared > 500, `${compared} bonds compared`)
  t.ok(apart > 500, `${apart} of them settle after the curve's reference date (both sums differ)`)
})
