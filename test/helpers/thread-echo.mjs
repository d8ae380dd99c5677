// A pool entry for batcher tests: answers each task of a batch with the id of the thread that ran it (after
// `sleep_ms` when the task asks).
import { threadId } from 'node:worker_threads'

export function runBatch({ tasks, progress }) {
  const slot = progress ? new Int32Array(progress) : null
  return tasks.map((task, i) => {
    if (slot) Atomics.store(slot, 0, i + 1)
    // `sleep_ms`: hold the thread, as a long pricing would
    if (task.sleep_ms) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, task.sleep_ms)
    return { thread: threadId, key: task.instrument_key }
  })
}
