// A pricing-pool entry that injects faults for the tests: the asset named by FAULT_CRASH_ASSET kills its
// worker thread, the asset named by FAULT_SLOW_ASSET blocks it for FAULT_SLOW_MS, the asset named by
// FAULT_OOM_ASSET fills the heap until the worker's memory limit ends it; every other task runs the real
// dispatcher. Batches keep the real progress protocol (workers/pool-dispatch.ts runBatch).
import { register } from 'tsx/esm/api'

register()
const dispatcher = await import('../../workers/pool-dispatch.ts')

function fault(task) {
  if (task.asset_uid === process.env.FAULT_CRASH_ASSET) process.exit(7)
  if (task.asset_uid === process.env.FAULT_SLOW_ASSET)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.FAULT_SLOW_MS ?? 500))
  if (task.asset_uid === process.env.FAULT_OOM_ASSET) {
    const hoard = []
    for (;;) hoard.push(Array.from({ length: 10_000 }, (_, i) => ({ i })))
  }
}

export function run(task) {
  fault(task)
  return dispatcher.run(task)
}

export function runBatch({ tasks, progress }) {
  const slot = progress ? new Int32Array(progress) : null
  return tasks.map((task, i) => {
    if (slot) Atomics.store(slot, 0, i + 1)
    fault(task)
    return dispatcher.replyTo(task)
  })
}
