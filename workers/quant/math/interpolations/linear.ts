/** Linear interpolation (ql/math/interpolations/linearinterpolation.hpp). */
import { checkPoints, locate, type Interpolation } from '../interpolation.ts'

export class LinearInterpolation implements Interpolation {
  readonly xs: Float64Array
  readonly ys: Float64Array
  private readonly s: Float64Array
  private readonly primitiveConst: Float64Array

  constructor(xs: ArrayLike<number>, ys: ArrayLike<number>) {
    checkPoints(xs, ys, 2)
    this.xs = Float64Array.from(xs)
    this.ys = Float64Array.from(ys)
    const n = this.xs.length
    this.s = new Float64Array(n - 1)
    this.primitiveConst = new Float64Array(n)
    for (let i = 1; i < n; i++) {
      const dx = this.xs[i] - this.xs[i - 1]
      this.s[i - 1] = (this.ys[i] - this.ys[i - 1]) / dx
      this.primitiveConst[i] = this.primitiveConst[i - 1] + (dx * (this.ys[i - 1] + this.ys[i])) / 2
    }
  }

  value(x: number): number {
    const i = locate(this.xs, x)
    return this.ys[i] + (x - this.xs[i]) * this.s[i]
  }

  derivative(x: number): number {
    return this.s[locate(this.xs, x)]
  }

  primitive(x: number): number {
    const i = locate(this.xs, x)
    const dx = x - this.xs[i]
    return this.primitiveConst[i] + dx * (this.ys[i] + 0.5 * dx * this.s[i])
  }
}
