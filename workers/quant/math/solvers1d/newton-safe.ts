/**
 * Safe Newton-Raphson (ql/math/solvers1d/newtonsafe.hpp; Numerical Recipes in C, §9.4): Newton steps kept inside a
 * bisection bracket.
 */
import { QuantConvergenceError, require } from '../../errors.ts'
import type { SolveImpl } from '../solver1d.ts'

export const newtonSafe: SolveImpl = (f, accuracy, b, maxEvaluations, derivative) => {
  require(derivative !== undefined, 'NewtonSafe needs the derivative of the objective')
  const { xMin, xMax, fxMin } = b
  let { root, evaluations } = b
  let xl: number
  let xh: number
  if (fxMin < 0) {
    xl = xMin
    xh = xMax
  } else {
    xh = xMin
    xl = xMax
  }
  let dxold = xMax - xMin
  let dx = dxold
  let froot = f(root)
  let dfroot = derivative(root)
  evaluations++
  while (evaluations <= maxEvaluations) {
    // bisect if Newton is out of range or not decreasing fast enough
    if (
      ((root - xh) * dfroot - froot) * ((root - xl) * dfroot - froot) > 0 ||
      Math.abs(2 * froot) > Math.abs(dxold * dfroot)
    ) {
      dxold = dx
      dx = (xh - xl) / 2
      root = xl + dx
    } else {
      dxold = dx
      dx = froot / dfroot
      root -= dx
    }
    if (Math.abs(dx) < accuracy) return root
    froot = f(root)
    dfroot = derivative(root)
    evaluations++
    if (froot < 0) xl = root
    else xh = root
  }
  throw new QuantConvergenceError(`maximum number of function evaluations (${maxEvaluations}) exceeded`, evaluations)
}
