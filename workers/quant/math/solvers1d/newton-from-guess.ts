/**
 * Newton-Raphson from a guess, for an objective that one evaluation gives with its derivative. Solver1D::solve
 * spends two or more evaluations bracketing the root around the guess, and NewtonSafe then starts from the
 * bracket's midpoint; from a guess a few basis points off, these steps start at the guess itself and converge in
 * three to five evaluations. They stay safe inside the bracket their own iterates build (once f has taken both
 * signs, a step that leaves it bisects it instead); before then, a step the derivative cannot give (zero, not
 * finite) returns null, for the caller to fall back on a bracketing solver.
 */
import { QuantConvergenceError, require } from '../../errors.ts'

export interface ValueAndSlope {
  value: number
  slope: number
}

export function newtonFromGuess(f: (x: number) => ValueAndSlope, accuracy: number, guess: number, maxEvaluations: number): number | null {
  require(accuracy > 0, () => `accuracy (${accuracy}) must be positive`)
  accuracy = Math.max(accuracy, Number.EPSILON)
  // the last points where f was found positive and negative (NaN: not yet)
  let above = Number.NaN
  let below = Number.NaN
  let x = guess
  for (let evaluations = 1; evaluations <= maxEvaluations; evaluations++) {
    const { value, slope } = f(x)
    if (value === 0) return x
    if (value > 0) above = x
    else if (value < 0) below = x
    else return null
    let next = x - value / slope
    const bracketed = !Number.isNaN(above) && !Number.isNaN(below)
    if (bracketed) {
      if (!((next - above) * (next - below) < 0)) next = (above + below) / 2
    } else if (!Number.isFinite(next)) {
      return null
    }
    if (Math.abs(next - x) < accuracy) return next
    x = next
  }
  throw new QuantConvergenceError(`maximum number of function evaluations (${maxEvaluations}) exceeded`, maxEvaluations)
}
