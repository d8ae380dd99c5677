// A pricing-pool entry that injects faults for the tests: the asset named by FAULT_CRASH_ASSET kills its
// worker thread, the asset named by FAULT_SLOW_ASSET blocks it for FAULT_SLOW_MS; every other task runs the
// real dispatcher.
import { register } from 'tsx/esm/api'

register()
const dispatcher = await import('../../workers/pool-dispatch.ts')

export function run(task) {
  if (task.asset_uid === process.env.FAULT_CRASH_ASSET) process.exit(7)
  if (task.asset_uid === process.env.FAULT_SLOW_ASSET) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.FAULT_SLOW_MS ?? 500))
  return dispatcher.run(task)
}

export function runBatch(tasks) {
  return tasks.map(run)
}
