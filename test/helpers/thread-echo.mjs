// A pool entry for batcher tests: answers each task of a batch with the id of the thread that ran it.
import { threadId } from 'node:worker_threads'

export function runBatch({ tasks, progress }) {
  const slot = progress ? new Int32Array(progress) : null
  return tasks.map((task, i) => {
    if (slot) Atomics.store(slot, 0, i + 1)
    return { thread: threadId, key: task.instrument_key }
  })
}
