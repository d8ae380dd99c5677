/**
 * The heavy lane's threads run under Linux's SCHED_IDLE policy when the pool asks for it (workerData.idle).
 * nice 19 alone was not enough on a quiet host: the kernel's EEVDF scheduler lets a running task finish its slice
 * (a few ms) before a woken one takes the core, whatever their nice values, so every cheap request that woke
 * beside a busy heavy thread waited up to a slice (cheap p99 2.6x idle, bench/README.md "Pricing isolation").
 * A SCHED_IDLE task is preempted as soon as any normal task wakes on its core. Node has no binding for
 * sched_setscheduler, so util-linux's `chrt` sets it on this thread (its id from /proc/thread-self); lowering a
 * thread's own policy needs no privilege. Where that fails (no chrt, not Linux) the lane keeps nice 19.
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
