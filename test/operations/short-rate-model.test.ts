/**
 * A task's short-rate model (the market-data set's selection, design §5.1) reaches the Hull-White tree: `price` and
 * `z-spread` on oracle callables with a model equal the tree engine's own valuation with those a, sigma and steps (the
 * engine against QuantLib for any model: test/quant/engines), the defaults given explicitly change nothing, and
 * trees fitted under one model are not served to another (the tree cache's key holds the model).
 */
import t from 'tap'
import { loadFixture } from '../helpers/fixtures.ts'
import { taskFor, type OracleCase, type PoolCurve } from './oracle-cases.ts'
import { instrument } from '../../workers/operations/valuation.ts'
import { callableOfInstrument } from '../../workers/operations/callable.ts'
import { requiredCurve } from '../../workers/operations/market.ts'
import { price, risk, zSpread } from '../../workers/operations/operations.ts'
import { treeCallableBondSpreadValuation } from '../../workers/quant/engines/callable/tree-callable-bond-engine.ts'
import type { ShortRateModel } from '../../src/contracts/pricing.ts'

const MODELS: ShortRateModel[] = [
  { model: 'HullWhite', a: 0.1, sigma: 0.02, tree_steps: 60 },
  { model: 'HullWhite', a: 0.005, sigma: 0.004, tree_steps: 15 },
]
const DEFAULTS: ShortRateModel = { model: 'HullWhite', a: 0.03, sigma: 0.01, tree_steps: 40 }

const fixture = loadFixture<OracleCase>('callable') as ReturnType<typeof loadFixture<OracleCase>> & {
  curves: PoolCurve[]
}
const cases = fixture.cases.filter((c) => !c.error).slice(0, 60)

const npvOf = (result: Record<string, unknown>) => Number(result.price)

t.test('price follows the task model, exactly as the engine values it', async (t) => {
  let compared = 0
  let moved = 0
  for (const c of cases) {
    const base = taskFor(c, fixture.curves, 'price', {})
    let expectedDefault: number
    try {
      expectedDefault = npvOf(price(base))
    } catch {
      continue
    }
    t.equal(npvOf(price({ ...base, short_rate_model: DEFAULTS })), expectedDefault, 'explicit defaults change nothing')
    for (const model of MODELS) {
      const task = { ...base, short_rate_model: model }
      const inst = instrument(task)
      const curve = requiredCurve(task, 'discount')
      const engine = treeCallableBondSpreadValuation(callableOfInstrument(inst), curve, inst.evaluationDate, {
        a: model.a,
        sigma: model.sigma,
        steps: model.tree_steps,
      })(0)
      const got = npvOf(price(task))
      if (Math.abs(got - engine.npv) > 1e-12 * Math.max(1, Math.abs(engine.npv)))
        t.fail(`case ${compared}: price ${got} against the engine's ${engine.npv} under ${JSON.stringify(model)}`)
      if (Math.abs(got - expectedDefault) > 1e-9) moved++
      compared++
    }
  }
  t.ok(compared >= 60, `${compared} valuations compared`)
  t.ok(moved >= compared / 2, `${moved} of ${compared} moved away from the default model's price`)
})

t.test('the OAS of a callable is solved on the model of its task', async (t) => {
  let solved = 0
  for (const c of cases.slice(0, 20)) {
    let atDefault: number
    let base
    try {
      // a target near the bond's own value: the spread is small and the options are worth something
      const npv = npvOf(price(taskFor(c, fixture.curves, 'price', {})))
      base = taskFor(c, fixture.curves, 'z-spread', { target_dirty_ccy: npv * 0.99 })
      atDefault = Number(zSpread(base).oas)
    } catch {
      continue
    }
    const other = Number(zSpread({ ...base, short_rate_model: MODELS[0] }).oas)
    t.ok(Number.isFinite(other), 'solved')
    if (Math.abs(other - atDefault) > 1e-9) solved++
  }
  t.ok(solved >= 10, `${solved} OAS moved with the model`)
})

t.test(
  'a model whose tree is over the node limit is refused, naming the model, before the tree is built',
  async (t) => {
    const base = taskFor(cases[0], fixture.curves, 'price', {})
    const wide: ShortRateModel = { model: 'HullWhite', a: 0.001, sigma: 0.04, tree_steps: 2000 }
    t.throws(() => price({ ...base, short_rate_model: wide }), {
      field: 'short_rate_model',
      message:
        /short_rate_model: a tree of 2000 steps \(a 0\.001, sigma 0\.04\) needs \d+ nodes for this bond, over the limit/,
    })
  },
)

t.test("a callable's DV01 and key-rate durations (account risk) are computed on the task's model", async (t) => {
  let moved = 0
  let compared = 0
  for (const c of cases.slice(0, 20)) {
    const base = taskFor(c, fixture.curves, 'risk', {})
    let atDefault: { npv: number; dv01: number; key_rate_durations: { duration: number }[] }
    try {
      atDefault = risk(base) as typeof atDefault
    } catch {
      continue
    }
    const task = { ...base, short_rate_model: MODELS[0] }
    const other = risk(task) as typeof atDefault
    const inst = instrument(task)
    const engine = treeCallableBondSpreadValuation(
      callableOfInstrument(inst),
      requiredCurve(task, 'discount'),
      inst.evaluationDate,
      { a: MODELS[0].a, sigma: MODELS[0].sigma, steps: MODELS[0].tree_steps },
    )(0)
    t.ok(Math.abs(other.npv - engine.npv) <= 1e-12 * Math.max(1, Math.abs(engine.npv)), "the model's NPV")
    compared++
    const krd = (r: typeof atDefault) => r.key_rate_durations.map((k) => k.duration)
    if (other.dv01 !== atDefault.dv01 && krd(other).some((d, i) => d !== krd(atDefault)[i])) moved++
    // the key-rate bumps (triangles between the tenors, flat beyond) add up to a parallel bump: their durations add up
    // to the effective duration of the same model, to first order in the bump
    const effective = other.dv01 / (other.npv * 1e-4)
    const sum = krd(other).reduce((a, b) => a + b, 0)
    t.ok(Math.abs(sum - effective) <= 1e-3 * Math.max(1, Math.abs(effective)), `key rates sum ${sum} ~ ${effective}`)
  }
  t.ok(compared >= 10, `${compared} compared`)
  t.ok(moved >= compared / 2, `${moved} of ${compared}: DV01 and key rates moved with the model`)
})
