/** The same root-finding checks over every solver (as QuantLib's test-suite/solvers.cpp), and their failures. */
import t from 'tap'
import { solveInInterval, solveWithStep, type SolveImpl } from '../../../workers/quant/math/solver1d.ts'
import { brent } from '../../../workers/quant/math/solvers1d/brent.ts'
import { newtonSafe } from '../../../workers/quant/math/solvers1d/newton-safe.ts'
import { newtonFromGuess } from '../../../workers/quant/math/solvers1d/newton-from-guess.ts'

const SOLVERS: [string, SolveImpl][] = [
  ['Brent', brent],
  ['NewtonSafe', newtonSafe],
]
const PROBLEMS: { name: string; f: (x: number) => number; df: (x: number) => number; root: number; guess: number }[] = [
  { name: 'x^2 - 1', f: (x) => x * x - 1, df: (x) => 2 * x, root: 1, guess: 0.5 },
  { name: '1 - x^2', f: (x) => 1 - x * x, df: (x) => -2 * x, root: 1, guess: 0.5 },
  { name: 'atan(x - 1)', f: (x) => Math.atan(x - 1), df: (x) => 1 / (1 + (x - 1) ** 2), root: 1, guess: 0.9 },
  { name: 'exp(x) - 2', f: (x) => Math.exp(x) - 2, df: (x) => Math.exp(x), root: Math.log(2), guess: 0.1 },
]

for (const [name, impl] of SOLVERS) {
  t.test(name, async (t) => {
    for (const p of PROBLEMS) {
      for (const accuracy of [1e-4, 1e-6, 1e-8, 1e-10, 1e-12]) {
        const x = solveWithStep(impl, p.f, accuracy, p.guess, 0.1, {}, p.df)
        t.ok(Math.abs(x - p.root) < Math.max(accuracy, 1e-14) * 10, `${p.name} with step, accuracy ${accuracy}: ${x}`)
        const y = solveInInterval(impl, p.f, accuracy, p.guess, 0, 2, {}, p.df)
        t.ok(Math.abs(y - p.root) < Math.max(accuracy, 1e-14) * 10, `${p.name} in [0, 2], accuracy ${accuracy}: ${y}`)
      }
    }
    t.throws(
      () =>
        solveWithStep(
          impl,
          (x) => x * x + 1,
          1e-8,
          0,
          0.1,
          { maxEvaluations: 20 },
          (x) => 2 * x,
        ),
      { name: 'QuantConvergenceError' },
      'no root: no bracket',
    )
    t.throws(
      () =>
        solveInInterval(
          impl,
          (x) => x * x - 1,
          1e-8,
          2.5,
          2,
          3,
          {},
          (x) => 2 * x,
        ),
      { name: 'QuantConvergenceError' },
      'root not in the interval',
    )
    t.throws(() => solveWithStep(impl, Math.sin, -1, 0, 0.1), {
      name: 'QuantInputError',
      message: /accuracy \(-1\) must be positive/,
    })
    t.throws(
      () =>
        solveWithStep(
          impl,
          (x) => Math.tanh(x - 3) + 1e-3 * Math.sin(1000 * x),
          1e-14,
          0,
          1,
          { maxEvaluations: 4 },
          (x) => 1 / Math.cosh(x - 3) ** 2,
        ),
      { name: 'QuantConvergenceError' },
      'evaluation budget',
    )
  })
}

t.test('Newton from a guess', async (t) => {
  const withSlope = (p: (typeof PROBLEMS)[number]) => (x: number) => ({ value: p.f(x), slope: p.df(x) })
  for (const p of PROBLEMS) {
    for (const accuracy of [1e-4, 1e-8, 1e-12]) {
      let evaluations = 0
      const x = newtonFromGuess((x) => (evaluations++, withSlope(p)(x)), accuracy, p.guess, 100)
      t.ok(
        x !== null && Math.abs(x - p.root) < Math.max(accuracy, 1e-14) * 10,
        `${p.name}, accuracy ${accuracy}: ${x} in ${evaluations} evaluations`,
      )
    }
  }
  // converging quadratically, a step whose predicted error (|f''/2f'|·step², f'' from the last two slopes) is well
  // inside the accuracy ends the solve without another evaluation: e^x = 2 from 0.7 steps 7e-3, 2e-5, 3e-10
  const seenExp: number[] = []
  const ln2 = newtonFromGuess((x) => (seenExp.push(x), { value: Math.exp(x) - 2, slope: Math.exp(x) }), 1e-12, 0.7, 100)
  t.ok(ln2 !== null && Math.abs(ln2 - Math.LN2) < 1e-15, `e^x = 2: ${ln2}`)
  t.equal(
    seenExp.length,
    3,
    'three evaluations, not four: the third step (3e-10) is above the accuracy, its predicted error (4e-20) far below',
  )
  // from x = 3, Newton on atan(x - 1) overshoots to -3.4 and diverges; the bracket [1.x, 3] it builds keeps it in
  const seen: number[] = []
  const atan = newtonFromGuess(
    (x) => (seen.push(x), { value: Math.atan(x - 1), slope: 1 / (1 + (x - 1) ** 2) }),
    1e-12,
    3,
    100,
  )
  t.ok(atan !== null && Math.abs(atan - 1) < 1e-12, `atan from 3: ${atan}`)
  t.ok(
    seen.length > 2 && seen.slice(2).every((x) => x > -3.5 && x < 3),
    `iterates stay in the bracket once it exists: ${seen.map((x) => x.toFixed(3)).join(', ')}`,
  )
  t.equal(
    newtonFromGuess(() => ({ value: 1, slope: 0 }), 1e-8, 0, 100),
    null,
    'a flat function before any bracket: null, for a bracketing fallback',
  )
  t.equal(
    newtonFromGuess(() => ({ value: Number.NaN, slope: 1 }), 1e-8, 0, 100),
    null,
    'a NaN value: null',
  )
  t.throws(
    () => newtonFromGuess((x) => ({ value: x * x + 1, slope: 2 * x }), 1e-12, 0.5, 30),
    { name: 'QuantConvergenceError' },
    'no root: the evaluation budget ends it',
  )
  t.throws(() => newtonFromGuess((x) => ({ value: x, slope: 1 }), 0, 1, 10), {
    name: 'QuantInputError',
    message: /accuracy \(0\) must be positive/,
  })
})
