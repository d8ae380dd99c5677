/**
 * Context loads batched per event-loop turn, with at most `maxInFlight` batches running: the rest wait and go together.
 */
import t from 'tap'
import { TurnBatch } from '../../src/pricing/turn-batch.ts'

/** A loader whose round trips finish when the test says so. */
function controlledLoader() {
  const batches: number[][] = []
  const finish: (() => void)[] = []
  const run = (inputs: number[]) => {
    batches.push(inputs)
    return new Promise<number[]>((resolve) => finish.push(() => resolve(inputs.map((x) => x * 10))))
  }
  return { batches, finish, run }
}
const turn = () => new Promise((resolve) => setImmediate(resolve))

t.test('calls of one turn share a batch; a lone call goes at once', async (t) => {
  const loader = controlledLoader()
  const batch = new TurnBatch(loader.run, 2)
  const a = batch.add(1)
  const b = batch.add(2)
  await turn()
  t.same(loader.batches, [[1, 2]])
  loader.finish[0]()
  t.same(await Promise.all([a, b]), [10, 20], 'each caller gets its own output')
  const c = batch.add(3)
  await turn()
  t.same(loader.batches, [[1, 2], [3]])
  loader.finish[1]()
  t.equal(await c, 30)
})

t.test('while maxInFlight batches run, later calls wait and leave together when one finishes', async (t) => {
  const loader = controlledLoader()
  const batch = new TurnBatch(loader.run, 2)
  const first = [batch.add(1)]
  await turn()
  const second = [batch.add(2)]
  await turn()
  t.same(loader.batches, [[1], [2]], 'two batches in flight')
  const waiting = [batch.add(3), batch.add(4)]
  await turn()
  const late = batch.add(5)
  await turn()
  t.same(loader.batches, [[1], [2]], 'no third round trip while two run')
  loader.finish[0]()
  t.same(await Promise.all(first), [10])
  await turn()
  t.same(loader.batches, [[1], [2], [3, 4, 5]], 'the waiting calls of several turns leave as one batch')
  loader.finish[1]()
  loader.finish[2]()
  t.same(await Promise.all([...second, ...waiting, late]), [20, 30, 40, 50])
})

t.test('a failed batch fails its callers only', async (t) => {
  let calls = 0
  const batch = new TurnBatch<number, number>(async (inputs) => {
    if (calls++ === 0) throw new Error('database away')
    return inputs
  }, 1)
  const settled = await Promise.allSettled([batch.add(1), batch.add(2)])
  t.same(
    settled.map((s) => (s.status === 'rejected' ? (s.reason as Error).message : 'fulfilled')),
    ['database away', 'database away'],
  )
  t.equal(await batch.add(3), 3, 'the next batch runs')
})
