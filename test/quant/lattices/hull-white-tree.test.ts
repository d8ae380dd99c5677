/**
 * The Hull-White tree's layouts are written in the arrays of the layout before them (hull-white-tree.ts,
 * buffersFor): a tree whose layout was taken over builds it again, so it values exactly as before.
 */
import t from 'tap'
import { HullWhiteTree, treeWorkspace } from '../../../workers/quant/lattices/hull-white-tree.ts'
import { TimeGrid } from '../../../workers/quant/lattices/time-grid.ts'
import { FlatForward } from '../../../workers/quant/curves/flat-forward.ts'
import { actual365Fixed } from '../../../workers/quant/time/daycounters/actual365-fixed.ts'

const curve = new FlatForward(46000, 0.04, actual365Fixed)

/**
 * The root value of a bond paying 1 at the grid's last time, optionally floored at `floor` at every step (an option).
 */
function rollback(tree: HullWhiteTree, floor = 0): number {
  const last = tree.grid.size - 1
  let values = new Float64Array(tree.maxSize).fill(1)
  let out = new Float64Array(tree.maxSize)
  for (let i = last - 1; i >= 0; i--) {
    tree.stepback(i, values, out)
    for (let j = 0; j < tree.sizeAt(i); j++)
      out[j] = Math.max(out[j], floor * curve.discountT(tree.grid.times[last] - tree.grid.times[i]))
    ;[values, out] = [out, values]
  }
  return values[0]
}

t.test("a fitted tree reprices the curve's discount bond", async (t) => {
  const tree = new HullWhiteTree(new TimeGrid([5], 40), curve, 0.03, 0.01)
  t.ok(Math.abs(rollback(tree) / curve.discountT(5) - 1) < 1e-13, 'root value = D(5)')
})

t.test('a tree whose layout was taken over by a tree of another shape values as before, bit for bit', async (t) => {
  // one workspace: each tree's layout is written in the arrays of the one before
  const ws = treeWorkspace()
  const first = new HullWhiteTree(new TimeGrid([5], 40), curve, 0.03, 0.01, Infinity, ws)
  const v1 = rollback(first, 0.97)
  // another grid: its layout is written in the first one's arrays
  const second = new HullWhiteTree(new TimeGrid([0.7, 2.2, 7.5], 40), curve, 0.03, 0.01, Infinity, ws)
  const v2 = rollback(second, 0.97)
  t.not(v1, v2, 'the two trees differ')
  t.equal(ws.layout?.dts.length, second.grid.dts.length, 'the workspace holds the second layout')
  t.equal(rollback(first, 0.97), v1, 'the first tree again: its layout built again')
  t.equal(rollback(second, 0.97), v2, 'and the second')
  // a third tree of the first shape shares the rebuilt layout, with its own fit
  const third = new HullWhiteTree(new TimeGrid([5], 40), curve, 0.03, 0.01, Infinity, ws)
  t.equal(rollback(third, 0.97), v1, 'a new tree of the first shape')
  t.equal(rollback(first, 0.97), v1, 'beside the first')
})
