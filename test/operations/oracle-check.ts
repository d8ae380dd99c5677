/**
 * Checks the pricer operations against an oracle fixture of bond cases (test/oracle/gen_bonds.py format):
 * prices and amounts at `priceTol` relative, yields and z-spreads at 1e-9 absolute, dates exact; where
 * QuantLib throws, the operation must fail with a typed error.
 */
import type { Test } from 'tap'
import { loadFixture } from '../helpers/fixtures.ts'
import { runTask, type TaskReply } from '../../workers/pool-dispatch.ts'
import type { OperationName } from '../../src/contracts/pricing.ts'
import { taskFor, type OracleCase, type PoolCurve } from './oracle-cases.ts'
import { fromIso } from '../../workers/quant/time/date.ts'

/**
 * Every carry metric from what the oracle records (design §6): p1 on today's curve seen from the horizon, on the
 * constant-tenor roll and at today's yield (per 100 of the notional at s0), the flows in (s0, s1] and the
 * accrued amounts at s0 and s1 in currency, and n0, the notional at s0.
 */
function carryMetrics(k: Record<string, number>, dirty: number, clean: number): Record<string, number> {
  const per100 = (ccy: number) => (ccy * 100) / k.n0
  const cr = k.p1_curve - dirty
  const carry = k.p1_yield - dirty
  const p1CleanCurve = k.p1_curve - per100(k.accrued1)
  const p1CleanYield = k.p1_yield - per100(k.accrued1)
  return {
    p0_dirty_per100: dirty,
    p0_clean_per100: clean,
    p1_dirty_per100_unchanged_curve: k.p1_curve,
    p1_dirty_per100_const_yield: k.p1_yield,
    cr_dirty: cr,
    carry_const_dirty: carry,
    roll_down_dirty: cr - carry,
    coupons_between_ccy: k.between,
    cr_plus_coupons_dirty: cr + per100(k.between),
    p1_dirty_per100_rolled_curve: k.p1_rolled,
    roll_down_rolled_dirty: k.p1_rolled - k.p1_yield,
    accrued0_ccy: k.accrued0,
    accrued1_ccy: k.accrued1,
    accrued1_per100: per100(k.accrued1),
    p1_clean_per100_unchanged_curve: p1CleanCurve,
    p1_clean_per100_const_yield: p1CleanYield,
    cr_clean: p1CleanCurve - clean,
    carry_const_clean: p1CleanYield - clean,
    roll_down_clean: p1CleanCurve - p1CleanYield,
  }
}

/**
 * Yields and spreads at `tol` absolute; beyond 100% (a degenerate override price: a yield of 5e6 found by both
 * solvers) at `tol` relative, since a double holds only ~16 digits of it.
 */
const absOk = (got: unknown, want: number, tol = 1e-9) =>
  typeof got === 'number' && Math.abs(got - want) <= tol * Math.max(1, Math.abs(want))

type Run = (c: OracleCase, op: OperationName, extra?: Record<string, unknown>) => TaskReply
type Check = (kind: string, ok: boolean, message: () => string) => void
const resultOf = (r: TaskReply) => (r.ok ? r.result : undefined)
const closeTo = (got: unknown, want: number, tol: number) =>
  typeof got === 'number' && Math.abs(got - want) <= tol * Math.max(1, Math.abs(want))

interface Measures {
  simple: number
  modified: number
  macaulay?: number
  convexity: number
  bpv: number
}
const measuresMatch = (a: Record<string, unknown> | undefined, m: Measures) =>
  !!a &&
  closeTo(a.simple_duration, m.simple, 1e-8) &&
  closeTo(a.modified_duration, m.modified, 1e-8) &&
  closeTo(a.convexity, m.convexity, 1e-8) &&
  closeTo(a.bpv, m.bpv, 1e-8) &&
  (m.macaulay === undefined ? a.macaulay_duration === undefined : closeTo(a.macaulay_duration, m.macaulay, 1e-8))

interface Calls {
  rows: [number, number, number][]
  worst: number
  workout: number
}
/** A callable's yields to call against the oracle's: dates exact, prices at 1e-12, yields at 1e-9. */
function callsMatch(r: Record<string, unknown> | undefined, calls: Calls): boolean {
  const rows = r?.yields_to_call as { date: string; price: number; yield: number }[] | undefined
  return (
    !!rows &&
    rows.length === calls.rows.length &&
    rows.every(
      (x, j) =>
        fromIso(x.date) === calls.rows[j][0] &&
        closeTo(x.price, calls.rows[j][1], 1e-12) &&
        closeTo(x.yield, calls.rows[j][2], 1e-9),
    ) &&
    closeTo(r?.yield_to_worst, calls.worst, 1e-9) &&
    fromIso(String(r?.workout_date)) === calls.workout
  )
}

