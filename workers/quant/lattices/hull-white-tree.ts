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
import { SCRATCH, scratchArray, type ScratchSlots } from './scratch.ts'

const SQRT3 = Math.sqrt(3)

/** The variance of x over a step dt (an Ornstein-Uhlenbeck process; Brownian when a is ~0). */
/**
 * The branching target of node j of a layer: round(E[x]/dx), E[x] = j·dxPrev·decay. It never decreases with j (every
 * factor is positive and rounding is monotone), so a layer's descendants span its end nodes' targets ± 1.
 */
const branchTarget = (j: number, dxPrev: number, decay: number, dx: number) =>
  Math.floor((j * dxPrev * decay) / dx + 0.5)

function varianceOf(a: number, sigma: number): (dt: number) => number {
  const factor = a < Math.sqrt(Number.EPSILON) ? 0 : (0.5 * sigma * sigma) / a
  return (dt) => (factor === 0 ? sigma * sigma * dt : factor * (1 - Math.exp(-2 * a * dt)))
}

/**
 * What a tree's shape depends on: the grid's steps, a and sigma; not the curve, which only sets phi. Bump and
 * reprice (effective duration, key rates) and spread solves (OAS) build many trees of one shape in a row.
 */
interface TreeLayout {
  a: number
  sigma: number
  dts: Float64Array
  capacity: number
  maxSize: number
  size: Int32Array
  offset: Int32Array
  x0: Float64Array
  dx: Float64Array
  mid: Int32Array
  /**
   * per node, side by side: the probabilities of the down, middle and up branches (one stream for a rollback to read)
   */
  probs: Float64Array
  /**
   * per node: exp(-x·dt), the fit's one-step discount before phi: curve-free, so the trees of one shape (a
   * scenario's, a bump's) fitted to other curves read it instead of an exponential per node
   */
  expx: Float64Array
  /** false once the next layout of another shape took over its arrays (a tree on it then builds it again) */
  valid: boolean
  buffers: LayoutBuffers
}

/** The arrays a layout is written in, at least its steps and nodes long (its own arrays are views of them). */
interface LayoutBuffers {
  steps: number
  nodes: number
  ints: Int32Array
  floats: Float64Array
}

/**
 * Layouts of at most this many nodes (~3.8 MB of buffers) are written in the arrays of the layout before them: a
 * distinct callable's tree has a layout of its own (its grid is its own dates), and allocating ~58 kB of typed
 * arrays per valuation (outside V8's heap) made every callable valued add to the external memory that V8 counts
 * towards its next collection. A larger layout (a tree near the node limit) is allocated and dropped as before.
 */
const RECYCLED_NODES = 1 << 16

/**
 * What trees valued one after another reuse, owned by their caller (one per pricing thread; a fresh one when none is
 * given). `layout` is the last layout built, reused when the next tree has the same shape (its inputs compared in
 * full, so a reused layout is the one a rebuild would compute): the bumped trees of one request cost their fit alone,
 * and allocate only their fitted discounts (8 of a tree's 44 bytes per node: the layout is up to 86 MB at the node
 * limit, the discounts 20 MB). `slots` are the passes' scratch arrays (scratch.ts).
 */
export interface TreeWorkspace {
  layout: TreeLayout | null
  readonly slots: ScratchSlots
}

export const treeWorkspace = (): TreeWorkspace => ({ layout: null, slots: [] })

