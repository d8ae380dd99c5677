/**
 * Batches pricing tasks into few pool messages, with a time limit per request. Posting one task to a worker
 * (clone, Atomics wake-up, the reply's round trip) costs the main thread more than pricing a bond costs the
 * worker, so the tasks that arrive in the same event-loop turn travel together: one message per worker per turn.
 *
 * Affinity: each rebuilt instrument is cached in the worker that built it, so a task goes to the thread its
 * instrument key hashes to (its shard): the book is built once and each worker caches its share, instead of every
 * worker rebuilding (and holding) every bond. A shard has one message in flight at a time; its tasks wait in its
 * own queue meanwhile, and leave together. Two rules keep the threads busy: a turn whose tasks crowd one shard
 * (one asset requested many times) spreads the excess over the others, and a shard with nothing to do takes half
 * of the largest waiting queue (a rebuild there costs less than an idle thread).
 *
 * Isolation: the worker writes which task of its batch it is running into shared memory (`progress`). A task
 * that runs longer than the limit fails alone (TaskTimeout: its worker is terminated and replaced); a thread
 * that dies fails only the task it was running (WorkerDied); the other tasks of the batch, finished but
 * unreported or never started, are priced again. Heavy tasks (src/pricing/cost.ts) never join a batch and
 * run on their own lane, so cheap requests neither wait behind them nor share their fate.
 */
import { Piscina, type PiscinaTask } from 'piscina'

/** Piscina's `loadBalancer` option (its type is not exported by name). */
type LoadBalancer = NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer'] & {}
type PoolWorker = Parameters<LoadBalancer>[1][number]

interface Pending {
  task: unknown
  resolve: (reply: unknown) => void
  reject: (error: unknown) => void
  /** how many times a neighbour's failure sent this task back */
  retries: number
  /** when it started waiting for a thread (Date.now()) */
  since?: number
  /** the shard its instrument key hashes to (-1: none) */
  home?: number
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
  return /queue is at limit|pool is closed|queue is being terminated/i.test(
    `${String(e?.message ?? '')} ${String((e?.cause as Error | undefined)?.message ?? e?.cause ?? '')}`,
  )
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

/** The shard of an instrument key: a hash of its first characters (the content key's). */
export function shardOf(key: string, shards: number): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length && i < 24; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  return (h >>> 0) % shards
}

/**
 * The thread of a shard: shard s belongs to the thread in slot s % slots, and a thread keeps its slot for life (a
 * replacement takes the slot its predecessor left). Piscina lists its threads in the order they became ready,
 * which can change while they run: indexing that list moved shards between threads, so both threads rebuilt
 * and cached the same instruments.
 */
function threadOfShard(
  slots: (number | undefined)[],
  threads: number,
  workers: readonly PoolWorker[],
  shard: number,
): PoolWorker {
  const live = new Set(workers.map((w) => w.id))
  for (let i = 0; i < slots.length; i++) if (slots[i] !== undefined && !live.has(slots[i]!)) slots[i] = undefined
  for (const w of workers) {
    if (slots.includes(w.id)) continue
    const hole = slots.indexOf(undefined)
    if (hole >= 0) slots[hole] = w.id
    // a thread started while the one it replaces is still listed waits for that slot
    else if (slots.length < threads) slots.push(w.id)
  }
  const id = slots[shard % threads]
  return workers.find((w) => w.id === id) ?? workers[shard % workers.length]
}

/**
 * Routes a message to the thread of its shard (`queueOptionsSymbol`) among `threads`, only when that thread is free.
 */
export function shardBalancer(threads: number): LoadBalancer {
  const slots: (number | undefined)[] = []
  return (task: PiscinaTask, workers: PoolWorker[]) => {
    const options = (task as unknown as Record<symbol, { shard?: number } | null>)[Piscina.queueOptionsSymbol]
    const free = workers.filter((w) => w.currentUsage === 0 && !w.terminating && !w.destroyed)
    const shard = options?.shard
    if (shard === undefined || workers.length === 0) return free[0] ?? null
    const preferred = threadOfShard(slots, threads, workers, shard)
    return free.includes(preferred) ? preferred : null
  }
}

