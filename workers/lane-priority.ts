/**
 * With PRICER_HEAVY_IDLE (workerData.idle), the heavy lane's threads run under Linux's SCHED_IDLE policy besides
 * nice 19: a SCHED_IDLE thread is preempted as soon as a normal thread wakes on its core, where EEVDF lets a
 * nice-19 thread finish its slice first. Not the default: measured with the load client in another session (its
 * own autogroup), SCHED_IDLE gave the cheap requests a worse p99 than nice 19 alone (bench/README.md, "Pricing
 * isolation", runs F-H), likely because an idle-policy thread carries almost no load weight, so the server's
 * group entity on that core weighs little against other sessions' whenever a normal server thread runs there.
 * Node has no binding for sched_setscheduler, so util-linux's `chrt` sets it on this thread (its id from
 * /proc/thread-self); lowering a thread's own policy needs no privilege. Where that fails the lane keeps nice 19.
 *
 * With PRICER_BATCH_SCHEDULING (workerData.batch, the default), the main pool's threads run under SCHED_BATCH: the
 * same CPU share as a normal thread, but a batch thread that wakes never preempts the thread running on its core
 * (Linux applies wakeup preemption to SCHED_NORMAL threads only). The main thread wakes a pricing thread with every
 * message it posts; when the other core was busy (the other pricing thread, the clients), the woken thread took the
 * main thread's core at once, and the main thread waited in the middle of its event-loop turn. A CPU profile of
 * distinct z-spread requests put 23.7 µs per request (wall) in Piscina's postTask, against 5.3 for one asset repeated,
 * whose threads are mostly idle; with SCHED_BATCH, 5.3 against 3.8 (bench/README.md, "Results serialized where they
 * are priced; pricing threads that do not preempt").
 */
import { execFileSync } from 'node:child_process'
import { readlinkSync } from 'node:fs'
import { isMainThread, workerData } from 'node:worker_threads'

/** The id of the calling thread (Linux), or null elsewhere. */
function threadTid(): string | null {
  try {
    return readlinkSync('/proc/thread-self').split('/').pop() ?? null
  } catch {
    return null
  }
}

/**
 * Puts the calling thread under a non-realtime policy of Linux (`chrt --idle` or `--batch`); true when it took effect.
 */
function schedule(policy: 'idle' | 'batch'): boolean {
  const tid = threadTid()
  if (!tid) return false
  try {
    execFileSync('chrt', [`--${policy}`, '-p', '0', tid], { stdio: 'ignore', timeout: 10_000 })
    return true
  } catch {
    return false
  }
}

/** Puts the calling thread under SCHED_IDLE; true when it took effect. */
export const runWhenIdle = (): boolean => schedule('idle')

const data = isMainThread ? null : (workerData as { idle?: boolean; batch?: boolean } | null)
export const idleScheduled = data?.idle === true ? runWhenIdle() : false
/** SCHED_BATCH (workerData.batch): see PRICER_BATCH_SCHEDULING in src/config.ts */
export const batchScheduled = data?.batch === true && !idleScheduled ? schedule('batch') : false