function sameSteps(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * Buffers for a layout: the last layout's when they are large enough and not a large tree's (which loses them), else
 * new ones.
 */
function buffersFor(ws: TreeWorkspace, steps: number, nodes: number): LayoutBuffers {
  const last = ws.layout
  if (last && last.buffers.nodes <= RECYCLED_NODES && last.buffers.steps >= steps && last.buffers.nodes >= nodes) {
    last.valid = false
    return last.buffers
  }
  // powers of two: a thread's buffers settle at the largest recycled shape it has seen
  const grown = (k: number) => 2 ** Math.ceil(Math.log2(Math.max(k, 64)))
  const s = grown(steps)
  const c = nodes <= RECYCLED_NODES ? grown(nodes) : nodes
  return { steps: s, nodes: c, ints: new Int32Array(2 * s + c), floats: new Float64Array(3 * s + 4 * c) }
}

function layoutOf(ws: TreeWorkspace, grid: TimeGrid, a: number, sigma: number, maxNodes: number): TreeLayout {
  const last = ws.layout
  if (last && last.a === a && last.sigma === sigma && sameSteps(last.dts, grid.dts)) {
    require(last.capacity <= maxNodes, () =>
      `the Hull-White tree would need ${last.capacity} nodes, over the limit of ${maxNodes}`, 'tree')
    return last
  }
  const n = grid.size - 1
  const variance = varianceOf(a, sigma)
  // the flat arrays hold one entry per node: refuse before allocating what a grid of many close dates needs
  const capacity = HullWhiteTree.nodeCount(grid, a, sigma)
  require(capacity <= maxNodes, () =>
    `the Hull-White tree would need ${capacity} nodes, over the limit of ${maxNodes}`, 'tree')
  const buffers = buffersFor(ws, n + 1, capacity)
  // views in the buffers: per step (n + 1 entries) size and offset, dts, x0 and dx; per node mid and 3 probabilities
  const steps = buffers.steps
  const floatsAt = (k: number, length: number) => buffers.floats.subarray(k * steps, k * steps + length)
  const dts = floatsAt(0, n)
  dts.set(grid.dts)
  const layout: TreeLayout = {
    a,
    sigma,
    dts,
    capacity,
    maxSize: 1,
    size: buffers.ints.subarray(0, n + 1),
    offset: buffers.ints.subarray(steps, steps + n + 1),
    x0: floatsAt(1, n + 1),
    dx: floatsAt(2, n + 1),
    mid: buffers.ints.subarray(2 * steps, 2 * steps + capacity),
    probs: buffers.floats.subarray(3 * steps, 3 * steps + 3 * capacity),
    expx: buffers.floats.subarray(3 * steps + 3 * buffers.nodes, 3 * steps + 3 * buffers.nodes + capacity),
    valid: true,
    buffers,
  }
  const { size: sizes, offset: offsets, x0, dx: dxs, mid, probs, expx } = layout

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
    sizes[i] = size
    offsets[i] = offset
    x0[i] = jMin * dxPrev
    dxs[i] = dxPrev
    const decay = Math.exp(-a * dt)
    // QuantLib divides by v2, v, 6 and 3 at every node; the reciprocals once per layer move a probability by an
    // ulp at most (the oracle's callables: worst price difference 1.9e-15 before, 1.4e-15 after) and took a third of
    // the layout's time (a distinct callable builds its own layout: its grid is its own dates)
    const invV2 = 1 / v2
    const s3v = SQRT3 / v
    // the next layer's bounds, known before the loop (branchTarget): each descendant is indexed from its lowest node
    // as it is written
    const nextMin = branchTarget(jMin, dxPrev, decay, dx) - 1
    const nextMax = branchTarget(jMax, dxPrev, decay, dx) + 1
    for (let j = jMin; j <= jMax; j++) {
      // branchTarget's arithmetic, with E[x] kept for the probabilities
      const m = j * dxPrev * decay
      const k = Math.floor(m / dx + 0.5)
      const e = m - k * dx
      const e2v = e * e * invV2
      const e3v = e * s3v
      const idx = offset + j - jMin
      mid[idx] = k - nextMin
      probs[3 * idx] = (1 + e2v - e3v) * (1 / 6)
      probs[3 * idx + 1] = (2 - e2v) * (1 / 3)
      probs[3 * idx + 2] = (1 + e2v + e3v) * (1 / 6)
    }
    // x as the fit steps through the layer (x0, then + dx per node): the same numbers
    let x = x0[i]
    for (let idx = offset; idx < offset + size; idx++) {
      expx[idx] = Math.exp(-x * dt)
      x += dxPrev
    }
    offset += size
    jMin = nextMin
    jMax = nextMax
    dxPrev = dx
    if (jMax - jMin + 1 > maxSize) maxSize = jMax - jMin + 1
  }
  sizes[n] = jMax - jMin + 1
  offsets[n] = offset
  x0[n] = jMin * dxPrev
  dxs[n] = dxPrev
  layout.maxSize = maxSize
  ws.layout = layout
  return layout
}

export class HullWhiteTree {
  readonly steps: number
  /**
   * per step: layer size, first node index in the flat arrays, x of node 0, spacing, dt; per node: the middle
   * descendant's index in the next layer and the three probabilities. Shared with the trees of the same shape, and
   * built again (current()) if a layout of another shape has since been written in its arrays.
   */
  private layout: TreeLayout
  /** per step: the fitted phi, this tree's own */
  private readonly phi: Float64Array
  /**
   * per node of steps 0..n-1: its one-step discount exp(-(x + phi)·dt), this tree's own. The fit computes each
   * once; a rollback reads it instead of calling Math.exp per node (most of a rollback's cost, and an OAS solve
   * or a bumped valuation rolls one tree back several times).
   */
  private readonly discount: Float64Array
  readonly maxSize: number