/** What a TaskBatcher is built with (the defaults are those of the service). */
export interface TaskBatcherOptions {
  /** the pools tasks run on: batched cheap tasks, and heavy ones alone */
  lanes: Lanes
  /** the main lane's threads: one shard each */
  threads: number
  /** a message's time limit per running task (ms), read by every sweep */
  timeoutMs: () => number
  /** how long a task may wait for a thread (ms), read by every sweep */
  queueTimeoutMs: () => number
  /** whether a task runs alone on the heavy lane (src/pricing/cost.ts); default: none is */
  isHeavy?: (task: unknown) => boolean
  /** counts what happened to each request of a failed message (/metrics); default: nothing */
  observe?: (outcome: IsolationOutcome) => void
  /** the most tasks one message carries (default 64) */
  maxBatch?: number
  /** how often the sweep checks the time limits (ms, default 20) */
  resolutionMs?: number
  /**
   * An idle thread takes half of a busy shard's waiting tasks only when more than this many wait (default:
   * maxBatch): a task priced away from home rebuilds its instrument (30-100 µs against 10-20 µs cached), so taking a
   * short backlog, which its own thread serves within a message or two, spent CPU that the threads (and the main
   * thread) share. Taking every backlog of 2 or more made 2,000-2,600 guests of a 50,000-bond pass (50-300 now), and
   * the server's CPU per distinct request 6-13 µs higher (bench/README.md, "Guests only behind a long backlog").
   */
  stealAbove?: number
}

export class TaskBatcher {
  private queue: Pending[] = []
  private scheduled = false
  private readonly flights = new Set<Flight>()
  private timer: NodeJS.Timeout | null = null
  /** tasks waiting for their shard's thread, and whether a message of that shard is in flight */
  private readonly waiting: Pending[][]
  private readonly busy: boolean[]
  /**
   * tasks sent away from their instrument's home thread so far (rebuilt there, not cached: /metrics
   * pricing_guest_tasks_total)
   */
  guests = 0
  private readonly lanes: Lanes
  private readonly threads: number
  private readonly timeoutMs: () => number
  private readonly queueTimeoutMs: () => number
  private readonly isHeavy: (task: unknown) => boolean
  private readonly observe: (outcome: IsolationOutcome) => void
  private readonly maxBatch: number
  private readonly resolutionMs: number
  /** see TaskBatcherOptions.stealAbove */
  private readonly stealAbove: number

  constructor(options: TaskBatcherOptions) {
    this.lanes = options.lanes
    this.threads = options.threads
    this.timeoutMs = options.timeoutMs
    this.queueTimeoutMs = options.queueTimeoutMs
    this.isHeavy = options.isHeavy ?? (() => false)
    this.observe = options.observe ?? (() => {})
    this.maxBatch = options.maxBatch ?? 64
    this.resolutionMs = options.resolutionMs ?? 20
    this.stealAbove = options.stealAbove ?? this.maxBatch
    this.waiting = Array.from({ length: this.threads }, () => [])
    this.busy = Array.from({ length: this.threads }, () => false)
  }

