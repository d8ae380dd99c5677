/**
 * A floater's bumps (effective and key-rate risk, workers/operations/risk.ts) re-forecast the plan of its cached
 * instrument (iborLegPlan: every date fixed) on the bumped projection curve instead of rebuilding it from its terms.
 * The plan reads the index's calendars and conventions, never its curve: re-forecasting the cached plan must give,
 * bit for bit, the flows of a floater rebuilt from its terms with the bumped index.
 */
import t from 'tap'
import { loadFixture } from '../helpers/fixtures.ts'
import { taskFor, type OracleCase, type PoolCurve } from './oracle-cases.ts'
import { floaterPlans, instrument, instruments } from '../../workers/operations/valuation.ts'
import { runTask } from '../../workers/pool-dispatch.ts'
import type { PricingTask } from '../../src/contracts/pricing.ts'
import { requiredCurve } from '../../workers/operations/market.ts'
import { planFloatingRateBond } from '../../workers/operations/rebuild-instrument.ts'
import { floatingRateBondFrom } from '../../workers/quant/instruments/bonds/floating-rate-bond.ts'
import { ZeroSpreadedTermStructure } from '../../workers/quant/curves/zero-spreaded-term-structure.ts'
import type { Leg } from '../../workers/quant/cashflows/cash-flow.ts'

/** Every number and date of a leg, with the reason a flow has no amount (a missing fixing), in order. */
const flows = (leg: Leg) =>
  leg.map((cf) =>
    cf.kind === 'floating'
      ? [cf.date, cf.amount, cf.rate, cf.indexFixing, cf.fixingDate, cf.missingFixing?.date ?? null]
      : [cf.date, cf.amount],
  )

t.test(
  "re-forecasting a cached floater's plan on a bumped curve gives the flows of a floater rebuilt on it",
  async (t) => {
    const fixture = loadFixture<OracleCase>('bonds') as ReturnType<typeof loadFixture<OracleCase>> & {
      curves: PoolCurve[]
    }
    let compared = 0
    let moved = 0
    const mismatches: string[] = []
    const overwritten: string[] = []
    for (const [i, c] of fixture.cases.entries()) {
      if (c.error || c.index === null) continue
      const task = taskFor(c, fixture.curves, 'price', {})
      let inst
      try {
        inst = instrument(task)
      } catch {
        continue
      }
      if (!inst.floating) continue
      const index = inst.floating.index
      const bumped = { ...index, forecastCurve: new ZeroSpreadedTermStructure(requiredCurve(task, 'projection'), 1e-4) }
      const cached = JSON.stringify(flows(inst.bond.cashflows))
      // the cached instrument's coupons are its plan's, forecast in place once: a later forecast, even one asking for
      // in place, is new coupons and leaves them as they were
      const reforecast = flows(floatingRateBondFrom(inst.floating.plan, bumped, inst.evaluationDate, true).cashflows)
      const rebuilt = flows(
        floatingRateBondFrom(planFloatingRateBond(inst.type, inst.terms, bumped), bumped, inst.evaluationDate)
          .cashflows,
      )
      compared++
      if (JSON.stringify(reforecast) !== JSON.stringify(rebuilt)) mismatches.push(`#${i} ${c.kind}`)
      if (JSON.stringify(flows(inst.bond.cashflows)) !== cached) overwritten.push(`#${i} ${c.kind}`)
      if (JSON.stringify(reforecast) !== cached) moved++
    }
    t.ok(compared >= 500, `${compared} floaters compared`)
    t.ok(
      moved >= compared / 2,
      `${moved} of them re-forecast to other flows by a 1 bp bump (the bump reaches the forecasts)`,
    )
    t.same(mismatches.slice(0, 5), [], 'the same flows, bit for bit')
    t.same(overwritten.slice(0, 5), [], "the cached instrument's flows stay as first forecast")
  },
)

t.test(
  "a floater's plan is cached apart from its curve: a new projection curve re-forecasts it, with a fresh rebuild's " +
    'answers',
  async (t) => {
    const fixture = loadFixture<OracleCase>('bonds') as ReturnType<typeof loadFixture<OracleCase>> & {
      curves: PoolCurve[]
    }
    const answer = (task: PricingTask) =>
      JSON.stringify([
        runTask(structuredClone(task)),
        runTask({ ...structuredClone(task), operation: 'cashflows', parameters: { include_paid: true } }),
      ])
    let compared = 0
    let moved = 0
    const wrong: string[] = []
    const hitsBefore = floaterPlans.stats().hits
    for (const [i, c] of fixture.cases.entries()) {
      if (c.error || c.index === null || compared >= 200) continue
      const first = { ...taskFor(c, fixture.curves, 'price', {}), instrument_key: `case-${i}:a`, plan_key: `case-${i}` }
      if (!first.curves.projection || !first.curves.discount) continue
      // another projection curve (the discount curve's nodes): what a market-data update makes of a floater's key
      const second = {
        ...first,
        instrument_key: `case-${i}:b`,
        curves: { ...first.curves, projection: first.curves.discount },
      }
      const firstAnswer = answer(first)
      if (!runTask(structuredClone(first)).ok) continue
      const secondAnswer = answer(second)
      // the first curve's instrument, still cached, after its plan was re-forecast on the second
      const firstAgain = answer(first)
      if (secondAnswer !== firstAnswer) moved++
      instruments.clear()
      floaterPlans.clear()
      const fresh = answer(second)
      instruments.clear()
      floaterPlans.clear()
      const firstFresh = answer(first)
      compared++
      if (secondAnswer !== fresh) wrong.push(`#${i} ${c.kind}: the other curve's answers`)
      if (firstAnswer !== firstFresh || firstAgain !== firstAnswer)
        wrong.push(`#${i} ${c.kind}: the first curve's answers`)
    }
    t.ok(compared >= 100, `${compared} floaters priced on two projection curves`)
    t.ok(moved >= compared / 2, `${moved} of them priced differently on the other curve`)
    t.ok(floaterPlans.stats().hits - hitsBefore >= compared, 'the second curve read the cached plan')
    t.same(wrong.slice(0, 5), [], 'the answers of a fresh rebuild, bit for bit')
  },
)