/** Yields in another convention (yield op and analytics), and analytics from a quoted yield (design §6.1). */
function checkConventions(c: OracleCase, id: string, run: Run, check: Check): void {
  const e = c.expected as Record<string, unknown> & {
    conv?: Measures & { yield: number }
    quoted?: Measures & { clean: number; dirty: number; accrued: number }
  }
  const conv = c.parameters.yield_convention as Record<string, unknown> | undefined
  if (conv && (e.conv || e.conv_error)) {
    const y = run(c, 'yield', conv)
    const a = resultOf(run(c, 'analytics', conv))?.analytics as Record<string, unknown> | undefined
    if (e.conv) {
      check(
        `${c.kind} yield conventions`,
        absOk(resultOf(y)?.yield, e.conv.yield) && absOk(a?.yield, e.conv.yield) && measuresMatch(a, e.conv),
        () =>
          `${id}: ${JSON.stringify(conv)} yield ${JSON.stringify(resultOf(y))} analytics ${JSON.stringify(a)} vs ` +
          `${JSON.stringify(e.conv)}`,
      )
    } else
      check(
        `${c.kind} yield conventions errors`,
        !y.ok,
        () => `${id}: QuantLib failed (${String(e.conv_error)}) but we returned ${JSON.stringify(y)}`,
      )
  }
  if (c.parameters.quoted_yield !== undefined && (e.quoted || e.quoted_error)) {
    const params = {
      quoted_yield: c.parameters.quoted_yield,
      ...(c.parameters.quoted_convention as Record<string, unknown> | undefined),
    }
    const r = run(c, 'analytics', params)
    const a = resultOf(r)?.analytics as Record<string, unknown> | undefined
    if (e.quoted) {
      const q = e.quoted
      check(
        `${c.kind} price from yield`,
        !!a &&
          closeTo(a.clean_price, q.clean, 1e-10) &&
          closeTo(a.dirty_price, q.dirty, 1e-10) &&
          closeTo(a.accrued_amount, q.accrued, 1e-10) &&
          measuresMatch(a, q),
        () => `${id}: ${JSON.stringify(params)} ${JSON.stringify(a)} vs ${JSON.stringify(q)}`,
      )
    } else
      check(
        `${c.kind} price from yield errors`,
        !r.ok,
        () => `${id}: QuantLib failed (${String(e.quoted_error)}) but we returned ${JSON.stringify(r)}`,
      )
  }
}

/** A callable's yields to call at a given clean price (yield op) and at the clean of a quoted yield (analytics). */
function checkYieldsOnly(c: OracleCase, id: string, run: Run, check: Check): void {
  const conv = (c.parameters.yield_convention as Record<string, unknown> | undefined) ?? {}
  const y = run(c, 'yield', { override_clean_price: c.parameters.override_clean_price, ...conv })
  const a = run(c, 'analytics', { quoted_yield: c.parameters.quoted_yield, ...conv })
  if (c.error) {
    // a yield to call that does not solve leaves the answer's own yield standing, and says which one failed
    const refused = (r: TaskReply) => !r.ok || typeof resultOf(r)?.yields_to_call_error === 'string'
    check(
      `${c.kind} yields to call errors`,
      refused(y) || refused(a),
      () => `${id}: QuantLib threw '${c.error}' but yield and analytics succeeded`,
    )
    return
  }
  const e = c.expected as {
    calls: Calls
    quoted: Measures & { clean: number; dirty: number; accrued: number; calls: Calls }
  }
  check(
    `${c.kind} yields to call`,
    callsMatch(resultOf(y), e.calls),
    () => `${id}: ${JSON.stringify(resultOf(y) ?? y)} vs ${JSON.stringify(e.calls)}`,
  )
  const q = resultOf(a)?.analytics as Record<string, unknown> | undefined
  check(
    `${c.kind} price from yield`,
    !!q &&
      closeTo(q.clean_price, e.quoted.clean, 1e-10) &&
      closeTo(q.dirty_price, e.quoted.dirty, 1e-10) &&
      measuresMatch(q, e.quoted),
    () => `${id}: ${JSON.stringify(q ?? a)} vs ${JSON.stringify(e.quoted)}`,
  )
  check(
    `${c.kind} yields to call at a quoted yield`,
    callsMatch(resultOf(a), e.quoted.calls),
    () => `${id}: ${JSON.stringify(resultOf(a) ?? a)} vs ${JSON.stringify(e.quoted.calls)}`,
  )
}

