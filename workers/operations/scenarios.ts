/**
 * Scenario revaluation (src/risk/scenarios.ts, /var/): the item's NPV under each scenario of its task, by full
 * revaluation with effective risk's machinery (risk.ts, npvUnder): the instrument and its dated coupons stay, every
 * curve a scenario moves is rebuilt (`nodes`: stored zero rates changed) or spread (`spread`: a continuous zero
 * spread, parallel or linear between tenors), and the models it moves are the base ones plus its absolute changes.
 */
import type {
  InflationCurveTask,
  PricingTask,
  ShortRateModel,
  TaskCurve,
  TaskCurveShock,
  TaskCurveText,
  TaskScenario,
} from '../../src/contracts/pricing.ts'
import { QuantInputError, requireFinite } from '../quant/errors.ts'
import { fromIso } from '../quant/time/date.ts'
import { parsePeriod, shiftByPeriod } from '../quant/time/period.ts'
import type { DayCounter } from '../quant/time/day-counter.ts'
import { dayCounterFromCode } from '../quant/time/daycounters/index.ts'
import type { DateSerial, Time } from '../quant/types.ts'
import { buildCurve } from '../quant/curves/curve-from-nodes.ts'
import type { YieldTermStructure } from '../quant/curves/yield-term-structure.ts'
import { ZeroSpreadedTermStructure } from '../quant/curves/zero-spreaded-term-structure.ts'
import { PiecewiseZeroSpreadedTermStructure } from '../quant/curves/piecewise-zero-spreaded-term-structure.ts'
import { cpiBond } from '../quant/instruments/bonds/cpi-bond.ts'
import { BoundedCache } from '../../src/caches/bounded-cache.ts'
import { HULL_WHITE_A, HULL_WHITE_SIGMA, TREE_STEPS } from '../quant/engines/callable/tree-callable-bond-engine.ts'
import { inflationIndex, taskCurveData } from './market.ts'
import { cpiBondOptions, timeCaches } from './rebuild-instrument.ts'
import { amountsScratch, npvUnder, zeroMemos, type ModelOverrides } from './risk.ts'
import { value, type Valued } from './valuation.ts'

/** Curves rebuilt under a scenario's node changes, by the curve's and the changes' content keys (cache-report.ts). */
export const scenarioCurves = new BoundedCache<YieldTermStructure>(4096)

/** Each spread shock's tenors as times of a curve (reference date and day counter), linear between, flat beyond. */
function spreadTimes(shock: TaskCurveShock & { kind: 'spread' }, reference: DateSerial, dc: DayCounter): Time[] {
  return shock.tenors.map((t, i) =>
    dc.yearFraction(reference, shiftByPeriod(reference, parsePeriod(t, `parameters.scenarios.tenors[${i}]`))),
  )
}

function spreadAt(times: readonly Time[], spreads: readonly number[], t: Time): number {
  if (times.length === 0 || t <= times[0]) return spreads[0]
  const last = times.length - 1
  if (t >= times[last]) return spreads[last]
  let i = 1
  while (times[i] < t) i++
  const w = (t - times[i - 1]) / (times[i] - times[i - 1])
  return spreads[i - 1] + w * (spreads[i] - spreads[i - 1])
}

/** Every `nodes` shock's change of node i, summed (a scenario may name the same curve twice). */
function nodeShifts(shocks: readonly TaskCurveShock[], n: number, what: string): number[] | null {
  let total: number[] | null = null
  for (const s of shocks) {
    if (s.kind !== 'nodes') continue
    if (s.shifts.length !== n)
      throw new QuantInputError(`${what}: ${s.shifts.length} node changes for ${n} nodes`, 'parameters.scenarios')
    total = total ? total.map((x, i) => x + s.shifts[i]) : [...s.shifts]
  }
  return total
}

/** A yield curve of the task under its shocks: rebuilt from changed nodes, then spread. */
function shockedCurve(
  base: YieldTermStructure,
  stored: TaskCurve | TaskCurveText | undefined,
  shocks: readonly TaskCurveShock[] | undefined,
  memo: ReturnType<typeof zeroMemos>,
): YieldTermStructure {
  if (!shocks || shocks.length === 0) return base
  let curve = base
  if (stored) {
    const build = () => {
      const data = taskCurveData(stored)
      const shifts = nodeShifts(shocks, data.nodes.zero.length, 'curve')
      if (!shifts) return base
      return buildCurve({
        referenceDate: fromIso(data.reference_date, 'curve.reference_date'),
        nodes: { days_to_maturity: data.nodes.days_to_maturity, zero: data.nodes.zero.map((z, i) => z + shifts[i]) },
        building: data.building,
        workspace: timeCaches,
      })
    }
    // one historical scenario's curve is every item's on it: built once per thread by content (the curve's and the
    // shifts' keys)
    const key = shocks.length === 1 && shocks[0].kind === 'nodes' ? shocks[0].key : undefined
    curve = key === undefined ? build() : scenarioCurves.getOrSet(`${stored.cache_key}|${key}`, build)
  }
  for (const s of shocks) {
    if (s.kind !== 'spread') continue
    // on the unshocked curve, the zero rates its bumps share (effective risk's memo)
    const zeros = curve === base ? memo(base) : undefined
    curve =
      s.tenors.length === 0
        ? new ZeroSpreadedTermStructure(curve, s.spreads[0], 'Continuous', -1, zeros)
        : new PiecewiseZeroSpreadedTermStructure(
            curve,
            spreadTimes(s, curve.referenceDate, curve.dayCounter),
            s.spreads,
            zeros,
          )
  }
  return curve
}

