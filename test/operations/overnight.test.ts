/**
 * Overnight-compounded floaters (design §4.2) against the oracle (test/oracle/gen_overnight.py, 1,200 randomized
 * SOFR-style floaters and amortizing floaters):
 * - without lookback, lockout or shift, every operation against QuantLib 1.29's OvernightLeg (compounding pricer, or
 *   the arithmetic pricer at zero volatility): prices and amounts at 1e-10 relative, yields and spreads at 1e-9;
 * - with them, the NPV, settlement value, dirty price and every coupon amount against our Python reference of the
 *   design formula (test/oracle/overnight_reference.py, itself checked against QuantLib where they overlap), at
 *   1e-10 relative (a coupon amount whose rate nearly cancels: 1e-12 of the face value); a coupon whose fixing is
 *   missing fails where the reference fails.
 */
import t from 'tap'
import { loadFixture } from '../helpers/fixtures.ts'
import { runTask, type TaskReply } from '../../workers/pool-dispatch.ts'
import type { OperationName } from '../../src/contracts/pricing.ts'
import { taskFor, type OracleCase, type PoolCurve } from './oracle-cases.ts'
import { checkOracleFixture } from './oracle-check.ts'
import { fromIso } from '../../workers/quant/time/date.ts'

interface OvernightCase extends OracleCase {
  reference?: boolean
}
interface ReferenceExpected {
  npv: number
  settlement_value: number
  dirty: number
  coupons?: [number, number][]
  coupons_error?: string
}

const TOL = 1e-10
const fixture = loadFixture<OvernightCase>('overnight') as ReturnType<typeof loadFixture<OvernightCase>> & {
  curves: PoolCurve[]
}

t.test('without lookback, lockout or shift: every operation equals QuantLib', async (t) =>
  checkOracleFixture(t, 'overnight', TOL, 500, (c) => !(c as OvernightCase).reference),
)

t.test('with lookback, lockout or shift: the design formula (our reference)', async (t) => {
  const relOk = (got: unknown, want: number) =>
    typeof got === 'number' && Math.abs(got - want) <= TOL * Math.max(1, Math.abs(want))
  const failures: string[] = []
  let checked = 0
  let errors = 0
  let coupons = 0
  for (const [i, c] of fixture.cases.entries()) {
    if (!c.reference) continue
    const id = `#${i} ${JSON.stringify(c.terms.overnight)}`
    const base: Record<string, unknown> = {}
    if (c.parameters.with_yield !== undefined) {
      base.with_yield = c.parameters.with_yield
      base.flat_compounding = c.parameters.flat_compounding
    }
    const run = (op: OperationName, extra: Record<string, unknown> = {}): TaskReply =>
      runTask(taskFor(c, fixture.curves, op, { ...base, ...extra }))
    const analytics = run('analytics')
    if (c.error) {
      errors++
      if (analytics.ok) failures.push(`${id}: the reference failed ('${c.error}') but analytics answered`)
      continue
    }
    checked++
    const e = c.expected as unknown as ReferenceExpected
    const a = analytics.ok ? (analytics.result.analytics as Record<string, unknown>) : undefined
    if (!a || !relOk(a.npv, e.npv) || !relOk(a.settlement_value, e.settlement_value) || !relOk(a.dirty_price, e.dirty))
      failures.push(`${id}: ${JSON.stringify(a ?? analytics).slice(0, 300)} vs ${JSON.stringify(e).slice(0, 200)}`)
    const flows = run('cashflows', { include_paid: true })
    if (e.coupons_error !== undefined) {
      if (flows.ok) failures.push(`${id}: the reference's coupons failed ('${e.coupons_error}') but ours answered`)
      continue
    }
    const rows = flows.ok
      ? (flows.result.legs as { floating: { payment_date: string; amount: number }[] }).floating
      : []
    const got = rows.map((r) => [fromIso(r.payment_date), r.amount] as const)
    const want = e.coupons ?? []
    // a coupon whose rate nearly cancels (a spread below a small index rate) keeps its absolute accuracy, not its
    // relative one: 1e-12 of the face value is a rate error below 1e-11
    const face = Number(c.terms.face_value)
    const amountOk = (got: number, want: number) => relOk(got, want) || Math.abs(got - want) <= 1e-12 * face
    const same =
      got.length === want.length && want.every(([date, amount], k) => got[k][0] === date && amountOk(got[k][1], amount))
    if (!same) failures.push(`${id}: coupons ${JSON.stringify(got.slice(0, 3))} vs ${JSON.stringify(want.slice(0, 3))}`)
    coupons += want.length
  }
  t.comment(`${checked} reference cases (${coupons} coupons), ${errors} refused, ${failures.length} differ`)
  t.same(failures.slice(0, 10), [], `${failures.length} of ${checked + errors} differ`)
  t.ok(checked >= 500 && coupons >= 5000, `${checked} cases, ${coupons} coupons compared`)
})
