/**
 * The standard normal distribution: density and cumulative (ql/math/distributions/normaldistribution.hpp). The
 * cumulative is computed from erfc without cancellation: a series of positive terms near zero, a continued fraction
 * in the tails, both to ~1e-16 absolute (QuantLib's fdlibm erf agrees to rounding).
 */

const SQRT_2 = Math.SQRT2
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI)
const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI)

/** erf(x) for 0 <= x < 2.5: e^{-x^2} 2/sqrt(pi) sum 2^n x^{2n+1} / (1 3 ... (2n+1)), every term positive. */
function erfSeries(x: number): number {
  const x2 = x * x
  let term = x
  let sum = x
  for (let n = 1; n < 200; n++) {
    term *= (2 * x2) / (2 * n + 1)
    sum += term
    if (term < sum * 1e-17) break
  }
  return TWO_OVER_SQRT_PI * Math.exp(-x2) * sum
}

/** erfc(x) for x >= 2.5: Lentz's continued fraction e^{-x^2}/sqrt(pi) / (x + 1/2 / (x + 1 / (x + 3/2 / (x + ...)))). */
function erfcFraction(x: number): number {
  const tiny = 1e-300
  let f = x
  let c = x
  let d = 0
  for (let n = 1; n < 500; n++) {
    const a = n / 2
    d = x + a * d
    d = d === 0 ? tiny : 1 / d
    c = x + a / c
    if (c === 0) c = tiny
    const delta = c * d
    f *= delta
    if (Math.abs(delta - 1) < 1e-16) break
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f
}

/** The complementary error function. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN
  if (x < 0) return 2 - erfc(-x)
  return x < 2.5 ? 1 - erfSeries(x) : erfcFraction(x)
}

/** The standard normal density. */
export const normalDensity = (x: number): number => INV_SQRT_2PI * Math.exp(-0.5 * x * x)

/** The standard normal cumulative distribution, each tail from erfc (no 1 - x cancellation below the mean). */
export function cumulativeNormal(x: number): number {
  return x < 0 ? 0.5 * erfc(-x / SQRT_2) : 1 - 0.5 * erfc(x / SQRT_2)
}
