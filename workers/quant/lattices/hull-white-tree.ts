/**
 * The fitted Hull-White trinomial tree (QuantLib 1.29: HullWhite::tree over TrinomialTree and
 * OneFactorModel::ShortRateTree). The state x follows an Ornstein-Uhlenbeck process (speed a, volatility
 * sigma) on a grid dx = sqrt(3·variance) per step; the short rate at a node is x + phi(t_i), phi fitted step by
 * step so that the tree reprices the curve's discount bonds. Every layer lives in a few flat typed arrays
 * allocated once per tree (allocating per step dominated the cost of a 40-step tree).
 */
import { require } from '../errors.ts'
import type { YieldTermStructure } from '../curves/yield-term-structure.ts'
import type { TimeGrid } from './time-grid.ts'

const SQRT3 = Math.sqrt(3)

/** The variance of x over a step dt (an Ornstein-Uhlenbeck process; Brownian when a is ~0). */
function varianceOf(a: number, sigma: number): (dt: number) => number {
  const factor = a < Math.sqrt(Number.EPSILON) ? 0 : (0.5 * sigma * sigma) / a
  return (dt) => (factor === 0 ? sigma * sigma * dt : factor * (1 - Math.exp(-2 * a * dt)))
}

export class HullWhiteTree {
  readonly steps: number
  /** per step: layer size, first node index in the flat arrays, x of node 0, spacing, dt, fitted phi */
  private readonly size: Int32Array
  private readonly offset: Int32Array
  private readonly x0: Float64Array
  private readonly dx: Float64Array
  private readonly dt: Float64Array
  private readonly phi: Float64Array
  /** per node of steps 0..n-1: index of the middle descendant in the next layer, and the three probabilities */
  private readonly mid: Int32Array
  private readonly p1: Float64Array
  private readonly p2: Float64Array
  private readonly p3: Float64Array
  readonly maxSize: number

  /**
   * Nodes of the tree on this grid (steps 0..n-1), computed without building it. The branching target
   * k = round(E[x]/dx) grows with j, so a layer's bounds come from its end nodes (a short step can widen the
   * next layer by many nodes): a grid of n close steps holds about n² nodes.
   */
  static nodeCount(grid: TimeGrid, a: number, sigma: number): number {
    const variance = varianceOf(a, sigma)
    let capacity = 0
    let lo = 0
    let hi = 0
    let dxPrev = 0
    for (let i = 0; i < grid.size - 1; i++) {
      const dt = grid.dts[i]
      const dx = Math.sqrt(variance(dt)) * SQRT3
      const decay = Math.exp(-a * dt)
      capacity += hi - lo + 1
      const kLo = Math.floor((lo * dxPrev * decay) / dx + 0.5)
      const kHi = Math.floor((hi * dxPrev * decay) / dx + 0.5)
      lo = kLo - 1
      hi = kHi + 1
      dxPrev = dx
    }
    return capacity
  }

