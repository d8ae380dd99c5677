/**
 * The worker's pricing caches: their bounds, set from the pool's workerData at start, and their counters,
 * broadcast to the main thread (at most twice a second, after a task) for /metrics.
 */
import { BroadcastChannel, isMainThread, threadId, workerData } from 'node:worker_threads'
import type { CacheStats } from './bounded-cache.ts'
import { builtCurves, fixingHistories } from './market.ts'
import { floaterPlans, instruments } from './valuation.ts'

export const CACHE_STATS_CHANNEL = 'pricing-worker-caches'

export interface WorkerCacheLimits {
  instruments: number
  /** estimated MB of rebuilt instruments (valuation.ts instrumentBytes) */
  instrumentsMb: number
  curves: number
}

export interface WorkerCacheReport {
  threadId: number
  caches: { instruments: CacheStats; plans: CacheStats; curves: CacheStats; fixings: CacheStats }
}

const limits = (workerData as { cacheLimits?: WorkerCacheLimits } | null)?.cacheLimits
if (limits) {
  instruments.resize(limits.instruments, limits.instrumentsMb * 1048576)
  // a plan is mostly its instrument's coupons: as many as instruments, within half their MB (both bounds count them)
  floaterPlans.resize(limits.instruments, limits.instrumentsMb * 524288)
  builtCurves.resize(limits.curves)
}

let channel: BroadcastChannel | null = null
let lastReport = 0

export function reportCaches(): void {
  if (isMainThread) return
  const now = Date.now()
  if (now - lastReport < 500) return
  lastReport = now
  if (!channel) {
    channel = new BroadcastChannel(CACHE_STATS_CHANNEL)
    channel.unref()
  }
  const report: WorkerCacheReport = { threadId, caches: { instruments: instruments.stats(), plans: floaterPlans.stats(), curves: builtCurves.stats(), fixings: fixingHistories.stats() } }
  channel.postMessage(report)
}
