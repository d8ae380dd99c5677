/**
 * A bound on how long a query may wait for a connection. While PostgreSQL is unreachable, postgres.js queues the
 * queries of its pool and serves one per connection attempt (with a growing backoff), so the last of a queue
 * could wait minutes. With a deadline, a query still unsent after `ms` is cancelled (taken off the queue; nothing
 * reached the server) and fails with DB_QUEUE_TIMEOUT, a 503 (details below, in arm()). Once sent, a query is bounded
 * by the server's statement_timeout and by the socket watchdog instead (watchdog.ts).
 *
 * postgres.js has no such option; its query objects do (`cancel()`, `state` set once handed to a connection) and
 * every query of one pool carries that pool's handler, so the hook is installed once on the query class and
 * applies only to queries of pools that asked for it.
 */
import type { Sql } from './client.ts'

/** The parts of a postgres.js query object this hook relies on (postgres/src/query.js). */
interface QueryInternals {
  handler: object
  state: object | null
  executed: boolean
  cancelled: unknown
  strings: readonly string[]
  args: unknown[]
  tagged: boolean
  options: object
  reject: (error: unknown) => void
  resolve: (value: unknown) => void
  cancel(): unknown
  handle(): Promise<void>
}

const NOTHING = Object.assign(['select 1'], { raw: ['select 1'] })

export class QueueTimeoutError extends Error {
  override readonly name = 'QueueTimeoutError'
  readonly code = 'DB_QUEUE_TIMEOUT'
}

const deadlines = new WeakMap<object, number>()
let installed = false

function install(proto: QueryInternals): boolean {
  if (installed) return true
  if (typeof proto.handle !== 'function' || typeof proto.cancel !== 'function') return false
  const handle = proto.handle
  proto.handle = function (this: QueryInternals) {
    const ms = this.executed ? undefined : deadlines.get(this.handler)
    if (ms !== undefined) arm(this, ms)
    return handle.call(this)
  }
  installed = true
  return true
}

function arm(query: QueryInternals, ms: number): void {
  const { resolve, reject } = query
  const timer = setTimeout(() => {
    // handed to a connection: the server's statement_timeout and the watchdog bound it from here
    if (query.state) return
    query.reject = () => reject(new QueueTimeoutError(`no database connection within ${ms} ms`))
    // off the pool's queue, or, when a connection being opened holds it as its first query, left there (a
    // cancelled first query would leave that connection parked) but turned into a no-op: the caller was told it
    // failed, so it must not run
    query.cancel()
    query.cancelled = null
    Object.assign(query, { strings: NOTHING, args: [], tagged: true, options: {} })
  }, ms)
  timer.unref()
  query.resolve = (value) => (clearTimeout(timer), resolve(value))
  query.reject = (error) => (clearTimeout(timer), reject(error))
}

/** Bounds the connection wait of every query of `sql`; false when postgres.js no longer offers the hooks. */
export function boundQueueWait(sql: Sql, ms: number): boolean {
  // a fragment is never executed: it only lends us the query class and this pool's handler
  const probe = sql`select 1` as unknown as QueryInternals
  if (!install(Object.getPrototypeOf(probe) as QueryInternals)) return false
  deadlines.set(probe.handler, ms)
  return true
}