  /** nodes of the tree (steps 0..n-1): its fitted discounts are 8 bytes each, its layout 44 */
  get nodes(): number {
    return this.discount.length
  }

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
      lo = branchTarget(lo, dxPrev, decay, dx) - 1
      hi = branchTarget(hi, dxPrev, decay, dx) + 1
      dxPrev = dx
    }
    return capacity
  }

  constructor(
    readonly grid: TimeGrid,
    curve: YieldTermStructure,
    private readonly a: number,
    private readonly sigma: number,
    private readonly maxNodes = Number.POSITIVE_INFINITY,
    readonly workspace: TreeWorkspace = treeWorkspace(),
  ) {
    const n = grid.size - 1
    require(n > 0, 'null time steps for trinomial tree')
    this.steps = n
    this.layout = layoutOf(workspace, grid, a, sigma, maxNodes)
    this.maxSize = this.layout.maxSize
    this.phi = new Float64Array(n)
    this.discount = new Float64Array(this.layout.capacity)
    this.fit(curve)
  }

  /**
   * The layout, built again (the same numbers: it depends on the grid, a and sigma alone) if its arrays were taken
   * over.
   */
  private current(): TreeLayout {
    if (!this.layout.valid) this.layout = layoutOf(this.workspace, this.grid, this.a, this.sigma, this.maxNodes)
    return this.layout
  }

  /** layer size at step i */
  sizeAt(i: number): number {
    return this.current().size[i]
  }

  /**
   * phi(t_i) so that the state prices of step i+1 reprice the curve's discount bond at t_{i+1}. One exponential
   * per node: QuantLib takes exp(-x·dt) for the fit and exp(-(x + phi)·dt) for the state prices; the second is
   * the first times exp(-phi·dt) here (equal to an ulp or two: the oracle's callables agree to 2e-15 relative).
   */
  private fit(curve: YieldTermStructure): void {
    let prices = scratchArray(this.workspace.slots, SCRATCH.fitPrices, this.maxSize)
    let next = scratchArray(this.workspace.slots, SCRATCH.fitNext, this.maxSize)
    const { mid, probs, size: sizes, dts, offset: offsets, expx } = this.current()
    const discount = this.discount
    prices[0] = 1
    for (let i = 0; i < this.steps; i++) {
      const size = sizes[i]
      const dt = dts[i]
      const off = offsets[i]
      const discountBond = curve.discountT(this.grid.times[i + 1])
      let value = 0
      for (let j = 0; j < size; j++) {
        // exp(-x·dt) (the layout's) kept in the discount slot until phi is known
        const d = expx[off + j]
        discount[off + j] = d
        value += prices[j] * d
      }
      const phi = Math.log(value / discountBond) / dt
      this.phi[i] = phi
      const byPhi = Math.exp(-phi * dt)
      // state prices of the next layer (TreeLattice::computeStatePrices)
      next.fill(0, 0, sizes[i + 1])
      for (let j = 0; j < size; j++) {
        const d = discount[off + j] * byPhi
        discount[off + j] = d
        const weight = prices[j] * d
        const m = mid[off + j]
        const r = 3 * (off + j)
        next[m - 1] += weight * probs[r]
        next[m] += weight * probs[r + 1]
        next[m + 1] += weight * probs[r + 2]
      }
      const swap = prices
      prices = next
      next = swap
    }
  }

  /**
   * TreeLattice::stepback from the layer of step i+1 (`values`) into the layer of step i (`out`). `shift`: a
   * constant added to every short rate, which is the tree fitted to the curve under a continuous zero spread of
   * that size (its discount bonds are D(t)·exp(-shift·t), so each fitted phi moves by exactly `shift`): spread
   * solves roll back one fitted tree instead of fitting one per trial spread. A node's discount under the shift is
   * its fitted one times exp(-shift·dt): one exponential per layer, none per node.
   *
   * With `slopes` (and `outSlopes` to write), each value's derivative in `shift` is carried along: with
   * out = E[values]·exp(-(x + phi + shift)·dt), d out/d shift = E[slopes]·exp(...) − dt·out. The values are then
   * computed as without them, bit for bit, so a Newton solve on them solves the same function as a bracketing one.
   */
  stepback(
    i: number,
    values: Float64Array,
    out: Float64Array,
    shift = 0,
    slopes?: Float64Array,
    outSlopes?: Float64Array,
  ): void {
    const layout = this.current()
    const size = layout.size[i]
    const off = layout.offset[i]
    const dt = layout.dts[i]
    const { mid, probs } = layout
    const discount = this.discount
    if (slopes === undefined || outSlopes === undefined) {
      if (shift === 0) {
        for (let j = 0; j < size; j++) {
          const m = mid[off + j]
          const r = 3 * (off + j)
          out[j] =
            (probs[r] * values[m - 1] + probs[r + 1] * values[m] + probs[r + 2] * values[m + 1]) * discount[off + j]
        }
        return
      }
      const moved = Math.exp(-shift * dt)
      for (let j = 0; j < size; j++) {
        const m = mid[off + j]
        const r = 3 * (off + j)
        out[j] =
          (probs[r] * values[m - 1] + probs[r + 1] * values[m] + probs[r + 2] * values[m + 1]) *
          (discount[off + j] * moved)
      }
      return
    }
    const moved = shift === 0 ? 1 : Math.exp(-shift * dt)
    for (let j = 0; j < size; j++) {
      const m = mid[off + j]
      const r = 3 * (off + j)
      const q1 = probs[r]
      const q2 = probs[r + 1]
      const q3 = probs[r + 2]
      const d = discount[off + j] * moved
      const value = (q1 * values[m - 1] + q2 * values[m] + q3 * values[m + 1]) * d
      out[j] = value
      outSlopes[j] = (q1 * slopes[m - 1] + q2 * slopes[m] + q3 * slopes[m + 1]) * d - dt * value
    }
  }
}
