/** Brent's method (ql/math/solvers1d/brent.hpp; Numerical Recipes in C, 2nd ed., §9.3). */
import { QuantConvergenceError } from '../../errors.ts'
import type { SolveImpl } from '../solver1d.ts'

export const brent: SolveImpl = (f, accuracy, b, maxEvaluations) => {
  let { xMin, xMax, fxMin, fxMax, evaluations } = b
  let froot = fxMax
  let d = 0
  let e = 0
  let root = xMax
  while (evaluations <= maxEvaluations) {
    if ((froot > 0 && fxMax > 0) || (froot < 0 && fxMax < 0)) {
      // rename xMin, root, xMax and adjust bounds
      xMax = xMin
      fxMax = fxMin
      e = d = root - xMin
    }
    if (Math.abs(fxMax) < Math.abs(froot)) {
      xMin = root
      root = xMax
      xMax = xMin
      fxMin = froot
      froot = fxMax
      fxMax = fxMin
    }
    // convergence check
    const xAcc1 = 2 * Number.EPSILON * Math.abs(root) + 0.5 * accuracy
    const xMid = (xMax - root) / 2
    if (Math.abs(xMid) <= xAcc1 || froot === 0) return root
    if (Math.abs(e) >= xAcc1 && Math.abs(fxMin) > Math.abs(froot)) {
      // attempt inverse quadratic interpolation
      let p: number
      let q: number
      const s = froot / fxMin
      if (xMin === xMax) {
        p = 2 * xMid * s
        q = 1 - s
      } else {
        const qq = fxMin / fxMax
        const r = froot / fxMax
        p = s * (2 * xMid * qq * (qq - r) - (root - xMin) * (r - 1))
        q = (qq - 1) * (r - 1) * (s - 1)
      }
      if (p > 0) q = -q
      p = Math.abs(p)
      const min1 = 3 * xMid * q - Math.abs(xAcc1 * q)
      const min2 = Math.abs(e * q)
      if (2 * p < (min1 < min2 ? min1 : min2)) {
        e = d
        d = p / q
      } else {
        d = xMid
        e = d
      }
    } else {
      d = xMid
      e = d
    }
    xMin = root
    fxMin = froot
    if (Math.abs(d) > xAcc1) root += d
    else root += xAcc1 * Math.sign(xMid) || xAcc1
    froot = f(root)
    evaluations++
  }
  throw new QuantConvergenceError(`maximum number of function evaluations (${maxEvaluations}) exceeded`, evaluations)
}
