/**
 * With PRICER_HEAVY_IDLE (workerData.idle), the heavy lane's threads run under Linux's SCHED_IDLE policy besides
 * nice 19: a SCHED_IDLE thread is preempted as soon as a normal thread wakes on its core, where EEVDF lets a
 * nice-19 thread finish its slice first. Not the default: measured with the load client in another session (its
 * own autogroup), SCHED_IDLE gave the cheap requests a worse p99 than nice 19 alone (bench/README.md, "Pricing
 * isolation", runs F-H), likely because an idle-policy thread carries almost no load weight, so the server's
 * group entity on that core weighs little against other sessions' whenever a normal server thread runs there.
 * Node has no binding for sched_setscheduler, so util-linux's `chrt` sets it on this thread (its id from
 * /proc/thread-self); lowering a thread's own policy needs no privilege. Where that fails the lane keeps nice 19.
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

/** Puts the calling thread under SCHED_IDLE; true when it took effect. */
export function runWhenIdle(): boolean {
  const tid = threadTid()
  if (!tid) return false
  try {
    execFileSync('chrt', ['--idle', '-p', '0', tid], { stdio: 'ignore', timeout: 10_000 })
    return true
  } catch {
    return false
  }
}

export const idleScheduled = !isMainThread && (workerData as { idle?: boolean } | null)?.idle === true ? runWhenIdle() : false
