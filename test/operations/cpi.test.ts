/**
 * CPIBond (design §4.2) against QuantLib 1.29 on 800 randomized inflation-linked bonds (test/oracle/gen_cpi.py:
 * TIPS-like, gilt-linker-like and random terms, Flat, Linear and AsIndex, growth only, CPI fixings and a
 * zero-inflation curve): every operation at 1e-8 relative (the issue's tolerance for CPI bonds), yields and spreads at
 * 1e-9; the analytics' index_ratio at 1e-10 and real_yield at 1e-9. Where QuantLib throws (a missing CPI, a base
 * fixing not published, a date past the curve), the operation fails with a typed error.
 */
import t from 'tap'
import { loadFixture } from '../helpers/fixtures.ts'
import { runTask } from '../../workers/pool-dispatch.ts'
import { taskFor, type OracleCase, type PoolCurve } from './oracle-cases.ts'
import { checkOracleFixture } from './oracle-check.ts'

t.test('every operation on every CPI bond equals QuantLib', async (t) => checkOracleFixture(t, 'cpi', 1e-8, 700))

t.test("the index ratio and the real yield equal QuantLib's", async (t) => {
  const fixture = loadFixture<OracleCase>('cpi') as ReturnType<typeof loadFixture<OracleCase>> & {
    curves: PoolCurve[]
  }
  const failures: string[] = []
  let ratios = 0
  let yields = 0
  for (const [i, c] of fixture.cases.entries()) {
    const e = c.expected as { index_ratio?: number; real_yield?: number; yield_error?: string } | undefined
    // where QuantLib's yield fails, analytics fails (oracle-check.ts)
    if (c.error || !e || e.index_ratio === undefined || e.yield_error !== undefined) continue
    const parameters: Record<string, unknown> = {}
    if (c.parameters.with_yield !== undefined) {
      parameters.with_yield = c.parameters.with_yield
      parameters.flat_compounding = c.parameters.flat_compounding
    }
    const r = runTask(taskFor(c, fixture.curves, 'analytics', parameters))
    const a = r.ok ? (r.result.analytics as Record<string, number>) : undefined
    ratios++
    if (!a || !(Math.abs(a.index_ratio - e.index_ratio) <= 1e-10 * Math.abs(e.index_ratio)))
      failures.push(`#${i}: index_ratio ${a?.index_ratio} vs ${e.index_ratio} ${r.ok ? '' : JSON.stringify(r)}`)
    if (e.real_yield === undefined) continue
    yields++
    if (!a || !(Math.abs(a.real_yield - e.real_yield) <= 1e-9 * Math.max(1, Math.abs(e.real_yield))))
      failures.push(`#${i}: real_yield ${a?.real_yield} vs ${e.real_yield}`)
  }
  t.same(failures.slice(0, 10), [], `${failures.length} differ`)
  t.ok(ratios >= 700 && yields >= 650, `${ratios} index ratios, ${yields} real yields compared`)
})