/** `select`: the fixture's cases to check (every one by default); `minCases` of them at least. */
export function checkOracleFixture(
  t: Test,
  name: string,
  priceTol: number,
  minCases: number,
  select: (c: OracleCase) => boolean = () => true,
): void {
  const fixture = loadFixture<OracleCase>(name) as ReturnType<typeof loadFixture<OracleCase>> & { curves: PoolCurve[] }
  const selected = fixture.cases.filter(select)
  const curves = fixture.curves
  // relative to the value, or to `scale` for figures that are differences of values of that size (cr, carry, ...)
  const relOk = (got: unknown, want: number, tol = priceTol, scale = 1) =>
    typeof got === 'number' && Math.abs(got - want) <= tol * Math.max(1, Math.abs(want), Math.abs(scale))
  interface Tally {
    failures: string[]
    checked: number
  }
  const tallies = new Map<string, Tally>()
  const check = (kind: string, ok: boolean, message: () => string) => {
    const tally = tallies.get(kind) ?? { failures: [], checked: 0 }
    tallies.set(kind, tally)
    tally.checked++
    if (!ok) tally.failures.push(message())
  }
  const run = (c: OracleCase, op: OperationName, extra: Record<string, unknown> = {}): TaskReply => {
    const base: Record<string, unknown> = {}
    if (c.parameters.with_yield !== undefined) {
      base.with_yield = c.parameters.with_yield
      base.flat_compounding = c.parameters.flat_compounding
    }
    return runTask(taskFor(c, curves, op, { ...base, ...extra }))
  }
  const result = (r: TaskReply) => (r.ok ? r.result : undefined)

  let errors = 0
  for (const [i, c] of fixture.cases.entries()) {
    if (!select(c)) continue
    const id = `#${i} ${c.kind}`
    if (c.yields_only) {
      checkYieldsOnly(c, id, run, check)
      continue
    }
    if (c.error) {
      errors++
      // the oracle records a case as failing when any of its operations failed: one of ours must fail too
      const r = run(c, 'price')
      const a = run(c, 'analytics')
      check(
        `${c.kind} errors`,
        !r.ok || !a.ok,
        () => `${id}: QuantLib threw '${c.error}' but price and analytics succeeded`,
      )
      continue
    }
    const e = c.expected as Record<string, number> & {
      carry?: Record<string, number>
      cashflows?: [number, number, number | null][]
    }
    const price = result(run(c, 'price'))
    check(`${c.kind} price`, relOk(price?.price, e.npv), () => `${id}: price ${price?.price} vs ${e.npv}`)
    const analytics = run(c, 'analytics')
    const a = result(analytics)?.analytics as Record<string, number> | undefined
    if (e.yield_error !== undefined) {
      // QuantLib's yield did not solve (the oracle kept its prices): analytics, which answers the yield, fails
      check(`${c.kind} yield errors`, !analytics.ok, () => `${id}: QuantLib's yield failed but analytics answered`)
      continue
    }
    check(
      `${c.kind} analytics`,
      !!a &&
        relOk(a.dirty_price, e.dirty) &&
        relOk(a.clean_price, e.clean) &&
        relOk(a.accrued_amount, e.accrued) &&
        relOk(a.settlement_value, e.settlement_value),
      () =>
        `${id}: analytics ${JSON.stringify(a)} vs ` +
        `${JSON.stringify({ dirty: e.dirty, clean: e.clean, accrued: e.accrued })}`,
    )
    if (e.yield === undefined) continue
    check(`${c.kind} yield`, !!a && absOk(a.yield, e.yield), () => `${id}: yield ${a?.yield} vs ${e.yield}`)
    check(
      `${c.kind} durations`,
      !!a &&
        relOk(a.simple_duration, e.simple, 1e-8) &&
        relOk(a.modified_duration, e.modified, 1e-8) &&
        relOk(a.macaulay_duration, e.macaulay, 1e-8),
      () =>
        `${id}: durations ${[a?.simple_duration, a?.modified_duration, a?.macaulay_duration]} vs ` +
        `${[e.simple, e.modified, e.macaulay]}`,
    )
    check(
      `${c.kind} convexity/bpv`,
      !!a && relOk(a.convexity, e.convexity, 1e-8) && relOk(a.bpv, e.bpv, 1e-8),
      () => `${id}: convexity ${a?.convexity} vs ${e.convexity}, bpv ${a?.bpv} vs ${e.bpv}`,
    )
    const d = result(run(c, 'duration', { duration_type: 'Macaulay' }))
    check(
      `${c.kind} duration op`,
      relOk(d?.duration, e.macaulay, 1e-8),
      () => `${id}: duration ${d?.duration} vs ${e.macaulay}`,
    )
    const y = result(run(c, 'yield'))
    check(`${c.kind} yield op`, absOk(y?.yield, e.yield), () => `${id}: yield op ${y?.yield} vs ${e.yield}`)
    const yo = run(c, 'yield', { override_clean_price: c.parameters.override_clean_price })
    // the oracle's continued-NPV search (test/oracle/semantics.py) brackets from -90%: a yield below it, which ours
    // may find, is one the oracle cannot confirm or refute
    const belowBracket =
      /continued npv does not bracket/.test(String(e.override_yield_error)) && !!yo.ok && Number(yo.result.yield) < -0.9
    if (e.override_yield_error !== undefined)
      check(
        `${c.kind} yield override errors`,
        !yo.ok || belowBracket,
        () => `${id}: QuantLib override yield failed but we returned ${JSON.stringify(yo)}`,
      )
    if (e.override_yield !== undefined)
      check(
        `${c.kind} yield override`,
        absOk(result(yo)?.yield, e.override_yield),
        () => `${id}: override yield ${JSON.stringify(yo)} vs ${e.override_yield}`,
      )
    checkConventions(c, id, run, check)
    const z = run(c, 'z-spread', {
      target_dirty_ccy: e.target_dirty_ccy,
      tol: c.parameters.tol,
      max_iter: c.parameters.max_iter,
    })
    if (e.z_spread !== undefined)
      check(
        `${c.kind} z-spread`,
        absOk(result(z)?.z_spread, e.z_spread),
        () => `${id}: z-spread ${JSON.stringify(z)} vs ${e.z_spread}`,
      )
    else
      check(
        `${c.kind} z-spread errors`,
        !z.ok,
        () => `${id}: QuantLib z-spread failed but we returned ${JSON.stringify(z)}`,
      )
    const carry = result(run(c, 'carry-roll-down', { horizon_days: c.parameters.horizon_days }))?.metrics as
      Record<string, number> | undefined
    const want = carryMetrics(e.carry!, e.dirty, e.clean)
    const off = carry
      ? Object.keys(want).filter(
          (key) =>
            !relOk(carry[key], want[key], /const|roll_down/.test(key) ? Math.max(priceTol, 1e-8) : priceTol, e.dirty),
        )
      : ['(failed)']
    check(
      `${c.kind} carry`,
      off.length === 0,
      () => `${id}: carry ${off.map((key) => `${key} ${carry?.[key]} vs ${want[key]}`).join(', ')}`,
    )
    for (const [key, includePaid] of [
      ['cashflows', false],
      ['cashflows_all', true],
    ] as const) {
      const params = includePaid ? { include_paid: true } : {}
      if (e[`${key}_error`]) {
        const r = run(c, 'cashflows', params)
        check(
          `${c.kind} ${key} errors`,
          !r.ok && r.error.kind === 'market_data',
          () =>
            `${id}: QuantLib ${key} failed (${String(e[`${key}_error`])}) but we returned ` +
            `${JSON.stringify(r).slice(0, 200)}`,
        )
      }
      const expected = e[key] as [number, number][] | undefined
      if (!expected) continue
      const legs = result(run(c, 'cashflows', params))?.legs as
        Record<string, { payment_date: string; amount: number }[]> | undefined
      const rows = legs
        ? [...legs.fixed, ...legs.floating, ...legs.amortization, ...legs.redemption].sort(
            (x, y) => fromIso(x.payment_date) - fromIso(y.payment_date),
          )
        : []
      const flows = [...expected].sort((x, y) => x[0] - y[0])
      const same =
        !!legs &&
        rows.length === flows.length &&
        flows.every((w, j) => fromIso(rows[j].payment_date) === w[0] && relOk(rows[j].amount, w[1]))
      check(
        `${c.kind} ${key}`,
        same,
        () => `${id}: ${key} ${JSON.stringify(rows.slice(0, 4))} vs ${JSON.stringify(flows.slice(0, 4))}`,
      )
      const net = result(run(c, 'net-cashflows', params))?.cashflows as
        { payment_date: string; net_cashflow: number }[] | undefined
      const byDate = new Map<number, number>()
      for (const [d, amount] of flows) byDate.set(d, (byDate.get(d) ?? 0) + amount)
      const netSame =
        !!net &&
        net.length === byDate.size &&
        net.every((r) => relOk(r.net_cashflow, byDate.get(fromIso(r.payment_date)) ?? Number.NaN))
      check(
        `${c.kind} net ${key}`,
        netSame,
        () => `${id}: net ${key} ${JSON.stringify(net?.slice(0, 4))} vs ${JSON.stringify([...byDate].slice(0, 4))}`,
      )
    }
  }
  for (const [kind, tally] of [...tallies].sort()) {
    t.comment(
      `${kind}: ${tally.checked - tally.failures.length}/${tally.checked} ` +
        `match${tally.failures.length ? ` — first: ${tally.failures[0].slice(0, 300)}` : ''}`,
    )
    t.same(tally.failures.slice(0, 5), [], `${kind}: ${tally.checked - tally.failures.length}/${tally.checked} match`)
  }
  t.ok(selected.length >= minCases, `${selected.length} instruments, ${errors} where QuantLib throws`)
}
