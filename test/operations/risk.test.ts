/**
 * Curve-bump risk and OAS against QuantLib 1.29 bump-and-reprice (test/oracle/gen_risk.py) on instruments of
 * all six classes: effective and key-rate durations and DV01 at 1e-7 relative, convexity at 1e-4 relative, the
 * OAS of callables at 1e-8 absolute; where QuantLib throws, the operation fails with a typed error.
 * A difference quotient cannot be more exact than the prices it divides: two NPVs that agree to 1e-14 relative
 * leave 1e-14/h in a duration and 4e-14/h² in a convexity, so near-zero figures (a 6M key rate of a 15-year
 * callable, a floater's convexity) are checked against that floor instead.
 */
import t from 'tap'
import { loadFixture } from '../helpers/fixtures.ts'
import { runTask, type TaskReply } from '../../workers/pool-dispatch.ts'
import type { OperationName } from '../../src/contracts/pricing.ts'
import { taskFor, type OracleCase, type PoolCurve } from './oracle-cases.ts'

interface RiskCase {
  source: 'bonds' | 'callable'
  index: number
  bump_bp: number
  key_rate_tenors: string[] | null
  expected?: {
    npv: number
    effective_duration: number
    effective_convexity: number
    dv01: number
    key_rate_durations: { tenor: string; duration: number }[]
    oas?: number
  }
  error?: string
}

const sources = {
  bonds: loadFixture<OracleCase>('bonds') as ReturnType<typeof loadFixture<OracleCase>> & { curves: PoolCurve[] },
  callable: loadFixture<OracleCase>('callable') as ReturnType<typeof loadFixture<OracleCase>> & { curves: PoolCurve[] },
}
const risk = loadFixture<RiskCase>('risk')
const NPV_AGREEMENT = 1e-14
const rel = (got: unknown, want: number, tol: number, floor = 0) =>
  typeof got === 'number' && Math.abs(got - want) <= tol * Math.abs(want) + floor
const result = (r: TaskReply) => (r.ok ? r.result : undefined)

t.test('effective and key-rate risk, DV01 and OAS match QuantLib bump-and-reprice', async (t) => {
  const failures = new Map<string, string[]>()
  const counts = new Map<string, number>()
  const check = (what: string, ok: boolean, message: () => string) => {
    counts.set(what, (counts.get(what) ?? 0) + 1)
    if (!ok) failures.set(what, [...(failures.get(what) ?? []), message()])
  }
  for (const r of risk.cases) {
    const { cases, curves } = sources[r.source]
    const c = cases[r.index]
    const base: Record<string, unknown> =
      c.parameters.with_yield !== undefined
        ? { with_yield: c.parameters.with_yield, flat_compounding: c.parameters.flat_compounding }
        : {}
    const run = (op: OperationName, extra: Record<string, unknown>) =>
      runTask(taskFor(c, curves, op, { ...base, bump_bp: r.bump_bp, ...extra }))
    const id = `${r.source}#${r.index} ${c.kind}`
    const effective = run('duration', { duration_type: 'Effective' })
    if (r.error) {
      check(
        `${c.kind} errors`,
        !effective.ok,
        () => `${id}: QuantLib threw '${r.error}' but we returned ${JSON.stringify(effective)}`,
      )
      continue
    }
    const e = r.expected!
    const h = r.bump_bp * 1e-4
    const [durationFloor, convexityFloor] = [NPV_AGREEMENT / h, (4 * NPV_AGREEMENT) / (h * h)]
    const dv01Floor = Math.abs(e.npv) * NPV_AGREEMENT * (1e-4 / h)
    check(
      `${c.kind} effective duration`,
      rel(result(effective)?.duration, e.effective_duration, 1e-7, durationFloor),
      () => `${id}: ${JSON.stringify(effective)} vs ${e.effective_duration}`,
    )
    const a = result(run('analytics', {}))?.analytics as Record<string, number> | undefined
    check(
      `${c.kind} analytics risk`,
      !!a &&
        rel(a.effective_duration, e.effective_duration, 1e-7, durationFloor) &&
        rel(a.dv01, e.dv01, 1e-7, dv01Floor) &&
        rel(a.effective_convexity, e.effective_convexity, 1e-4, convexityFloor) &&
        rel(a.npv, e.npv, 1e-10),
      () =>
        `${id}: ${JSON.stringify({ d: a?.effective_duration, c: a?.effective_convexity, dv01: a?.dv01 })} vs ` +
        `${JSON.stringify(e)}`,
    )
    const krd = result(
      run('duration', {
        duration_type: 'KeyRate',
        ...(r.key_rate_tenors ? { key_rate_tenors: r.key_rate_tenors } : {}),
      }),
    )
    const rows = krd?.key_rate_durations as { tenor: string; duration: number }[] | undefined
    const sum = e.key_rate_durations.reduce((s, k) => s + k.duration, 0)
    check(
      `${c.kind} key-rate durations`,
      !!rows &&
        rows.length === e.key_rate_durations.length &&
        rows.every(
          (k, i) =>
            k.tenor === e.key_rate_durations[i].tenor &&
            rel(k.duration, e.key_rate_durations[i].duration, 1e-7, durationFloor),
        ) &&
        rel(krd?.duration, sum, 1e-7, durationFloor),
      () => `${id}: ${JSON.stringify(krd)} vs ${JSON.stringify(e.key_rate_durations)}`,
    )
    if (e.oas !== undefined) {
      const z = result(
        runTask(
          taskFor(c, curves, 'z-spread', {
            target_dirty_ccy: c.expected!.target_dirty_ccy,
            tol: c.parameters.tol,
            max_iter: c.parameters.max_iter,
          }),
        ),
      )
      check(
        `${c.kind} oas`,
        typeof z?.oas === 'number' && Math.abs((z.oas as number) - e.oas) <= 1e-8,
        () => `${id}: oas ${z?.oas} vs ${e.oas}`,
      )
    }
  }
  for (const [what, n] of [...counts].sort()) {
    const bad = failures.get(what) ?? []
    t.same(bad.slice(0, 5), [], `${what}: ${n - bad.length}/${n} match`)
  }
  const classes = new Set(risk.cases.map((r) => sources[r.source].cases[r.index].kind))
  t.equal(classes.size, 6, 'every class is covered')
  t.ok(
    [...counts.keys()].some((k) => k.endsWith(' oas')),
    'callables are checked for their OAS',
  )
})
