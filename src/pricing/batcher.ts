/**
 * Batches pricing tasks into few pool messages, with a time limit per request. Posting one task to a worker
 * (clone, Atomics wake-up, the reply's round trip) costs the main thread more than pricing a bond costs the
 * worker, so the tasks that arrive in the same event-loop turn travel together: one message per worker per turn.
 *
 * Isolation: the worker writes which task of its batch it is running into shared memory (`progress`). A task
 * that runs longer than the limit fails alone (TaskTimeout: its worker is terminated and replaced); a thread
 * that dies fails only the task it was running (WorkerDied); the other tasks of the batch, finished but
 * unreported or never started, are priced again. Heavy tasks (src/pricing/cost.ts) never join a batch and
 * run on their own lane, so cheap requests neither wait behind them nor share their fate.
 */
import type { Piscina } from 'piscina'

interface Pending {
  task: unknown
  resolve: (reply: unknown) => void
  reject: (error: unknown) => void
  /** how many times a neighbour's failure sent this task back */
  retries: number
}

/** One message in flight: its tasks, the worker's progress slot and what the sweep saw of it. */
interface Flight {
  batch: Pending[]
  progress: Int32Array
  controller: AbortController
  sentAt: number
  /** the progress value last seen, and since when */
  seen: number
  seenAt: number
  expired: 'running' | 'queued' | null
}

/** The request ran over the time limit; its worker was terminated. */
export class TaskTimeout extends Error {
  override readonly name = 'TaskTimeout'
  constructor(readonly limitMs: number) {
    super(`pricing ran over ${limitMs} ms`)
  }
}

/** The request waited longer than its bound for a thread (every thread busy, or starting). */
export class PoolBusy extends Error {
  override readonly name = 'PoolBusy'
  constructor(readonly limitMs: number) {
    super(`pricing not started within ${limitMs} ms`)
  }
}

/** The thread died while running this request (a crash, or its memory limit). */
export class WorkerDied extends Error {
  override readonly name = 'WorkerDied'
  readonly outOfMemory: boolean
  constructor(cause: unknown) {
    super(`pricing worker failed: ${(cause as Error | undefined)?.message ?? String(cause)}`, { cause })
    this.outOfMemory = (cause as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
  }
}

/** Piscina's refusals of a task it never ran (an AbortError carries the reason as its cause). */
export function refusedBeforeRun(error: unknown): boolean {
  const e = error as { message?: unknown; cause?: unknown } | undefined
  return /queue is at limit|pool is closed|queue is being terminated/i.test(`${String(e?.message ?? '')} ${String((e?.cause as Error | undefined)?.message ?? e?.cause ?? '')}`)
}

/** A task sent back by a neighbour's failure is priced again at most this many times. */
const MAX_RETRIES = 2

/** What happened to a request whose message failed (counted in /metrics). */
export type IsolationOutcome = 'timeout' | 'out_of_memory' | 'crashed' | 'not_started' | 'repriced'

export interface Lanes {
  /** batched cheap tasks */
  main: Piscina
  /** heavy tasks, one per message; null: they go to the main pool, still one per message */
  heavy: Piscina | null
}

export class TaskBatcher {
  private queue: Pending[] = []
  private scheduled = false
  private readonly flights = new Set<Flight>()
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly lanes: Lanes,
    private readonly threads: number,
    private readonly timeoutMs: () => number,
    private readonly queueTimeoutMs: () => number,
    private readonly isHeavy: (task: unknown) => boolean = () => false,
    private readonly observe: (outcome: IsolationOutcome) => void = () => {},
    private readonly maxBatch = 64,
    private readonly resolutionMs = 20,
  ) {}

