/**
 * The interpolation concept (ql/math/interpolation.hpp): a function through (x[i], y[i]) with its derivative and
 * primitive. Implementations live in `interpolations/`; each precomputes its coefficients once, and evaluating
 * is a binary search plus a few multiplications, with no allocation.
 */
import { require } from '../errors.ts'

export interface Interpolation {
  readonly xs: Float64Array
  readonly ys: Float64Array
  value(x: number): number
  derivative(x: number): number
  /** integral from xs[0] to x */
  primitive(x: number): number
}

/** QuantLib's Interpolation::templateImpl::locate: the segment index used for x (extrapolating from the ends). */
export function locate(xs: Float64Array, x: number): number {
  const n = xs.length
  if (x < xs[0]) return 0
  if (x > xs[n - 1]) return n - 2
  // upper_bound over xs[0..n-2]
  let lo = 0
  let hi = n - 1
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (xs[mid] <= x) lo = mid + 1
    else hi = mid
  }
  return lo - 1
}

export function checkPoints(xs: ArrayLike<number>, ys: ArrayLike<number>, required: number, field = 'nodes'): void {
  require(xs.length === ys.length, () => `${field}: ${xs.length} abscissas but ${ys.length} values`, field)
  require(xs.length >= required, () =>
    `${field}: not enough points to interpolate: at least ${required} required, ${xs.length} provided`, field)
  for (let i = 1; i < xs.length; i++)
    require(xs[i] > xs[i - 1], () =>
      `${field}: abscissas must be strictly increasing (${xs[i - 1]} then ${xs[i]})`, field)
}
