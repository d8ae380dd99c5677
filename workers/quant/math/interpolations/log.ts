/**
 * Log interpolations (ql/math/interpolations/loginterpolation.hpp): an inner interpolation of log(y), so the
 * result is exp(inner(x)) — log-linear and log-cubic discount curves.
 */
import { require } from '../../errors.ts'
import type { Interpolation } from '../interpolation.ts'

export class LogInterpolation implements Interpolation {
  readonly xs: Float64Array
  readonly ys: Float64Array
  private readonly inner: Interpolation

  constructor(
    xs: ArrayLike<number>,
    ys: ArrayLike<number>,
    makeInner: (xs: ArrayLike<number>, logYs: Float64Array) => Interpolation,
  ) {
    const logs = new Float64Array(ys.length)
    for (let i = 0; i < ys.length; i++) {
      require(ys[i] > 0, () => `invalid value (${ys[i]}) at index ${i}: log interpolation needs positive values`)
      logs[i] = Math.log(ys[i])
    }
    this.inner = makeInner(xs, logs)
    this.xs = this.inner.xs
    this.ys = Float64Array.from(ys)
  }

  value(x: number): number {
    return Math.exp(this.inner.value(x))
  }

  derivative(x: number): number {
    return this.value(x) * this.inner.derivative(x)
  }

  primitive(): number {
    throw new Error('LogInterpolation primitive not implemented')
  }
}