  run(task: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => this.enqueue({ task, resolve, reject, retries: 0 }))
  }

  private enqueue(pending: Pending): void {
    if (this.isHeavy(pending.task)) {
      this.send(this.lanes.heavy ?? this.lanes.main, [pending])
      return
    }
    this.queue.push(pending)
    if (!this.scheduled) {
      this.scheduled = true
      // after this turn's I/O callbacks: every request parsed in this turn joins the batch
      setImmediate(() => this.flush())
    }
  }

  private flush(): void {
    this.scheduled = false
    const queue = this.queue
    this.queue = []
    // spread a turn's tasks over the threads, in chunks of at most maxBatch
    const chunks = Math.max(Math.min(this.threads, queue.length), Math.ceil(queue.length / this.maxBatch))
    const size = Math.ceil(queue.length / chunks)
    for (let i = 0; i < queue.length; i += size) this.send(this.lanes.main, queue.slice(i, i + size))
  }

  private send(pool: Piscina, batch: Pending[]): void {
    const progress = new SharedArrayBuffer(4)
    const now = Date.now()
    const flight: Flight = { batch, progress: new Int32Array(progress), controller: new AbortController(), sentAt: now, seen: 0, seenAt: now, expired: null }
    this.flights.add(flight)
    this.watch()
    const message = { tasks: batch.map((p) => p.task), progress }
    ;(pool.run(message, { name: 'runBatch', signal: flight.controller.signal }) as Promise<unknown[]>).then(
      (replies) => {
        this.flights.delete(flight)
        batch.forEach((p, i) => p.resolve(replies[i]))
      },
      (error: unknown) => {
        this.flights.delete(flight)
        this.failed(flight, error)
      },
    )
  }

  /** Only the task that was running fails; the rest of the batch is priced again. */
  private failed(flight: Flight, error: unknown): void {
    if (flight.expired === 'queued') {
      for (const p of flight.batch) {
        this.observe('not_started')
        p.reject(new PoolBusy(this.queueTimeoutMs()))
      }
      return
    }
    const limit = this.timeoutMs()
    // refused before it ran (queue full, pool closing): nothing to isolate
    if (refusedBeforeRun(error)) {
      for (const p of flight.batch) p.reject(error)
      return
    }
    // a thread terminated for another message's overrun (or its idle time) ran nothing wrong: all go again
    const collateral = flight.expired === null && /terminating worker thread/i.test((error as Error | undefined)?.message ?? '')
    const running = collateral ? -1 : Atomics.load(flight.progress, 0) - 1
    flight.batch.forEach((p, i) => {
      if (i === running || p.retries >= MAX_RETRIES) {
        const failure = i === running && flight.expired === 'running' ? new TaskTimeout(limit) : new WorkerDied(error)
        this.observe(failure instanceof TaskTimeout ? 'timeout' : failure.outOfMemory ? 'out_of_memory' : 'crashed')
        p.reject(failure)
      } else {
        this.observe('repriced')
        this.enqueue({ ...p, retries: p.retries + 1 })
      }
    })
  }

  /** One interval for every flight (a timer per request would cost the hot path); unref'd. */
  private watch(): void {
    if (this.timer) return
    this.timer = setInterval(() => this.sweep(), this.resolutionMs)
    this.timer.unref()
  }

  private sweep(): void {
    const now = Date.now()
    const limit = this.timeoutMs()
    const wait = this.queueTimeoutMs()
    for (const f of this.flights) {
      if (f.expired) continue
      const seen = Atomics.load(f.progress, 0)
      if (seen !== f.seen) {
        f.seen = seen
        f.seenAt = now
      }
      if (seen === 0 && now - f.sentAt > wait) {
        f.expired = 'queued'
        f.controller.abort(new Error('not started in time'))
      } else if (seen > 0 && now - f.seenAt > limit) {
        // Piscina terminates the worker running an aborted task and starts another
        f.expired = 'running'
        f.controller.abort(new Error('time limit'))
      }
    }
    if (this.flights.size === 0 && this.timer) {
      clearInterval(this.timer)
      this.timer = null
    }
  }
}
