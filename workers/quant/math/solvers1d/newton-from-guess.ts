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

export function newtonFromGuess(
  f: (x: number) => ValueAndSlope,
  accuracy: number,
  guess: number,
  maxEvaluations: number,
): number | null {
  require(accuracy > 0, () => `accuracy (${accuracy}) must be positive`)
  accuracy = Math.max(accuracy, Number.EPSILON)
  // the last points where f was found positive and negative (NaN: not yet)
  let above = Number.NaN
  let below = Number.NaN
  let x = guess
  // the previous iterate, its slope and its step (NaN: none yet)
  let lastX = Number.NaN
  let lastSlope = Number.NaN
  let lastStep = Number.NaN
  for (let evaluations = 1; evaluations <= maxEvaluations; evaluations++) {
    const { value, slope } = f(x)
    if (value === 0) return x
    if (value > 0) above = x
    else if (value < 0) below = x
    else return null
    let next = x - value / slope
    const bracketed = !Number.isNaN(above) && !Number.isNaN(below)
    let bisected = false
    if (bracketed) {
      if (!((next - above) * (next - below) < 0)) {
        next = (above + below) / 2
        bisected = true
      }
    } else if (!Number.isFinite(next)) {
      return null
    }
    const step = next - x
    if (Math.abs(step) < accuracy) return next
    // Converging quadratically, the step's own error is about |f''/(2f')|·step², f'' from the last two slopes: when
    // that is well inside the accuracy, `next` is as good as one more evaluation would make it (an OAS then rolls
    // its tree back three times where it took four)
    if (!bisected && Math.abs(step) < 0.5 * Math.abs(lastStep)) {
      const curvature = (slope - lastSlope) / (x - lastX)
      if (Math.abs(curvature / (2 * slope)) * step * step < 0.25 * accuracy) return next
    }
    lastX = x
    lastSlope = slope
    lastStep = bisected ? Number.NaN : step
    x = next
  }
  throw new QuantConvergenceError(`maximum number of function evaluations (${maxEvaluations}) exceeded`, maxEvaluations)
}
