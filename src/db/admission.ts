/**
 * A bound on how long a query of a serving pool waits for a connection, from outside postgres.js. While PostgreSQL is
 * unreachable, postgres.js queues the queries its connections cannot take and serves one per connection attempt, so
 * the last of a long queue could wait minutes. Here a pool of `max` connections runs at most `max` queries and
 * transactions at once; the rest wait in our own queue, and one still waiting after `waitMs` fails with
 * DB_QUEUE_TIMEOUT (a 503) without ever reaching postgres.js: nothing of it can run later. A query that is let through
 * always finds a connection that is open or can be opened, so its wait is bounded by the connect timeout, and once
 * sent by the server's statement_timeout and the socket watchdog (watchdog.ts).
 *
 * Only public postgres.js API is used: a query runs when it is awaited (then, catch, finally), which is when it takes
 * its turn here; a query used as a fragment of another is never awaited and takes none. `begin` and `reserve` hold
 * a turn for as long as their connection. The queries of a transaction (`tx`) run on its connection and take none.
 */
import type { Sql } from './client.ts'

export class QueueTimeoutError extends Error {
  override readonly name = 'QueueTimeoutError'
  readonly code = 'DB_QUEUE_TIMEOUT'
}

/** At most `permits` holders at once; a waiter that gets no turn within `waitMs` is refused. */
export class Turns {
  private free: number
  private readonly waiting: (() => void)[] = []

  constructor(
    permits: number,
    private readonly waitMs: number,
  ) {
    this.free = permits
  }

  /** Waiters now (for tests and metrics). */
  get queued(): number {
    return this.waiting.length
  }

  take(): Promise<void> {
    if (this.free > 0) {
      this.free--
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(grant)
        if (at >= 0) this.waiting.splice(at, 1)
        reject(new QueueTimeoutError(`no database connection within ${this.waitMs} ms`))
      }, this.waitMs)
      this.waiting.push(grant)
    })
  }

  give(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.free++
  }

  /** Runs `work` in a turn: taken before it starts, given back when it settles. */
  async run<T>(work: () => PromiseLike<T>): Promise<T> {
    await this.take()
    try {
      return await work()
    } finally {
      this.give()
    }
  }
}

type Settle = (value: unknown) => unknown
type Query = Promise<unknown> & { cancel(): unknown }

const isQuery = (value: unknown): value is Query =>
  value instanceof Promise && typeof (value as Partial<Query>).cancel === 'function'

/** `sql` whose queries, transactions and reservations take turns (see above); everything else passes through. */
export function withAdmission(sql: Sql, max: number, waitMs: number): Sql {
  const turns = new Turns(max, waitMs)
  const runs = new WeakMap<Query, Promise<unknown>>()
  // the query itself starts only inside its turn (its own then), however often it is awaited
  const run = (query: Query) => {
    let running = runs.get(query)
    if (!running) runs.set(query, (running = turns.run(() => query)))
    return running
  }
  const admitted = (query: Query): Query =>
    new Proxy(query, {
      get(target, key) {
        if (key === 'then') return (ok?: Settle, fail?: Settle) => run(target).then(ok, fail)
        if (key === 'catch') return (fail?: Settle) => run(target).catch(fail)
        if (key === 'finally') return (done?: () => void) => run(target).finally(done)
        return Reflect.get(target, key, target) as unknown
      },
    })
  const passQuery =
    (fn: (...args: unknown[]) => unknown) =>
    (...args: unknown[]): unknown => {
      const result = fn(...args)
      return isQuery(result) ? admitted(result) : result
    }
  return new Proxy(sql, {
    apply(target, self, args: unknown[]) {
      const result: unknown = Reflect.apply(target, self, args)
      return isQuery(result) ? admitted(result) : result
    },
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target)
      if (typeof value !== 'function') return value
      const fn = value as (...args: unknown[]) => unknown
      if (key === 'unsafe' || key === 'file') return passQuery(fn)
      if (key === 'begin') return (...args: unknown[]) => turns.run(() => fn(...args) as Promise<unknown>)
      if (key === 'reserve')
        return async () => {
          await turns.take()
          try {
            const reserved = (await fn()) as { release(): void }
            const release = reserved.release.bind(reserved)
            let given = false
            reserved.release = () => {
              if (!given) turns.give()
              given = true
              release()
            }
            return reserved
          } catch (error) {
            turns.give()
            throw error
          }
        }
      return value
    },
  })
}