  constructor(readonly grid: TimeGrid, curve: YieldTermStructure, a: number, sigma: number, maxNodes = Number.POSITIVE_INFINITY) {
    const n = grid.size - 1
    require(n > 0, 'null time steps for trinomial tree')
    this.steps = n
    this.size = new Int32Array(n + 1)
    this.offset = new Int32Array(n + 1)
    this.x0 = new Float64Array(n + 1)
    this.dx = new Float64Array(n + 1)
    this.dt = new Float64Array(n)
    this.phi = new Float64Array(n)
    const variance = varianceOf(a, sigma)
    // the flat arrays hold one entry per node: refuse before allocating what a grid of many close dates needs
    const capacity = HullWhiteTree.nodeCount(grid, a, sigma)
    require(capacity <= maxNodes, () => `the Hull-White tree would need ${capacity} nodes, over the limit of ${maxNodes}`, 'tree')
    this.mid = new Int32Array(capacity)
    this.p1 = new Float64Array(capacity)
    this.p2 = new Float64Array(capacity)
    this.p3 = new Float64Array(capacity)

    let jMin = 0
    let jMax = 0
    let dxPrev = 0
    let offset = 0
    let maxSize = 1
    for (let i = 0; i < n; i++) {
      const dt = grid.dts[i]
      const v2 = variance(dt)
      const v = Math.sqrt(v2)
      const dx = v * SQRT3
      const size = jMax - jMin + 1
      this.size[i] = size
      this.offset[i] = offset
      this.x0[i] = jMin * dxPrev
      this.dx[i] = dxPrev
      this.dt[i] = dt
      const decay = Math.exp(-a * dt)
      let nextMin = 0x7fffffff
      let nextMax = -0x7fffffff
      for (let j = jMin; j <= jMax; j++) {
        const m = j * dxPrev * decay
        const k = Math.floor(m / dx + 0.5)
        const e = m - k * dx
        const e2v = (e * e) / v2
        const e3v = (e * SQRT3) / v
        const idx = offset + j - jMin
        this.mid[idx] = k
        this.p1[idx] = (1 + e2v - e3v) / 6
        this.p2[idx] = (2 - e2v) / 3
        this.p3[idx] = (1 + e2v + e3v) / 6
        if (k - 1 < nextMin) nextMin = k - 1
        if (k + 1 > nextMax) nextMax = k + 1
      }
      // descendants are indexed from the next layer's lowest node
      for (let idx = offset; idx < offset + size; idx++) this.mid[idx] -= nextMin
      offset += size
      jMin = nextMin
      jMax = nextMax
      dxPrev = dx
      if (jMax - jMin + 1 > maxSize) maxSize = jMax - jMin + 1
    }
    this.size[n] = jMax - jMin + 1
    this.offset[n] = offset
    this.x0[n] = jMin * dxPrev
    this.dx[n] = dxPrev
    this.maxSize = maxSize
    this.fit(curve)
  }

  /** layer size at step i */
  sizeAt(i: number): number {
    return this.size[i]
  }

  /** phi(t_i) so that the state prices of step i+1 reprice the curve's discount bond at t_{i+1}. */
  private fit(curve: YieldTermStructure): void {
    let prices = new Float64Array(this.maxSize)
    let next = new Float64Array(this.maxSize)
    prices[0] = 1
    for (let i = 0; i < this.steps; i++) {
      const size = this.size[i]
      const dt = this.dt[i]
      const dx = this.dx[i]
      const discountBond = curve.discountT(this.grid.times[i + 1])
      let value = 0
      let x = this.x0[i]
      for (let j = 0; j < size; j++) {
        value += prices[j] * Math.exp(-x * dt)
        x += dx
      }
      const phi = Math.log(value / discountBond) / dt
      this.phi[i] = phi
      // state prices of the next layer (TreeLattice::computeStatePrices)
      next.fill(0, 0, this.size[i + 1])
      const off = this.offset[i]
      x = this.x0[i]
      for (let j = 0; j < size; j++) {
        const weight = prices[j] * Math.exp(-(x + phi) * dt)
        const m = this.mid[off + j]
        next[m - 1] += weight * this.p1[off + j]
        next[m] += weight * this.p2[off + j]
        next[m + 1] += weight * this.p3[off + j]
        x += dx
      }
      const swap = prices
      prices = next
      next = swap
    }
  }

  /** TreeLattice::stepback from the layer of step i+1 (`values`) into the layer of step i (`out`). */
  stepback(i: number, values: Float64Array, out: Float64Array): void {
    const size = this.size[i]
    const off = this.offset[i]
    const dt = this.dt[i]
    const dx = this.dx[i]
    const phi = this.phi[i]
    let x = this.x0[i]
    for (let j = 0; j < size; j++) {
      const m = this.mid[off + j]
      const expected = this.p1[off + j] * values[m - 1] + this.p2[off + j] * values[m] + this.p3[off + j] * values[m + 1]
      out[j] = expected * Math.exp(-(x + phi) * dt)
      x += dx
    }
  }
}
