/**
 * Curves built from stored nodes against QuantLib 1.29: discount factors at 1e-12 relative, zero and forward
 * rates at 1e-12 (1e-10 at the reference date itself), for every interpolation method, compounding and several day
 * counters, before, between, on and beyond the nodes; flat forwards and zero-spreaded curves likewise; linear_forward
 * curves against a QuantLib C++ oracle (test/oracle/forward_curve_oracle.cpp), since QuantLib-Python does not bind
 * them.
 */
import t from 'tap'
import { loadFixture } from '../../helpers/fixtures.ts'
import { buildCurve, type CurveBuilding } from '../../../workers/quant/curves/curve-from-nodes.ts'
import { discountAt, forwardRateAt, zeroRateAt } from '../../../workers/quant/curves/yield-term-structure.ts'
import { FlatForward } from '../../../workers/quant/curves/flat-forward.ts'
import { ZeroSpreadedTermStructure, type ZeroMemo } from '../../../workers/quant/curves/zero-spreaded-term-structure.ts'
import { PiecewiseZeroSpreadedTermStructure } from '../../../workers/quant/curves/piecewise-zero-spreaded-term-structure.ts'
import { dayCounterFromCode } from '../../../workers/quant/time/daycounters/index.ts'
import { actual365Fixed } from '../../../workers/quant/time/daycounters/actual365-fixed.ts'
import { actual360 } from '../../../workers/quant/time/daycounters/actual360.ts'
import { parseFrequency } from '../../../workers/quant/time/period.ts'
import type { Compounding } from '../../../workers/quant/curves/interest-rate.ts'

type Nodes = { days_to_maturity: number[]; zero: number[] }
type Case =
  | { kind: 'nodes'; reference: number; nodes: Nodes; building: CurveBuilding; points?: number[][]; error?: string }
  | {
      kind: 'flat'
      reference: number
      rate: number
      day_counter: string
      compounding: Compounding
      frequency: string
      points: number[][]
    }
  | {
      kind: 'spreaded'
      reference: number
      nodes: Nodes
      building: CurveBuilding
      spread: number
      compounding: Compounding
      frequency: string
      points: number[][]
    }

const fixture = loadFixture<Case>('curves')
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300)

t.test('curves from nodes', async (t) => {
  const failures: string[] = []
  const perMethod: Record<string, number> = {}
  let worst = 0
  for (const c of fixture.cases) {
    if (c.kind !== 'nodes') continue
    if (c.error) {
      try {
        buildCurve({ referenceDate: c.reference, nodes: c.nodes, building: c.building })
        failures.push(`QuantLib threw (${c.error}) but we built ${JSON.stringify(c.building)}`)
      } catch (e) {
        if ((e as Error).name !== 'QuantInputError') failures.push(`untyped error ${(e as Error).message}`)
      }
      continue
    }
    const curve = buildCurve({ referenceDate: c.reference, nodes: c.nodes, building: c.building })
    perMethod[c.building.interpolation_method] = (perMethod[c.building.interpolation_method] ?? 0) + 1
    for (const [days, discount, zeroCont, zeroAnnual, fwd] of c.points!) {
      const d = c.reference + days
      const got = [
        discountAt(curve, d),
        zeroRateAt(curve, d, curve.dayCounter, 'Continuous', -1),
        zeroRateAt(curve, d, actual365Fixed, 'Compounded', 1),
        forwardRateAt(curve, d, d + 91, actual360, 'Simple', -1),
      ]
      worst = Math.max(worst, rel(got[0], discount))
      if (rel(got[0], discount) > 1e-12)
        failures.push(
          `${c.building.interpolation_method} ${c.building.compounding} day ${days}: discount ${got[0]} vs ${discount}`,
        )
      // a rate at the reference date is a finite difference over 0.0001y: rounding is amplified 1e4 times
      else if (
        [zeroCont, zeroAnnual, fwd].some(
          (want, k) => Math.abs(got[k + 1] - want) > (days === 0 ? 1e-10 : 1e-12) * Math.max(1, Math.abs(want)),
        )
      ) {
        failures.push(
          `${c.building.interpolation_method} day ${days}: rates ${got.slice(1)} vs ${[zeroCont, zeroAnnual, fwd]}`,
        )
      }
    }
  }
  t.comment(`curves per method: ${JSON.stringify(perMethod)}, worst relative discount error ${worst.toExponential(2)}`)
  t.same(failures.slice(0, 12), [], `${failures.length} failures`)
})

t.test('flat forward and zero-spreaded curves', async (t) => {
  const failures: string[] = []
  for (const c of fixture.cases) {
    if (c.kind === 'flat') {
      const curve = new FlatForward(
        c.reference,
        c.rate,
        dayCounterFromCode(c.day_counter),
        c.compounding,
        parseFrequency(c.frequency),
      )
      for (const [days, discount] of c.points)
        if (rel(discountAt(curve, c.reference + days), discount) > 1e-12)
          failures.push(`flat ${JSON.stringify(c)} day ${days}`)
    } else if (c.kind === 'spreaded') {
      const base = buildCurve({ referenceDate: c.reference, nodes: c.nodes, building: c.building })
      const curve = new ZeroSpreadedTermStructure(base, c.spread, c.compounding, parseFrequency(c.frequency))
      for (const [days, discount] of c.points) {
        const got = discountAt(curve, c.reference + days)
        if (rel(got, discount) > 1e-12)
          failures.push(
            `spreaded ${c.building.interpolation_method} ${c.compounding} day ${days}: ${got} vs ${discount}`,
          )
      }
    }
  }
  t.same(failures.slice(0, 12), [], `${failures.length} failures`)
})