/** A zero-inflation curve under its shocks: each dated rate changed (nodes) or spread at its time (spread). */
function shockedInflationCurve(c: InflationCurveTask, shocks: readonly TaskCurveShock[]): InflationCurveTask {
  const reference = fromIso(c.reference_date, 'curves.inflation.reference_date')
  const dc = dayCounterFromCode(c.day_counter, { workspace: timeCaches }, 'curves.inflation.day_counter')
  const rates = c.nodes.map((n) => n.rate)
  const shifts = nodeShifts(shocks, rates.length, 'inflation curve')
  if (shifts) for (let i = 0; i < rates.length; i++) rates[i] += shifts[i]
  for (const s of shocks) {
    if (s.kind !== 'spread') continue
    const times = spreadTimes(s, reference, dc)
    c.nodes.forEach((n, i) => {
      rates[i] += spreadAt(times, s.spreads, dc.yearFraction(reference, fromIso(n.date, 'curves.inflation.nodes.date')))
    })
  }
  return { ...c, cache_key: '', nodes: c.nodes.map((n, i) => ({ date: n.date, rate: rates[i] })) }
}

/** The callable's model plus the scenario's absolute changes; both parameters must stay positive. */
function shockedModel(task: PricingTask, change: NonNullable<TaskScenario['short_rate_model']>): ShortRateModel {
  const base = task.short_rate_model ?? {
    model: 'HullWhite',
    a: HULL_WHITE_A,
    sigma: HULL_WHITE_SIGMA,
    tree_steps: TREE_STEPS,
  }
  const a = base.a + (change.a ?? 0)
  const sigma = base.sigma + (change.sigma ?? 0)
  if (!(a > 0) || !(sigma > 0))
    throw new QuantInputError(
      `the short-rate model shocked to a ${a}, sigma ${sigma}: both must stay positive`,
      'parameters.scenarios.short_rate_model',
    )
  return { ...base, a, sigma }
}

/** A single parallel spread on the discount curve alone: a callable's own tree moved, as effective risk's P(+h). */
const parallelOnly = (s: TaskScenario): number | undefined => {
  const d = s.discount
  if (!d || d.length !== 1 || s.short_rate_model || s.projection?.length || s.inflation?.length) return undefined
  const shock = d[0]
  return shock.kind === 'spread' && shock.tenors.length === 0 ? shock.spreads[0] : undefined
}

function scenarioNpv(task: PricingTask, v: Valued, s: TaskScenario, scratch: Float64Array | undefined): number {
  const h = parallelOnly(s)
  if (h !== undefined && v.spreaded) return v.spreaded(h).npv
  const memo = zeroMemos()
  const models: ModelOverrides = {}
  if (s.optionlet_vol !== undefined && v.floating?.vol) {
    const volatility = v.floating.vol.volatility + s.optionlet_vol
    if (!(volatility >= 0))
      throw new QuantInputError(
        `the optionlet volatility shocked to ${volatility}: it must stay non-negative`,
        'parameters.scenarios.optionlet_vol',
      )
    models.vol = { ...v.floating.vol, volatility }
  }
  if (s.short_rate_model && v.type === 'CallableFixedRateBond')
    models.shortRateModel = shockedModel(task, s.short_rate_model)
  let inst: Valued = v
  if (v.inflation && task.inflation_curve && s.inflation?.length) {
    // the CPI bond's coupons read the shocked curve: rebuilt on it (its index ratio's months forecast anew)
    const index = inflationIndex(
      { ...task, inflation_curve: shockedInflationCurve(task.inflation_curve, s.inflation) },
      String(v.terms.inflation_index_uid),
    )
    inst = { ...v, bond: cpiBond(cpiBondOptions(v.terms, index, v.parsed.common), v.evaluationDate) }
  }
  return npvUnder(
    task,
    inst,
    (c) => shockedCurve(c, task.curves.discount, s.discount, memo),
    scratch,
    (c) => shockedCurve(c, task.curves.projection, s.projection, memo),
    models,
  )
}

/** The NPV, and the NPV under each of the task's scenarios. */
export function scenarios(task: PricingTask): Record<string, unknown> {
  const v = value(task)
  const scratch = v.spreaded ? undefined : amountsScratch(v)
  const values = (task.scenarios ?? []).map((s, i) => requireFinite(scenarioNpv(task, v, s, scratch), `scenario ${i}`))
  return { npv: requireFinite(v.valuation.npv, 'npv'), values }
}
