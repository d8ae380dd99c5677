/**
 * Batches pricing tasks into few pool messages. Posting one task to a worker (clone, Atomics wake-up, the
 * reply's round trip) costs the main thread more than pricing a bond costs the worker, so the tasks that
 * arrive in the same event-loop turn travel together: one message per worker per turn. A batch shares one
 * time limit; if its worker crashes or overruns, each request of that batch fails on its own with a 500.
 */
import type { Piscina } from 'piscina'
import { Deadlines } from './deadlines.ts'

interface Pending {
  task: unknown
  resolve: (reply: unknown) => void
  reject: (error: unknown) => void
}

export class BatchTimeout extends Error {
  override readonly name = 'BatchTimeout'
}

export class TaskBatcher {
  private queue: Pending[] = []
  private scheduled = false
  private readonly deadlines = new Deadlines()

  constructor(
    private readonly pool: Piscina,
    private readonly threads: number,
    private readonly timeoutMs: () => number,
    private readonly maxBatch = 64,
  ) {}

  run(task: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject })
      if (!this.scheduled) {
        this.scheduled = true
        // after this turn's I/O callbacks: every request parsed in this turn joins the batch
        setImmediate(() => this.flush())
      }
    })
  }

  private flush(): void {
    this.scheduled = false
    const queue = this.queue
    this.queue = []
    // spread a turn's tasks over the threads, in chunks of at most maxBatch
    const chunks = Math.max(Math.min(this.threads, queue.length), Math.ceil(queue.length / this.maxBatch))
    const size = Math.ceil(queue.length / chunks)
    for (let i = 0; i < queue.length; i += size) this.send(queue.slice(i, i + size))
  }

  private send(batch: Pending[]): void {
    const deadline = this.deadlines.start(this.timeoutMs())
    const run = batch.length === 1 ? this.pool.run(batch[0].task, { name: 'run', signal: deadline.signal }).then((r) => [r]) : this.pool.run(batch.map((p) => p.task), { name: 'runBatch', signal: deadline.signal })
    ;(run as Promise<unknown[]>).then(
      (replies) => {
        deadline.done()
        batch.forEach((p, i) => p.resolve(replies[i]))
      },
      (error: unknown) => {
        deadline.done()
        const failure = deadline.signal.aborted ? new BatchTimeout(`pricing batch exceeded ${this.timeoutMs()} ms`) : error
        for (const p of batch) p.reject(failure)
      },
    )
  }
}
