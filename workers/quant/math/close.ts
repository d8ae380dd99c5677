/** QuantLib's floating-point comparisons (ql/math/comparison.hpp), n = 42 ulps by default. */
const EPS = Number.EPSILON

/** close_enough: either relative difference within n·ε. */
export function closeEnough(x: number, y: number, n = 42): boolean {
  if (x === y) return true
  const diff = Math.abs(x - y)
  const tolerance = n * EPS
  if (x * y === 0) return diff < tolerance * tolerance
  return diff <= tolerance * Math.abs(x) || diff <= tolerance * Math.abs(y)
}
