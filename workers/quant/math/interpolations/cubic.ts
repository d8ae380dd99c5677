/**
 * Cubic interpolation (ql/math/interpolations/cubicinterpolation.hpp, QuantLib 1.29): first derivatives from
 * a global spline system or Kruger's local scheme, boundary conditions, and the
 * optional Hyman monotonicity filter; then one cubic polynomial per segment.
 */
import { require } from '../../errors.ts'
import { checkPoints, locate, type Interpolation } from '../interpolation.ts'
import { solveTridiagonal } from '../tridiagonal.ts'

export type DerivativeApprox = 'Spline' | 'Kruger'
export type BoundaryCondition = 'SecondDerivative' | 'FirstDerivative'

export interface CubicOptions {
  derivativeApprox: DerivativeApprox
  monotonic: boolean
  leftCondition?: BoundaryCondition
  leftValue?: number
  rightCondition?: BoundaryCondition
  rightValue?: number
}

export class CubicInterpolation implements Interpolation {
  readonly xs: Float64Array
  readonly ys: Float64Array
  private readonly a: Float64Array
  private readonly b: Float64Array
  private readonly c: Float64Array
  private readonly primitiveConst: Float64Array

  constructor(xs: ArrayLike<number>, ys: ArrayLike<number>, o: CubicOptions) {
    checkPoints(xs, ys, 2)
    this.xs = Float64Array.from(xs)
    this.ys = Float64Array.from(ys)
    const x = this.xs
    const y = this.ys
    const n = x.length
    const dx = new Float64Array(n - 1)
    const S = new Float64Array(n - 1)
    for (let i = 0; i < n - 1; i++) {
      dx[i] = x[i + 1] - x[i]
      S[i] = (y[i + 1] - y[i]) / dx[i]
    }
    let tmp: Float64Array = new Float64Array(n)

    if (o.derivativeApprox === 'Spline') {
      const lower = new Float64Array(n - 1)
      const diag = new Float64Array(n)
      const upper = new Float64Array(n - 1)
      for (let i = 1; i < n - 1; i++) {
        lower[i - 1] = dx[i]
        diag[i] = 2 * (dx[i] + dx[i - 1])
        upper[i] = dx[i - 1]
        tmp[i] = 3 * (dx[i] * S[i - 1] + dx[i - 1] * S[i])
      }
      const leftValue = o.leftValue ?? 0
      const rightValue = o.rightValue ?? 0
      if ((o.leftCondition ?? 'SecondDerivative') === 'SecondDerivative') {
        diag[0] = 2
        upper[0] = 1
        tmp[0] = 3 * S[0] - (leftValue * dx[0]) / 2
      } else {
        diag[0] = 1
        upper[0] = 0
        tmp[0] = leftValue
      }
      if ((o.rightCondition ?? 'SecondDerivative') === 'SecondDerivative') {
        lower[n - 2] = 1
        diag[n - 1] = 2
        tmp[n - 1] = 3 * S[n - 2] + (rightValue * dx[n - 2]) / 2
      } else {
        lower[n - 2] = 0
        diag[n - 1] = 1
        tmp[n - 1] = rightValue
      }
      tmp = solveTridiagonal(lower, diag, upper, tmp)
    } else if (n === 2) {
      tmp[0] = tmp[1] = S[0]
    } else {
      switch (o.derivativeApprox) {
        case 'Kruger':
          for (let i = 1; i < n - 1; i++) tmp[i] = S[i - 1] * S[i] < 0 ? 0 : 2 / (1 / S[i - 1] + 1 / S[i])
          tmp[0] = (3 * S[0] - tmp[1]) / 2
          tmp[n - 1] = (3 * S[n - 2] - tmp[n - 2]) / 2
          break
        default:
          require(false, () => `unknown derivative approximation ${String(o.derivativeApprox)}`)
      }
    }

    if (o.monotonic) hymanFilter(tmp, S, dx, n)

    this.a = new Float64Array(n - 1)
    this.b = new Float64Array(n - 1)
    this.c = new Float64Array(n - 1)
    for (let i = 0; i < n - 1; i++) {
      this.a[i] = tmp[i]
      this.b[i] = (3 * S[i] - tmp[i + 1] - 2 * tmp[i]) / dx[i]
      this.c[i] = (tmp[i + 1] + tmp[i] - 2 * S[i]) / (dx[i] * dx[i])
    }
    this.primitiveConst = new Float64Array(n - 1)
    for (let i = 1; i < n - 1; i++) {
      const h = dx[i - 1]
      this.primitiveConst[i] =
        this.primitiveConst[i - 1] +
        h * (y[i - 1] + h * (this.a[i - 1] / 2 + h * (this.b[i - 1] / 3 + (h * this.c[i - 1]) / 4)))
    }
  }

  value(x: number): number {
    const j = locate(this.xs, x)
    const d = x - this.xs[j]
    return this.ys[j] + d * (this.a[j] + d * (this.b[j] + d * this.c[j]))
  }

  derivative(x: number): number {
    const j = locate(this.xs, x)
    const d = x - this.xs[j]
    return this.a[j] + (2 * this.b[j] + 3 * this.c[j] * d) * d
  }

  primitive(x: number): number {
    const j = locate(this.xs, x)
    const d = x - this.xs[j]
    return this.primitiveConst[j] + d * (this.ys[j] + d * (this.a[j] / 2 + d * (this.b[j] / 3 + (d * this.c[j]) / 4)))
  }
}

/** Hyman's monotonicity filter on the node derivatives, exactly as QuantLib applies it. */
function hymanFilter(tmp: Float64Array, S: Float64Array, dx: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) {
    let correction: number
    if (i === 0) {
      correction = tmp[i] * S[0] > 0 ? Math.sign(tmp[i]) * Math.min(Math.abs(tmp[i]), Math.abs(3 * S[0])) : 0
    } else if (i === n - 1) {
      correction = tmp[i] * S[n - 2] > 0 ? Math.sign(tmp[i]) * Math.min(Math.abs(tmp[i]), Math.abs(3 * S[n - 2])) : 0
    } else {
      const pm = (S[i - 1] * dx[i] + S[i] * dx[i - 1]) / (dx[i - 1] + dx[i])
      let M = 3 * Math.min(Math.abs(S[i - 1]), Math.abs(S[i]), Math.abs(pm))
      if (i > 1 && (S[i - 1] - S[i - 2]) * (S[i] - S[i - 1]) > 0) {
        const pd = (S[i - 1] * (2 * dx[i - 1] + dx[i - 2]) - S[i - 2] * dx[i - 1]) / (dx[i - 2] + dx[i - 1])
        if (pm * pd > 0 && pm * (S[i - 1] - S[i - 2]) > 0) M = Math.max(M, 1.5 * Math.min(Math.abs(pm), Math.abs(pd)))
      }
      if (i < n - 2 && (S[i] - S[i - 1]) * (S[i + 1] - S[i]) > 0) {
        const pu = (S[i] * (2 * dx[i] + dx[i + 1]) - S[i + 1] * dx[i]) / (dx[i] + dx[i + 1])
        if (pm * pu > 0 && -pm * (S[i] - S[i - 1]) > 0) M = Math.max(M, 1.5 * Math.min(Math.abs(pm), Math.abs(pu)))
      }
      correction = tmp[i] * pm > 0 ? Math.sign(tmp[i]) * Math.min(Math.abs(tmp[i]), M) : 0
    }
    if (correction !== tmp[i]) tmp[i] = correction
  }
}
