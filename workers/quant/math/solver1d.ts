/**
 * One-dimensional solvers (ql/math/solver1d.hpp): the shared driver checks the accuracy, brackets the root
 * from a guess and a step (or takes an interval) and caps the evaluations; each algorithm in `solvers1d/` only
 * refines a bracket. Failure is a typed QuantConvergenceError with the evaluation count.
 */
import { QuantConvergenceError, require } from '../errors.ts'

export interface Objective {
  (x: number): number
}

/** The bracket and state handed to an algorithm's refinement step. */
export interface Bracket {
  xMin: number
  xMax: number
  fxMin: number
  fxMax: number
  root: number
  evaluations: number
}

export type SolveImpl = (
  f: Objective,
  accuracy: number,
  b: Bracket,
  maxEvaluations: number,
  derivative?: Objective,
) => number

export interface SolverOptions {
  maxEvaluations?: number
  lowerBound?: number
  upperBound?: number
}

const GROWTH = 1.6

function enforceBounds(lower: number | undefined, upper: number | undefined, x: number): number {
  return lower !== undefined && x < lower ? lower : upper !== undefined && x > upper ? upper : x
}

/** QuantLib's Solver1D::solve(f, accuracy, guess, step): bracket by expanding around the guess, then refine. */
export function solveWithStep(
  impl: SolveImpl,
  f: Objective,
  accuracy: number,
  guess: number,
  step: number,
  o: SolverOptions = {},
  derivative?: Objective,
): number {
  require(accuracy > 0, () => `accuracy (${accuracy}) must be positive`)
  accuracy = Math.max(accuracy, Number.EPSILON)
  const maxEvaluations = o.maxEvaluations ?? 100
  const lower = o.lowerBound
  const upper = o.upperBound
  const b: Bracket = { xMin: 0, xMax: 0, fxMin: 0, fxMax: 0, root: guess, evaluations: 0 }
  b.fxMax = f(guess)
  if (b.fxMax === 0) return guess
  // monotonically crescent bias, as in QuantLib
  if (b.fxMax > 0) {
    b.xMin = enforceBounds(lower, upper, guess - step)
    b.fxMin = f(b.xMin)
    b.xMax = guess
  } else {
    b.xMin = guess
    b.fxMin = b.fxMax
    b.xMax = enforceBounds(lower, upper, guess + step)
    b.fxMax = f(b.xMax)
  }
  b.evaluations = 2
  let flipflop = -1
  while (b.evaluations <= maxEvaluations) {
    if (b.fxMin * b.fxMax <= 0) {
      if (b.fxMin === 0) return b.xMin
      if (b.fxMax === 0) return b.xMax
      b.root = (b.xMax + b.xMin) / 2
      return impl(f, accuracy, b, maxEvaluations, derivative)
    }
    if (Math.abs(b.fxMin) < Math.abs(b.fxMax)) {
      b.xMin = enforceBounds(lower, upper, b.xMin + GROWTH * (b.xMin - b.xMax))
      b.fxMin = f(b.xMin)
    } else if (Math.abs(b.fxMin) > Math.abs(b.fxMax)) {
      b.xMax = enforceBounds(lower, upper, b.xMax + GROWTH * (b.xMax - b.xMin))
      b.fxMax = f(b.xMax)
    } else if (flipflop === -1) {
      b.xMin = enforceBounds(lower, upper, b.xMin + GROWTH * (b.xMin - b.xMax))
      b.fxMin = f(b.xMin)
      b.evaluations++
      flipflop = 1
    } else {
      b.xMax = enforceBounds(lower, upper, b.xMax + GROWTH * (b.xMax - b.xMin))
      b.fxMax = f(b.xMax)
      flipflop = -1
    }
    b.evaluations++
  }
  throw new QuantConvergenceError(
    `unable to bracket root in ${maxEvaluations} function evaluations (last bracket attempt: f[${b.xMin},${b.xMax}] ` +
      `-> [${b.fxMin},${b.fxMax}])`,
    b.evaluations,
  )
}

/** QuantLib's Solver1D::solve(f, accuracy, guess, xMin, xMax): the root must be bracketed by [xMin, xMax]. */
export function solveInInterval(
  impl: SolveImpl,
  f: Objective,
  accuracy: number,
  guess: number,
  xMin: number,
  xMax: number,
  o: SolverOptions = {},
  derivative?: Objective,
): number {
  require(accuracy > 0, () => `accuracy (${accuracy}) must be positive`)
  accuracy = Math.max(accuracy, Number.EPSILON)
  require(xMin < xMax, () => `invalid range: xMin (${xMin}) >= xMax (${xMax})`)
  require(guess >= xMin && guess <= xMax, () => `guess (${guess}) is not in [${xMin}, ${xMax}]`)
  const b: Bracket = { xMin, xMax, fxMin: f(xMin), fxMax: f(xMax), root: guess, evaluations: 2 }
  if (b.fxMin === 0) return xMin
  if (b.fxMax === 0) return xMax
  if (b.fxMin * b.fxMax >= 0)
    throw new QuantConvergenceError(`root not bracketed: f[${xMin},${xMax}] -> [${b.fxMin},${b.fxMax}]`, 2)
  return impl(f, accuracy, b, o.maxEvaluations ?? 100, derivative)
}
