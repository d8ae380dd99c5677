/** Solves a tridiagonal system (QuantLib's TridiagonalOperator::solveFor, the Thomas algorithm). */
import { require } from '../errors.ts'

export function solveTridiagonal(
  lower: Float64Array,
  diag: Float64Array,
  upper: Float64Array,
  rhs: Float64Array,
): Float64Array {
  const n = diag.length
  const result = new Float64Array(n)
  const tmp = new Float64Array(n)
  let bet = diag[0]
  require(Math.abs(bet) > 1e-300, 'division by zero in the tridiagonal solver')
  result[0] = rhs[0] / bet
  for (let j = 1; j < n; j++) {
    tmp[j] = upper[j - 1] / bet
    bet = diag[j] - lower[j - 1] * tmp[j]
    require(Math.abs(bet) > 1e-300, 'division by zero in the tridiagonal solver')
    result[j] = (rhs[j] - lower[j - 1] * result[j - 1]) / bet
  }
  for (let j = n - 2; j > 0; j--) result[j] -= tmp[j + 1] * result[j + 1]
  if (n > 1) result[0] -= tmp[1] * result[1]
  return result
}