  run(task: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => this.enqueue({ task, resolve, reject, retries: 0 }))
  }

  private enqueue(pending: Pending): void {
    if (this.isHeavy(pending.task)) {
      this.send(this.lanes.heavy ?? this.lanes.main, [pending], null)
      return
    }
    pending.since = Date.now()
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
    const shards = this.threads
    const waiting = this.waiting
    // a shard takes at most its fair share of the turn (plus slack); the excess goes to the emptiest shard
    // a key seen again in the same turn (one asset requested many times) goes where there is room: its shard
    // already builds it, and one instrument cached twice costs nothing
    const total = queue.length + waiting.reduce((n, w) => n + w.length, 0)
    const cap = Math.ceil(total / shards) + Math.ceil(total / shards / 2) + 2
    const seen = new Set<unknown>()
    for (const p of queue) {
      const key = (p.task as { instrument_key?: unknown } | null)?.instrument_key
      // a repeat has no home: wherever it runs, it may cache its instrument (so may a task without a key)
      p.home = typeof key !== 'string' || seen.has(key) ? -1 : shardOf(key, shards)
      let s = p.home
      seen.add(key)
      if (s < 0 || waiting[s].length >= cap) s = this.emptiest()
      waiting[s].push(p)
    }
    for (let s = 0; s < shards; s++) this.dispatch(s)
  }

  private emptiest(): number {
    let best = 0
    for (let s = 1; s < this.threads; s++) {
      if (this.waiting[s].length + (this.busy[s] ? 1 : 0) < this.waiting[best].length + (this.busy[best] ? 1 : 0))
        best = s
    }
    return best
  }

  /**
   * Sends the shard's waiting tasks if its thread is free; an idle shard with nothing waiting helps the busiest, if its
   * backlog is long (stealAbove).
   */
  private dispatch(shard: number): void {
    if (this.busy[shard]) return
    let own = this.waiting[shard]
    if (own.length === 0) {
      let donor = -1
      for (let s = 0; s < this.threads; s++)
        if (
          s !== shard &&
          this.waiting[s].length > this.stealAbove &&
          (donor < 0 || this.waiting[s].length > this.waiting[donor].length)
        )
          donor = s
      if (donor < 0 || !this.busy[donor]) return
      const from = this.waiting[donor]
      own = from.splice(from.length - Math.floor(from.length / 2))
    }
    const batch = own.splice(0, this.maxBatch)
    if (own !== this.waiting[shard]) this.waiting[shard].push(...own)
    // priced away from home: the thread reads its instrument cache but does not fill it, so each instrument is
    // cached once (in its home thread) and the caches stop growing once the book has been priced
    for (const p of batch) {
      const guest = p.home !== undefined && p.home >= 0 && p.home !== shard
      ;(p.task as { guest?: boolean }).guest = guest
      if (guest) this.guests++
    }
    this.busy[shard] = true
    this.send(this.lanes.main, batch, shard)
  }

  private send(pool: Piscina, batch: Pending[], shard: number | null): void {
    const progress = new SharedArrayBuffer(4)
    const now = Date.now()
    const flight: Flight = {
      batch,
      progress: new Int32Array(progress),
      controller: new AbortController(),
      sentAt: now,
      seen: 0,
      seenAt: now,
      expired: null,
    }
    this.flights.add(flight)
    this.watch()
    const message = {
      tasks: batch.map((p) => p.task),
      progress,
      ...(shard === null ? {} : { [Piscina.queueOptionsSymbol]: { shard } }),
    }
    const settled = () => {
      this.flights.delete(flight)
      if (shard === null) return
      this.busy[shard] = false
      this.dispatch(shard)
      // a freed thread may help a shard whose queue grew meanwhile
      for (let s = 0; s < this.threads; s++) if (s !== shard) this.dispatch(s)
    }
    ;(pool.run(message, { name: 'runBatch', signal: flight.controller.signal }) as Promise<unknown[]>).then(
      (replies) => {
        settled()
        batch.forEach((p, i) => p.resolve(replies[i]))
      },
      (error: unknown) => {
        settled()
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
    const collateral =
      flight.expired === null && /terminating worker thread/i.test((error as Error | undefined)?.message ?? '')
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
    // tasks still waiting for their shard's thread: the same bound as a message Piscina has not started
    for (const queue of this.waiting) {
      for (let i = queue.length - 1; i >= 0; i--) {
        const p = queue[i]
        if (now - (p.since ?? now) > wait) {
          queue.splice(i, 1)
          this.observe('not_started')
          p.reject(new PoolBusy(wait))
        }
      }
    }
    if (this.flights.size === 0 && this.waiting.every((q) => q.length === 0) && this.timer) {
      clearInterval(this.timer)
      this.timer = null
    }
  }
}