t.test('spreaded curves sharing a memo of the base zero rates discount bit for bit as without it', async (t) => {
  let compared = 0
  const differ: string[] = []
  for (const c of fixture.cases) {
    if (c.kind !== 'spreaded' || c.compounding !== 'Continuous') continue
    const base = buildCurve({ referenceDate: c.reference, nodes: c.nodes, building: c.building })
    const zeros: ZeroMemo = new Map()
    const times = c.points.map(([days]) => base.dayCounter.yearFraction(c.reference, c.reference + days))
    for (const spread of [-1e-4, 1e-4, c.spread]) {
      const shared = new ZeroSpreadedTermStructure(base, spread, 'Continuous', -1, zeros)
      const alone = new ZeroSpreadedTermStructure(base, spread)
      const piecewise = new PiecewiseZeroSpreadedTermStructure(base, [1, 5], [spread, 0], zeros)
      const piecewiseAlone = new PiecewiseZeroSpreadedTermStructure(base, [1, 5], [spread, 0])
      for (const time of times) {
        compared++
        if (shared.discountT(time) !== alone.discountT(time)) differ.push(`${spread} at ${time}`)
        if (piecewise.discountT(time) !== piecewiseAlone.discountT(time)) differ.push(`piecewise ${spread} at ${time}`)
      }
    }
    t.ok(zeros.size > 0 && zeros.size <= times.length, 'one zero rate per time, whatever the spreads')
  }
  t.ok(compared > 100, `${compared} discounts compared`)
  t.same(differ.slice(0, 5), [], 'the same discount factors')
})

t.test('linear_forward curves (InterpolatedForwardCurve<Linear>, QuantLib C++ oracle)', async (t) => {
  type ForwardCase = { reference: number; nodes: Nodes; building: CurveBuilding; points?: number[][]; error?: string }
  const forward = loadFixture<ForwardCase>('forward_curves')
  const failures: string[] = []
  let checked = 0
  for (const c of forward.cases) {
    if (c.error) {
      t.throws(
        () => buildCurve({ referenceDate: c.reference, nodes: c.nodes, building: c.building }),
        { name: 'QuantInputError' },
        c.error,
      )
      continue
    }
    const curve = buildCurve({ referenceDate: c.reference, nodes: c.nodes, building: c.building })
    for (const [days, discount, zero] of c.points!) {
      const d = c.reference + days
      const got = [discountAt(curve, d), zeroRateAt(curve, d, curve.dayCounter, 'Continuous', -1)]
      checked++
      if (rel(got[0], discount) > 1e-12 || Math.abs(got[1] - zero) > 1e-12 * Math.max(1, Math.abs(zero))) {
        failures.push(`${c.building.day_counter} day ${days}: ${got} vs ${[discount, zero]}`)
      }
    }
  }
  t.ok(checked > 3000, `${checked} points checked`)
  t.same(failures.slice(0, 12), [], `${failures.length} failures`)
})

t.test('bad nodes are typed errors naming the field', async (t) => {
  const building = {
    interpolation_method: 'linear_zero',
    compounding: 'Continuous',
    frequency: 'NoFrequency',
    day_counter: 'Actual365Fixed',
  }
  const bad =
    (nodes: Nodes, b: Partial<CurveBuilding> = {}) =>
    () =>
      buildCurve({ referenceDate: 45000, nodes, building: { ...building, ...b } })
  t.throws(bad({ days_to_maturity: [30, 10], zero: [0.01, 0.02] }), {
    name: 'QuantInputError',
    field: 'nodes.days_to_maturity',
  })
  t.throws(bad({ days_to_maturity: [30, 30], zero: [0.01, 0.02] }), { name: 'QuantInputError' })
  t.throws(bad({ days_to_maturity: [-1, 30], zero: [0.01, 0.02] }), {
    name: 'QuantInputError',
    field: 'nodes.days_to_maturity',
  })
  t.throws(bad({ days_to_maturity: [30], zero: [Number.NaN] }), { name: 'QuantInputError', field: 'nodes.zero' })
  t.throws(bad({ days_to_maturity: [], zero: [] }), { name: 'QuantInputError', field: 'nodes' })
  t.throws(bad({ days_to_maturity: [0], zero: [0.01] }), { name: 'QuantInputError', field: 'nodes' })
  t.throws(bad({ days_to_maturity: [30], zero: [0.01] }, { interpolation_method: 'spline_magic' }), {
    name: 'QuantInputError',
    field: 'building.interpolation_method',
  })
  t.throws(bad({ days_to_maturity: [30], zero: [0.01] }, { compounding: 'Daily' }), {
    name: 'QuantInputError',
    field: 'building.compounding',
  })
  t.throws(bad({ days_to_maturity: [30], zero: [0.01] }, { day_counter: 'Actual/999' }), {
    name: 'QuantInputError',
    field: 'building.day_counter',
  })
  const one = buildCurve({ referenceDate: 45000, nodes: { days_to_maturity: [365], zero: [0.03] }, building })
  t.equal(
    discountAt(one, 45000 + 730),
    Math.exp(-0.03 * 2),
    'a single node is a flat curve (first rate held back, flat forward after)',
  )
})
