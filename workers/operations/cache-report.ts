/**
 * The worker's pricing caches: their bounds, set from the pool's workerData at start, and their counters,
 * broadcast to the main thread (at most twice a second, after a task) for /metrics.
 */
import { BroadcastChannel, isMainThread, threadId, workerData } from 'node:worker_threads'
import type { CacheStats } from '../../src/caches/bounded-cache.ts'
import { builtCurves, fixingHistories } from './market.ts'
import { floaterPlans, instruments } from './valuation.ts'
import { callableTrees } from './callable.ts'
import { resultSerializers } from '../result-json.ts'
import { scenarioCurves } from './scenarios.ts'

export const CACHE_STATS_CHANNEL = 'pricing-worker-caches'

/** The caches of a pricing worker, as /metrics names them (worker_<name>): see src/caches/inventory.ts. */
export const WORKER_CACHES = [
  'instruments',
  'floater_plans',
  'curves',
  'fixings',
  'callable_trees',
  'result_serializers',
  'scenario_curves',
] as const
export type WorkerCacheName = (typeof WORKER_CACHES)[number]

export interface WorkerCacheLimits {
  instruments: number
  /** estimated MB of rebuilt instruments (valuation.ts instrumentBytes) */
  instrumentsMb: number
  curves: number
  /** fitted Hull-White trees of callables (callable.ts), in count and estimated MB */
  trees: number
  treesMb: number
}

export interface WorkerCacheReport {
  threadId: number
  caches: Record<WorkerCacheName, CacheStats>
}

const limits = (workerData as { cacheLimits?: WorkerCacheLimits } | null)?.cacheLimits
if (limits) {
  instruments.resize(limits.instruments, limits.instrumentsMb * 1048576)
  // a plan is mostly its instrument's coupons: as many as instruments, within half their MB (both bounds count them)
  floaterPlans.resize(limits.instruments, limits.instrumentsMb * 524288)
  builtCurves.resize(limits.curves)
  if (limits.trees !== undefined) callableTrees.resize(limits.trees, limits.treesMb * 1048576)
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
  const caches: Record<WorkerCacheName, CacheStats> = {
    instruments: instruments.stats(),
    floater_plans: floaterPlans.stats(),
    curves: builtCurves.stats(),
    fixings: fixingHistories.stats(),
    callable_trees: callableTrees.stats(),
    result_serializers: resultSerializers.stats(),
    scenario_curves: scenarioCurves.stats(),
  }
  const report: WorkerCacheReport = { threadId, caches }
  channel.postMessage(report)
}
